import type { ClanMatchItem, PlayerMatchItem, RosterEntry } from '../../contracts/matches.js';
import { presentClan } from '../clans/clan-refs.js';
import { clanMarkUrls } from '../league/clan-presenter.js';
import { oneDecimal } from '../league/figures.js';
import { resultForSide, type MatchResult, type Side } from '../rating/match-result.js';
import { displayDamage, kdPercent, killShare } from '../rating/record-stats.js';
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
  };
}

/** One rating change under every spelling the pages read. */
function ratingChangeFields(before: number | null, after: number | null) {
  const change = before === null || after === null ? null : after - before;
  return { ratingBefore: before, ratingAfter: after, ratingChange: change, eloDelta: change, rating_update: change };
}

/** A clan match list row from the side the clan `clanId` played. */
export function presentClanMatch(bundle: MatchBundle, clanId: number): ClanMatchItem {
  const side: Side = bundle.clans.blue.id === clanId ? 'blue' : 'red';
  const own = bundle.sides[side];
  return {
    ...matchRowBase(bundle, side, own?.result ?? null),
    ...ratingChangeFields(own?.ratingBefore ?? null, own?.ratingAfter ?? null),
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
    kill: row.kill,
    death: row.death,
    assist: row.assist,
    headshot: row.headshot,
    damage: displayDamage(row),
    damage_percent: row.damagePercent,
    kd_rate: oneDecimal(kdPercent(row.kill, row.death)),
    killShare: oneDecimal(killShare(row.kill, teamKills(bundle, row.side))),
    isMvp: row.isMvp,
    isSniper: row.weapon === 'sniper',
    dropout: row.dropout,
  };
}
