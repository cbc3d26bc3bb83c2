import { clanPath, playerPath } from '../../lib/league-links.js';
import type { ReaderMark } from './mark-types.js';

/** The page a mark opens: the clan's or player's figures in the league the reader saw (the league context rule). */
export function markPath(mark: Pick<ReaderMark, 'kind' | 'target' | 'league'>): string {
  return mark.kind === 'clan' ? clanPath(mark.league, mark.target) : playerPath(mark.target, mark.league);
}
