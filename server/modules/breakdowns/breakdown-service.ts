import {
  MET_OPPONENTS_MAX, type ClanBreakdownResponse, type MetOpponent, type PlayerBreakdownResponse, type WeaponBreakdownRow,
} from '../../contracts/breakdowns.js';
import { oneDecimal } from '../../lib/numbers.js';
import { kdPercent } from '../rating/record-stats.js';
import { presentClan } from '../stats-core/clan-directory.js';
import { resolveClanPath } from '../stats-core/clan-path.js';
import {
  keptOrComputedPanel, keptPageOwner, ownerParam, playerOwnerByEnlistmentNo, type KeptOrComputed,
} from '../stats-core/kept-match-pages.js';
import { presentLeague } from '../stats-core/league-param.js';
import { loadClanMapRecords, loadPlayerMapRecords } from '../stats-core/map-records.js';
import { playerPageLeague, requirePlayer } from '../stats-core/player-lookup.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { loadTopOpponents, type OpponentOwner } from '../stats-core/top-opponents.js';
import { readPlayerWeaponTallies, type WeaponTally } from './weapon-tallies.js';

function presentWeapon(tally: WeaponTally): WeaponBreakdownRow {
  return {
    weapon: tally.weapon,
    matches: tally.matches,
    kill: tally.kills,
    death: tally.deaths,
    kd_rate: oneDecimal(kdPercent(tally.kills, tally.deaths)),
    headshot: tally.headshots,
    headshot_percent: tally.kills > 0 ? oneDecimal((tally.headshots / tally.kills) * 100) : null,
    damage_average: tally.damageKnown > 0 ? oneDecimal(tally.damage / tally.damageKnown) : null,
    damage_known: tally.damageKnown,
  };
}

const sum = (rows: readonly { matches: number }[]) => rows.reduce((total, row) => total + row.matches, 0);

/**
 * The "maps and weapons" panels of the clan and player pages: results by map (clans and players) and by weapon
 * class (players) in one league, with the clans met there for the match list's opponent filter. Counts are the
 * owner's rated record there, so the rows add up to the page header.
 */
export function breakdownService(core: StatsCore) {
  async function metOpponents(owner: OpponentOwner): Promise<MetOpponent[]> {
    const records = await loadTopOpponents(core, owner, MET_OPPONENTS_MAX);
    return records.map((record) => ({ slug: record.clanSlug, name: record.clanName, matches: record.total }));
  }

  /**
   * A clan's panel in the path's league (400 for an unknown league, 404 for an unknown clan), kept under the
   * clan's key (stats-core/kept-match-pages.ts): it shows only the clan's own matches and the clans it met, kept
   * only when the server's clan directory knew every clan (an unknown one would be left out of the list).
   */
  async function clanBreakdown(
    leagueName: string,
    clanSlug: string,
    serialize: (data: ClanBreakdownResponse['data']) => string,
  ): Promise<KeptOrComputed> {
    const { clan, league } = await resolveClanPath(core, leagueName, clanSlug);
    const owner = keptPageOwner.clan(clan.id);
    return keptOrComputedPanel(core, { owner: ownerParam(owner), variant: `breakdown:${league.id}`, listsClans: true }, async () => {
      const [maps, opponents] = await Promise.all([
        loadClanMapRecords(core.prisma, clan.id, league.id),
        metOpponents({ table: 'clan_opponent_stats', ownerId: clan.id, leagueId: league.id }),
      ]);
      const answer = { clan: presentClan(clan), league: presentLeague(league), matches: sum(maps), maps, opponents };
      return { answer, owner, shows: [answer.clan, ...opponents.map((opponent) => ({ slug: opponent.slug, name: opponent.name }))] };
    }, serialize);
  }

  /**
   * A player's panel in `asked` league, else in the league of the player's page, kept under the player's key as
   * the clan's is (its league follows the player's clan, whose change touches the player).
   */
  async function playerBreakdown(
    playerId: string,
    asked: string | undefined,
    serialize: (data: PlayerBreakdownResponse['data']) => string,
  ): Promise<KeptOrComputed> {
    const variant = `breakdown:league=${asked ?? ''}`;
    return keptOrComputedPanel(core, { owner: playerOwnerByEnlistmentNo(playerId), variant, listsClans: true }, async () => {
      const answer = await computePlayerBreakdown(playerId, asked);
      return {
        answer, owner: keptPageOwner.player(answer.internalId),
        shows: answer.data.opponents.map((opponent) => ({ slug: opponent.slug, name: opponent.name })),
      };
    }, (answer) => serialize(answer.data));
  }

  /** A player's panel computed, with the player's internal id (the kept answer's owner). */
  async function computePlayerBreakdown(
    playerId: string,
    asked: string | undefined,
  ): Promise<{ internalId: number; data: PlayerBreakdownResponse['data'] }> {
    const player = await requirePlayer(core.prisma, playerId);
    const league = await playerPageLeague(core, player, asked);
    const [{ maps }, weaponTallies, opponents] = await Promise.all([
      loadPlayerMapRecords(core.prisma, player.id, league.id),
      readPlayerWeaponTallies(core.prisma, player.id, league.id),
      metOpponents({ table: 'player_opponent_stats', ownerId: player.id, leagueId: league.id }),
    ]);
    const weapons = weaponTallies.sort((a, b) => b.matches - a.matches || a.weapon.localeCompare(b.weapon)).map(presentWeapon);
    return {
      internalId: player.id,
      data: {
        playerId: player.enlistmentNo,
        nickname: player.nickname,
        league: presentLeague(league),
        matches: sum(maps),
        maps,
        weapons,
        opponents,
      },
    };
  }

  return { clanBreakdown, playerBreakdown };
}

export type BreakdownService = ReturnType<typeof breakdownService>;
