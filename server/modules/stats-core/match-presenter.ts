import type { ClanMatchItem, MatchResultDataInfo, PlayerMatchItem, RosterEntry } from '../../contracts/matches.js';
import { presentClan } from './clan-directory.js';
import { clanMarkUrls, leagueClanId } from './clan-presenter.js';
import { oneDecimal } from '../../lib/numbers.js';
import { resultForSide, type MatchResult, type Side } from '../rating/match-result.js';
import { kdPercent, killShare, matchLineFigures } from '../rating/record-stats.js';
import type { MatchBundle, PlayerSideRow } from './match-bundles.js';

const OTHER_SIDE: Record<Side, Side> = { blue: 'red', red: 'blue' };

/** A side's result: the stored (rated) one, else the one the winner gives (a finished match not rated yet). */
export function sideResult(bundle: MatchBundle, side: Side, stored: MatchResult | null): MatchResult | null {
  if (stored) return stored;
  return bundle.winner ? resultForSide(bundle.winner, side) : null;
}

/** Kills of a whole team, the base of each member's kill share. */
export function teamKills(bundle: MatchBundle, side: Side): number {
  return bundle.players.reduce((sum, row) => (row.side === side ? sum + row.kill : sum), 0);
}

/** A team's kills, deaths and assists summed over its rows (all zero while the match is recording). */
function teamTotals(bundle: MatchBundle, side: Side) {
  const totals = { kill: 0, death: 0, assist: 0 };
  for (const row of bundle.players) {
    if (row.side !== side) continue;
    totals.kill += row.kill;
    totals.death += row.death;
    totals.assist += row.assist;
  }
  return totals;
}

/** detailData.matchResultDataInfo: both sides' results, clan names and slugs ("clan no") and the score text. */
export function matchResultDataInfo(bundle: MatchBundle): MatchResultDataInfo {
  const { blue, red } = bundle.clans;
  return {
    blue_result: sideResult(bundle, 'blue', bundle.sides.blue?.result ?? null),
    red_result: sideResult(bundle, 'red', bundle.sides.red?.result ?? null),
    blue_clan_name: blue.name,
    red_clan_name: red.name,
    blue_clan_no: blue.slug,
    red_clan_no: red.slug,
    score: bundle.blueScore === null || bundle.redScore === null ? null : `${bundle.blueScore}:${bundle.redScore}`,
  };
}

function rosterEntry(row: PlayerSideRow): RosterEntry {
  return {
    playerId: row.playerId,
    nickname: row.nickname,
    kill: row.kill,
    death: row.death,
    assist: row.assist,
    isMvp: row.isMvp,
    isSniper: row.weapon === 'sniper',
    dropout: row.dropout,
  };
}

/** The fields every list row shares, seen from `side`. */
function matchRowBase(bundle: MatchBundle, side: Side, storedResult: MatchResult | null) {
  const own = bundle.clans[side];
  const opponentSide = OTHER_SIDE[side];
  const opponent = bundle.clans[opponentSide];
  const result = sideResult(bundle, side, storedResult);
  const startAt = bundle.startedAt.toISOString();
  return {
    matchId: bundle.matchId,
    id: bundle.matchId,
    _id: bundle.matchId,
    league: bundle.leagueSlug,
    map: bundle.map,
    startAt,
    start_at: startAt,
    play_time: bundle.playTimeSeconds,
    status: bundle.status,
    recording: bundle.status === 'recording',
    detailFetched: bundle.status === 'complete' && bundle.players.length > 0,
    result,
    win: result === null ? null : result === 'win',
    resultTeam: bundle.winner,
    myTeam: side,
    myIsBlue: side === 'blue',
    blue_team: side === 'blue',
    homeClanSlug: own.slug,
    myClanNo: own.slug,
    league_clan: { id: leagueClanId(bundle.leagueSlug, own.slug), rating: bundle.clanRatings[side], clan: presentClan(own) },
    opponentName: opponent.name,
    opponentSlug: opponent.slug,
    opponentIsSAL: true,
    opponent: { clan: presentClan(opponent), rating: bundle.sides[opponentSide]?.ratingBefore ?? null },
    blueClanName: bundle.clans.blue.name,
    redClanName: bundle.clans.red.name,
    blueClanSlug: bundle.clans.blue.slug,
    redClanSlug: bundle.clans.red.slug,
    blueClanMark: clanMarkUrls(bundle.clans.blue),
    redClanMark: clanMarkUrls(bundle.clans.red),
    scores: [bundle.blueScore, bundle.redScore],
    summary: {
      blue: bundle.players.filter((row) => row.side === 'blue').map(rosterEntry),
      red: bundle.players.filter((row) => row.side === 'red').map(rosterEntry),
    },
    detailData: { matchResultDataInfo: matchResultDataInfo(bundle) },
  };
}

/** One rating change under every spelling the pages read. */
function ratingChangeFields(before: number | null, after: number | null) {
  const change = before === null || after === null ? null : after - before;
  return { ratingBefore: before, ratingAfter: after, ratingChange: change, eloDelta: change, rating_update: change };
}

/** A clan match list row from the side the clan `clanId` played, with its team's K/D/A. */
export function presentClanMatch(bundle: MatchBundle, clanId: number): ClanMatchItem {
  const side: Side = bundle.clans.blue.id === clanId ? 'blue' : 'red';
  const own = bundle.sides[side];
  const team = teamTotals(bundle, side);
  return {
    ...matchRowBase(bundle, side, own?.result ?? null),
    ...ratingChangeFields(own?.ratingBefore ?? null, own?.ratingAfter ?? null),
    ...team,
    kd_rate: oneDecimal(kdPercent(team.kill, team.death)),
  };
}

/** A player's match list row: the match from the player's team, with their own line and rating change. */
export function presentPlayerMatch(bundle: MatchBundle, row: PlayerSideRow): PlayerMatchItem {
  const rating = ratingChangeFields(row.ratingBefore, row.ratingAfter);
  return {
    ...matchRowBase(bundle, row.side, row.result),
    ...rating,
    personalDelta: rating.ratingChange,
    myKill: row.kill,
    myDeath: row.death,
    myAssist: row.assist,
    ...matchLineFigures(row),
    kd_rate: oneDecimal(kdPercent(row.kill, row.death)),
    killShare: oneDecimal(killShare(row.kill, teamKills(bundle, row.side))),
    isMvp: row.isMvp,
    isSniper: row.weapon === 'sniper',
    dropout: row.dropout,
  };
}
