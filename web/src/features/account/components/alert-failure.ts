import { accountKo } from '../../../i18n/account';
import { isNetworkFailure, serverMessageOf } from '../account-api';

/**
 * My page (docs/product/accounts.md#profile): a failed call alerts the server message, else 'unknown error'; no answer
 * at all: 'server error'.
 */
export function alertFailure(error: unknown): void {
  window.alert(isNetworkFailure(error) ? accountKo.myPage.serverError : serverMessageOf(error, accountKo.myPage.unknownError));
}
