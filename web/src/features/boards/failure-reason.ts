import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';

/** What a failed call alerts after its action (§8 "message or status"): the server's message, else the status. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    return error.status === 0 ? ko.community.alerts.network : ko.community.alerts.status(error.status);
  }
  return ko.community.alerts.network;
}
