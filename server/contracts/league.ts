import Type, { type Static } from 'typebox';
import { Nullable, PageLimit } from './common.js';

/**
 * League pages (docs/product/leagues.md). Field names are the ones the spec's pages read, so the web can use them as
 * they are. Percentages are 0-100 with one decimal; null when there is nothing to divide by (shown as '-').
 */

/** A percentage 0-100 with one decimal, or null with nothing to divide by. */
export const Percent = Nullable(Type.Number({ minimum: 0, maximum: 100 }));

/** A record's fields as the pages read them: wins, losses, draws and the win rate (draws count half). */
export const RecordFields = { win: Type.Integer(), lose: Type.Integer(), draw: Type.Integer(), win_rate: Percent };

/** Kills, deaths and K/D % (kills over kills plus deaths). */
export const KillDeathFields = { kill: Type.Integer(), death: Type.Integer(), kd_rate: Percent };

/** The league divisions (docs/product/leagues.md#divisions-and-slugs). */
export const LeagueSlug = Type.Enum(['sal-beginner', 'supply-1', 'supply-2', 'sanply']);
export type LeagueSlug = Static<typeof LeagueSlug>;

/** A path naming a league: any string, so an unknown one answers 400 with the league text, not a schema message. */
export const LeagueNameParams = Type.Object({ leagueName: Type.String({ minLength: 1, maxLength: 40 }) });
export const LeagueSlugParams = Type.Object({ leagueSlug: Type.String({ minLength: 1, maxLength: 40 }) });

/**
 * Logo layers of a clan mark as image URLs: /clan-logos/{slug}-1.png (background) and -2.png (front). A clan
 * without a background layer gets /clan-logos/default_clan.png and no front (the clan calls send the same).
 */
export const ClanMarkFields = {
  mark_bg: Type.String({ description: 'background layer URL' }),
  mark_front: Nullable(Type.String({ description: 'front layer URL' })),
};

/** A clan as league tables link to it: `id` and `slug` are both the clan slug (/league/{league}/clan/{slug}). */
export const ClanRef = Type.Object({
  id: Type.String({ description: 'the clan slug (the proxy-variant clanId)' }),
  slug: Type.String(),
  name: Type.String(),
  ...ClanMarkFields,
});
export type ClanRef = Static<typeof ClanRef>;

/** GET /api/league-summary/{leagueSlug}: one clan of a division table, best rating first. */
export const LeagueSummaryEntry = Type.Object({
  clan: ClanRef,
  rank: Type.Integer({ minimum: 1 }),
  rating: Type.Integer(),
  win: Type.Integer(),
  lose: Type.Integer(),
  draw: Type.Integer(),
  matches: Type.Integer(),
  win_rate: Percent,
});
export const LeagueSummaryResponse = Type.Array(LeagueSummaryEntry);
export type LeagueSummaryEntry = Static<typeof LeagueSummaryEntry>;

/** Ingest state of a clan: the page shows 'updating' while running and updated within 10 minutes. */
export const IngestInfo = Type.Object({
  running: Type.Boolean(),
  updatedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type IngestInfo = Static<typeof IngestInfo>;

/** Query of the standings: `limit` serves the home page's clan Top 5 (the standings' first rows). */
export const StandingsQuery = Type.Object({
  limit: Type.Optional(PageLimit({ description: 'first N rows only (home Top 5: 5); no limit: every clan' })),
});

/**
 * GET /api/league/{leagueName}/standings (the spec's page reads /api/league/sal-beginner/standings): every clan
 * of the division, clans with matches first, then score desc, total matches desc, name.
 */
export const StandingRow = Type.Object({
  _id: Type.String({ description: 'the clan slug' }),
  rank: Type.Integer({ minimum: 1 }),
  clanSlug: Type.String(),
  clanName: Type.String(),
  ...ClanMarkFields,
  leagueName: Type.String({ description: 'league slug' }),
  score: Type.Integer({ description: 'Elo rating in this league, 1000 before any match' }),
  wins: Type.Integer(),
  losses: Type.Integer(),
  draws: Type.Integer(),
  totalMatches: Type.Integer(),
  winRate: Percent,
  placement: Type.Boolean({ description: 'placement in progress: 1 to 19 matches' }),
  streak: Type.Integer({ description: 'wins in a row (positive) or losses in a row (negative)' }),
  ingest: IngestInfo,
  updatedAt: Nullable(Type.String({ format: 'date-time', description: 'when ingest last updated the clan' })),
});
export const StandingsResponse = Type.Array(StandingRow);
export type StandingRow = Static<typeof StandingRow>;

/** GET /api/league/{leagueName}/clans: the league clan list variant (rank, name, members, matches, score, win rate). */
export const LeagueClanRow = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  clanSlug: Type.String(),
  clanName: Type.String(),
  ...ClanMarkFields,
  memberCount: Type.Integer(),
  totalMatches: Type.Integer(),
  score: Type.Integer(),
  wins: Type.Integer(),
  losses: Type.Integer(),
  draws: Type.Integer(),
  winRate: Percent,
});
export const LeagueClansResponse = Type.Array(LeagueClanRow);
export type LeagueClanRow = Static<typeof LeagueClanRow>;
