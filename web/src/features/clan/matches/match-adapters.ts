import { deriveMatchResult } from '../../../lib/match-result';
import type { ClanMatchItem, MatchDetailData, MatchPlayerRow, PlayerMatchItem, ProxyMatchPlayer } from '../api-types';
import type { MatchDetailView, MatchPlayerView, MatchRowView, MatchTeamView } from './match-view';

/** A league-name variant list row (clan or player list) as the match list shows it. */
export function matchRowFromItem(item: ClanMatchItem | PlayerMatchItem): MatchRowView {
  const row: MatchRowView = {
    id: item.matchId,
    map: item.map,
    startAt: item.startAt,
    recording: item.recording,
    blue: { name: item.blueClanName, slug: item.blueClanSlug, markBg: item.blueClanMark.mark_bg, markFront: item.blueClanMark.mark_front },
    red: { name: item.redClanName, slug: item.redClanSlug, markBg: item.redClanMark.mark_bg, markFront: item.redClanMark.mark_front },
    blueScore: item.scores[0] ?? null,
    redScore: item.scores[1] ?? null,
    ownSide: item.myTeam,
    result: item.recording ? null : deriveMatchResult(item),
    ratingChange: item.ratingChange,
  };
  if ('myKill' in item) {
    row.ratingChange = item.personalDelta ?? item.ratingChange;
    row.own = { kill: item.myKill, death: item.myDeath, assist: item.myAssist, killShare: item.killShare };
    row.rosters = {
      blue: item.summary.blue.map((entry) => entry.nickname),
      red: item.summary.red.map((entry) => entry.nickname),
    };
  }
  return row;
}

type MatchLine = Pick<MatchPlayerRow & ProxyMatchPlayer,
  'kill' | 'death' | 'assist' | 'kill_share' | 'headshot' | 'headshot_percent' | 'damage' | 'damage_percent' | 'weapon' | 'isMvp' | 'dropout'>;

/** A player's line in a match as the detail shows it, from either answer (the league's own or the proxy's). */
export function lineFigures(row: MatchLine): Omit<MatchPlayerView, 'playerId' | 'nickname' | 'clanSlug' | 'clanName' | 'markBg' | 'markFront' | 'ratingChange'> {
  return {
    kill: row.kill,
    death: row.death,
    assist: row.assist,
    killShare: row.kill_share,
    headshot: row.headshot,
    headshotPercent: row.headshot_percent,
    damage: row.damage,
    damagePercent: row.damage_percent,
    weapon: row.weapon,
    isMvp: row.isMvp,
    dropout: row.dropout,
  };
}

function playerFromRow(row: MatchPlayerRow): MatchPlayerView {
  return {
    playerId: row.playerId,
    nickname: row.nickname,
    clanSlug: row.player.clan.slug || null,
    clanName: row.player.clan.name || null,
    markBg: row.clanMark.mark_bg,
    markFront: row.clanMark.mark_front,
    ...lineFigures(row),
    ratingChange: row.ratingChange,
  };
}

/** A league-name variant match detail as the team tables show it; recording until the players arrive. */
export function matchDetailFromData(data: MatchDetailData): MatchDetailView {
  const { match, players, detailData } = data;
  const info = detailData.matchResultDataInfo;
  const recording = data.recording || (players.blue.length === 0 && players.red.length === 0);
  if (recording) return { recording: true, teams: null };
  const blue: MatchTeamView = {
    side: 'blue',
    clan: { name: match.blueClanName, slug: match.blueClanSlug, markBg: match.blueClan.mark_bg, markFront: match.blueClan.mark_front },
    result: info.blue_result,
    score: match.scores[0] ?? null,
    players: players.blue.map(playerFromRow),
  };
  const red: MatchTeamView = {
    side: 'red',
    clan: { name: match.redClanName, slug: match.redClanSlug, markBg: match.redClan.mark_bg, markFront: match.redClan.mark_front },
    result: info.red_result,
    score: match.scores[1] ?? null,
    players: players.red.map(playerFromRow),
  };
  return { recording: false, teams: [blue, red] };
}

/**
 * Each match once, in first-seen order (appended pages are de-duplicated by match id:
 * docs/product/statistics-api.md#skip-paging-and-the-anchor).
 */
export function uniqueMatches<T>(items: readonly T[], idOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = idOf(item);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
