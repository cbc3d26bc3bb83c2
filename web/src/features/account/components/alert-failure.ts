import { ko } from '../../../i18n/ko';
import { isNetworkFailure, serverMessageOf } from '../account-api';

/**
 * My page (docs/product/accounts.md#profile): a failed call alerts the server message, else 'unknown error'; no answer
 * at all: 'server error'.
 */
export function alertFailure(error: unknown): void {
  window.alert(isNetworkFailure(error) ? ko.account.myPage.serverError : serverMessageOf(error, ko.account.myPage.unknownError));
}
