import { ko } from '../../i18n/ko';
import { deriveMatchResult } from '../../lib/match-result';
import type { ProxyPlayerMatch } from '../clan/api-types';
import type { MatchClanView, MatchRowView } from '../clan/matches/match-view';

function clanOf(clan: ProxyPlayerMatch['clan']): MatchClanView {
  if (!clan) return { name: ko.stats.common.unknown, slug: null };
  return { name: clan.name, slug: clan.slug, markBg: clan.mark_bg, markFront: clan.mark_front };
}

/** A proxy player match (reading 2) as a list row: the player's clan on its side, own K/D/A. */
export function matchRowFromProxyPlayer(match: ProxyPlayerMatch): MatchRowView {
  const own = clanOf(match.clan);
  const other = clanOf(match.opponent.clan);
  const ownIsBlue = match.blue_team !== false;
  return {
    id: match.id,
    map: match.map,
    startAt: match.start_at,
    recording: match.status === 'recording',
    blue: ownIsBlue ? own : other,
    red: ownIsBlue ? other : own,
    blueScore: null,
    redScore: null,
    ownSide: match.blue_team === null ? null : ownIsBlue ? 'blue' : 'red',
    result: match.status === 'recording' ? null : deriveMatchResult(match),
    ratingChange: match.rating_update,
    own: { kill: match.kill, death: match.death, assist: match.assist, killShare: null },
  };
}

/** Kills per death for the mobile K/D figure; null without deaths to divide by. */
export function killDeathRatio(kill: number, death: number): number | null {
  return death > 0 ? kill / death : null;
}
