/**
 * A match detail still recording (docs/product/clans.md#detail-retry-while-recording) is asked for again up to 5
 * times...
 */
export const DETAIL_RETRY_ATTEMPTS = 5;
/** ...each 2 s x the attempt number after the previous answer. */
export const DETAIL_RETRY_STEP_MS = 2000;

/**
 * The wait before asking again for a detail that is still recording, after `answers` answers so far
 * (docs/product/clans.md#detail-retry-while-recording): 2 s after the first, 4 s after the second ... 10 s after the
 * fifth; false once the 5 attempts are used up.
 */
export function detailRetryDelayMs(answers: number): number | false {
  if (answers < 1 || answers > DETAIL_RETRY_ATTEMPTS) return false;
  return DETAIL_RETRY_STEP_MS * answers;
}
