import { ko } from '../../i18n/ko';

export interface ErrorKind {
  title: string;
  body: string;
  needsLogin: boolean;
}

/** What the error page says for a status: 401, 404, 500, 000 (no response) or anything else. */
export function describeErrorStatus(status: string): ErrorKind {
  switch (status) {
    case '401':
      return { title: ko.errorPage.unauthorizedTitle, body: ko.errorPage.unauthorizedBody, needsLogin: true };
    case '404':
      return { title: ko.errorPage.notFoundTitle, body: ko.errorPage.notFoundBody, needsLogin: false };
    case '500':
      return { title: ko.errorPage.serverTitle, body: ko.errorPage.serverBody, needsLogin: false };
    case '000':
      return { title: ko.errorPage.networkTitle, body: ko.errorPage.networkBody, needsLogin: false };
    default:
      return { title: ko.errorPage.otherTitle, body: ko.errorPage.otherBody, needsLogin: false };
  }
}
