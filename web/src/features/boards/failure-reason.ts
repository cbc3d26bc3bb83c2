import { ApiError } from '../../api/client';
import { communityKo } from '../../i18n/community';

/** What a failed call alerts after its action ("message or status"): the server's message, else the status. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) {
    // A network failure's message is the browser's own English text, never shown to the reader.
    if (error.status === 0) return communityKo.alerts.network;
    return error.message || communityKo.alerts.status(error.status);
  }
  return communityKo.alerts.network;
}
