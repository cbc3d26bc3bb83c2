import { clanPageVariant } from '@shared/rules/leagues.js';
import type { LeagueContext, LeagueRef } from '../../contracts/clans.js';
import { AppError } from '../../lib/errors.js';
import { previewTexts } from '../../lib/messages.js';
import { renderNoticeMarkdown } from '../boards/markdown.js';
import { NOTICE_BOARD, parseBoardCategory } from '../boards/categories.js';
import { postService } from '../boards/post-service.js';
import { parsePostId } from '../boards/post-store.js';
import { clanService } from '../clans/clan-service.js';
import { loadMatchDetail } from '../stats-core/match-detail.js';
import { loadProxyClanDetail, resolveClanPool } from '../proxy/local-clans.js';
import { loadPlayerDetail as loadProxyPlayerDetail, resolvePlayerPool, type RecentOverride } from '../proxy/local-players.js';
import type { ClanIdentity } from '../stats-core/clan-directory.js';
import { requirePlayer } from '../stats-core/player-lookup.js';
import { loadPlayerSummary } from '../stats-core/player-summary.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import type { PlayerAddress } from './page-address.js';
import type { ClanMark, ClanPreview, LeagueName, MatchPreview, PlayerPreview, PostPreview } from './preview-model.js';
import { excerptOf, textOfHtml } from './post-excerpt.js';

/**
 * Where previews read the things they describe: the same service calls the pages' own API calls make, so a
 * preview names the same league and shows the same figures as the page. Each answers null for a thing that does
 * not exist (or an address that names none: an unknown league or board), which the page answers with 404.
 */
export interface PreviewSources {
  clan(league: string, clanKey: string): Promise<ClanPreview | null>;
  player(address: PlayerAddress): Promise<PlayerPreview | null>;
  match(matchId: string): Promise<MatchPreview | null>;
  /** A post of a board as its page addresses it ('free', 'trade/user'; 'hot' reaches every board's posts). */
  post(board: string, id: string): Promise<PostPreview | null>;
}

/** A proxy player's page reads its recent matches apart (maybe from the game's API); a preview needs none of them. */
const NO_RECENT: RecentOverride = { matches: [], results: [], kill: 0, death: 0, mvpCount: 0 };
/** The proxy clan detail carries its first match page; a preview reads the smallest. */
const ONE_MATCH = 1;

/** Null for the 400 and 404 a page's own call would answer (the thing or the league it names is not there). */
async function orMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 400)) return null;
    throw error;
  }
}

const leagueName = (league: LeagueRef): LeagueName => ({ slug: league.slug, label: league.name });
const markOf = (clan: Pick<ClanIdentity, 'markBg' | 'markFront'> | undefined): ClanMark => ({
  bg: clan?.markBg ?? null,
  front: clan?.markFront ?? null,
});
/** Where the clan plays now, when the figures are of another league. */
const elsewhere = (context: LeagueContext) => (!context.isCurrent && context.current ? leagueName(context.current) : null);

/**
 * The reads of the pages' own calls over the app's statistics core: the clan service's detail (the clan page's
 * header), the player summary, the match detail, the proxy variant's clan and player details (their routes call
 * the same functions), and the boards' post service.
 */
export function previewSources({ core }: { core: StatsCore }): PreviewSources {
  const clans = clanService({ core });
  const posts = postService({ prisma: core.prisma });

  async function leagueClan(league: string, slug: string): Promise<ClanPreview> {
    const data = await clans.detail(league, slug);
    const clan = await core.clans.find(slug);
    return {
      kind: 'clan', slug: data.clan.slug, name: data.clan.name, mark: markOf(clan), league: leagueName(data.league),
      figures: { rating: data.rating, matches: data.total, win: data.win, lose: data.lose, draw: data.draw, winRate: data.win_rate, rank: data.rank, rankTotal: data.rank_total },
      playsNowIn: elsewhere(data.context),
    };
  }

  async function proxyClan(division: string, slug: string): Promise<ClanPreview> {
    const key = await resolveClanPool(core, division, slug);
    const data = await loadProxyClanDetail(core, key, ONE_MATCH);
    return {
      kind: 'clan', slug: key.clan.slug, name: key.clan.name, mark: markOf(key.clan), league: leagueName(data.context.shown),
      figures: { rating: data.rating, matches: data.matches_count, win: data.win, lose: data.lose, draw: data.draw, winRate: data.win_rate, rank: data.rank, rankTotal: data.rank_count },
      playsNowIn: elsewhere(data.context),
    };
  }

  async function summaryPlayer(playerId: string, league: string | undefined): Promise<PlayerPreview> {
    const player = await requirePlayer(core.prisma, playerId);
    const data = await loadPlayerSummary(core, player, league);
    const clan = data.clanSlug === null ? undefined : await core.clans.find(data.clanSlug);
    return {
      kind: 'player', playerId: data.playerId, nickname: data.nickname,
      clan: data.clanName === null ? null : { name: data.clanName, mark: markOf(clan) },
      league: leagueName(data.league),
      figures: { rating: data.rating, matches: data.totalMatches, win: data.win, lose: data.lose, draw: data.draw, winRate: data.winRate, rank: data.rank, rankTotal: data.total },
      kdRate: data.kdRate,
    };
  }

  async function proxyPlayer(division: string, playerId: string): Promise<PlayerPreview> {
    const pool = await resolvePlayerPool(core.prisma, core.leagues, division, playerId);
    const data = await loadProxyPlayerDetail(core.prisma, core.leagues, core.rankOrder, pool, NO_RECENT);
    const { clan } = pool.player;
    return {
      kind: 'player', playerId: data.player.id, nickname: data.player.name,
      clan: clan ? { name: clan.name, mark: markOf(clan) } : null,
      league: leagueName(data.context.shown),
      figures: { rating: data.rating, matches: data.matches_count, win: data.win, lose: data.lose, draw: data.draw, winRate: data.win_rate, rank: data.rank, rankTotal: data.rank_count },
      kdRate: data.kd_rate,
    };
  }

  async function match(matchId: string): Promise<MatchPreview> {
    const { match: found } = await loadMatchDetail(core, matchId, undefined);
    const side = (slug: string, name: string, score: number | null) => core.clans.find(slug).then((clan) => ({ name, slug, mark: markOf(clan), score }));
    const [blue, red] = await Promise.all([
      side(found.blueClanSlug, found.blueClanName, found.scores[0] ?? null),
      side(found.redClanSlug, found.redClanName, found.scores[1] ?? null),
    ]);
    return {
      kind: 'match', matchId: found.matchId, league: leagueName(found.league), map: found.map, startAt: new Date(found.startAt),
      recording: found.recording, blue, red, winner: found.winner,
    };
  }

  async function post(board: string, id: string): Promise<PostPreview> {
    const row = await posts.requireIn(parseBoardCategory(board), parsePostId(id));
    // A notice is markdown: its preview reads the text a reader sees, not the markup.
    const content = row.category === NOTICE_BOARD ? textOfHtml(renderNoticeMarkdown(row.content)) : row.content;
    return {
      kind: 'post', id: String(row.id),
      board: { slug: row.category, name: previewTexts.boardNames[row.category] ?? row.category },
      title: row.title, excerpt: excerptOf(content), author: row.nickname, createdAt: row.createdAt,
    };
  }

  return {
    clan: (league, clanKey) => orMissing(clanPageVariant(league) === 'proxy' ? proxyClan(league, clanKey) : leagueClan(league, clanKey)),
    player: (address) => orMissing(address.reading === 'proxy'
      ? proxyPlayer(address.division, address.playerId)
      : summaryPlayer(address.playerId, address.league)),
    match: (matchId) => orMissing(match(matchId)),
    post: (board, id) => orMissing(post(board, id)),
  };
}
