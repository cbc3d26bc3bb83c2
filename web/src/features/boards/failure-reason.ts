import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';

/** What a failed call alerts after its action ("message or status"): the server's message, else the status. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) {
    // A network failure's message is the browser's own English text, never shown to the reader.
    if (error.status === 0) return ko.community.alerts.network;
    return error.message || ko.community.alerts.status(error.status);
  }
  return ko.community.alerts.network;
}
