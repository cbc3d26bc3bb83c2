import type { MatchDetailData, MatchPlayerRow } from '../../contracts/matches.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { oneDecimal } from '../../lib/numbers.js';
import type { Side } from '../rating/match-result.js';
import { kdPercent, killShare, matchLineFigures } from '../rating/record-stats.js';
import { presentClan } from './clan-directory.js';
import { clanMarkUrls } from './clan-presenter.js';
import type { LeagueInfo } from './league-directory.js';
import { presentLeague } from './league-param.js';
import { loadMatchBundleByPublicId, type MatchBundle, type PlayerSideRow } from './match-bundles.js';
import { matchResultDataInfo, sideResult, teamKills } from './match-presenter.js';
import type { StatsCore } from './stats-core.js';

function playerRow(bundle: MatchBundle, row: PlayerSideRow): MatchPlayerRow {
  const clan = bundle.clans[row.side];
  const result = sideResult(bundle, row.side, row.result);
  const rated = row.ratingBefore !== null && row.ratingAfter !== null;
  return {
    playerId: row.playerId,
    player: { id: row.playerId, name: row.nickname, clan: presentClan(clan) },
    nickname: row.nickname,
    clanSlug: clan.slug,
    clanName: clan.name,
    clanMark: clanMarkUrls(clan),
    side: row.side,
    ...matchLineFigures(row),
    headshot_percent: row.headshotPercent,
    kill_share: oneDecimal(killShare(row.kill, teamKills(bundle, row.side))),
    weapon: row.weapon,
    weaponCode: row.weapon === 'sniper' ? 1 : 0,
    isSniper: row.weapon === 'sniper',
    isMvp: row.isMvp,
    isCorrected: row.corrected,
    dropout: row.dropout,
    result,
    win: result === null ? null : result === 'win',
    rating: row.ratingAfter ?? row.ratingBefore,
    ratingBefore: row.ratingBefore,
    ratingAfter: row.ratingAfter,
    ratingChange: rated ? row.ratingAfter! - row.ratingBefore! : null,
    kd_rate: oneDecimal(kdPercent(row.kill, row.death)),
  };
}

/** The side `preferSlug` names, when it is one of the match's clans. */
function preferredSide(bundle: MatchBundle, preferSlug: string | undefined): Side | null {
  if (bundle.clans.blue.slug === preferSlug) return 'blue';
  if (bundle.clans.red.slug === preferSlug) return 'red';
  return null;
}

/** The detail of one match by its public id; a match still recording says so and has no player rows yet. */
export async function loadMatchDetail(
  core: StatsCore,
  matchId: string,
  preferSlug: string | undefined,
): Promise<MatchDetailData> {
  const bundle = await loadMatchBundleByPublicId(core, matchId);
  if (!bundle) throw new NotFoundError(serverMessages.matchInfoNotFound, 'match_not_found');
  const league = await core.leagues.byId(bundle.leagueId);
  if (!league) throw new NotFoundError(serverMessages.leagueUnknown, 'league_not_found');
  return matchDetailOf(bundle, league, preferSlug);
}

/** A loaded match's detail as seen from `preferSlug`'s side (when it names one of the match's clans). */
export function matchDetailOf(bundle: MatchBundle, league: LeagueInfo, preferSlug: string | undefined): MatchDetailData {
  const { blue, red } = bundle.clans;
  const startAt = bundle.startedAt.toISOString();
  const recording = bundle.status === 'recording';
  const mvp = bundle.players.find((row) => row.isMvp);
  const myTeam = preferredSide(bundle, preferSlug);
  const resultInfo = matchResultDataInfo(bundle);
  return {
    match: {
      matchId: bundle.matchId,
      id: bundle.matchId,
      _id: bundle.matchId,
      league: presentLeague(league),
      map: bundle.map,
      startAt,
      start_at: startAt,
      play_time: bundle.playTimeSeconds,
      status: bundle.status,
      recording,
      scores: [bundle.blueScore, bundle.redScore],
      winner: bundle.winner,
      blueClan: presentClan(blue),
      redClan: presentClan(red),
      blueClanName: blue.name,
      redClanName: red.name,
      blueClanSlug: blue.slug,
      redClanSlug: red.slug,
      blueRating: { before: bundle.sides.blue?.ratingBefore ?? null, after: bundle.sides.blue?.ratingAfter ?? null },
      redRating: { before: bundle.sides.red?.ratingBefore ?? null, after: bundle.sides.red?.ratingAfter ?? null },
      mvp: mvp ? { playerId: mvp.playerId, nickname: mvp.nickname, side: mvp.side } : null,
    },
    players: {
      blue: bundle.players.filter((row) => row.side === 'blue').map((row) => playerRow(bundle, row)),
      red: bundle.players.filter((row) => row.side === 'red').map((row) => playerRow(bundle, row)),
    },
    resultTeam: bundle.winner,
    status: bundle.status,
    recording,
    detailFetched: !recording && bundle.players.length > 0,
    myTeam,
    result: myTeam === null ? null : resultInfo[`${myTeam}_result`],
    detailData: { matchResultDataInfo: resultInfo },
  };
}
