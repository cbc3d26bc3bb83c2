import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { StatusMessage } from '../../ui/stats';

const t = ko.stats.league;

/**
 * The league pages' failure line (docs/product/leagues.md#league-page-states): 'Error: {message}', the message
 * defaulting to 'fetch failed'.
 */
export function LeagueError({ error }: { error: unknown }) {
  const message = error instanceof ApiError && error.message ? error.message : t.errorDefault;
  return <StatusMessage kind="error">{t.error(message)}</StatusMessage>;
}

/** The league pages' empty line: no clan data, or no clan matches the filter. */
export function LeagueEmpty() {
  return <StatusMessage kind="empty">{t.empty}</StatusMessage>;
}
