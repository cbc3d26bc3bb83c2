import { NICKNAME_CHANGE_DAYS } from './nickname-rules.js';

const DAY_MS = 86_400_000;

/** When a nickname changed at `changedAt` may change again; null when it never changed (sign-up does not count). */
export function nextNicknameChangeAt(changedAt: Date | null): Date | null {
  return changedAt ? new Date(changedAt.getTime() + NICKNAME_CHANGE_DAYS * DAY_MS) : null;
}

/** The latest change time that still allows a change at `now`. */
export function latestChangeAllowingNow(now: Date): Date {
  return new Date(now.getTime() - NICKNAME_CHANGE_DAYS * DAY_MS);
}
