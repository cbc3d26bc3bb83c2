/**
 * What a link preview says about the thing an address points to: the facts read from the same calls the page
 * makes, so the preview's figures are the page's figures (the league context rule: the league named in the
 * address, or the page's default league by the same rule the page uses).
 */

/** A clan mark's layer ids ('bg-07', 'front-12'); null draws the site's default mark. */
export interface ClanMark {
  bg: string | null;
  front: string | null;
}

export interface LeagueName {
  slug: string;
  label: string;
}

/** The figures of a clan or player header in one league. */
export interface RecordFigures {
  rating: number;
  matches: number;
  win: number;
  lose: number;
  draw: number;
  /** Percent with one decimal, draws counting half (the pages' rule); null before the first match. */
  winRate: number | null;
  /** Null: no place in the league's table (no match there, or no longer playing there). */
  rank: number | null;
  rankTotal: number;
}

export interface ClanPreview {
  kind: 'clan';
  slug: string;
  name: string;
  mark: ClanMark;
  league: LeagueName;
  figures: RecordFigures;
  /** Where the clan plays now, when that is not the league shown. */
  playsNowIn: LeagueName | null;
}

export interface PlayerPreview {
  kind: 'player';
  playerId: string;
  nickname: string;
  clan: { name: string; mark: ClanMark } | null;
  league: LeagueName;
  figures: RecordFigures;
  /** Kills over kills and deaths, percent with one decimal; null with neither. */
  kdRate: number | null;
}

export interface MatchSide {
  name: string;
  slug: string;
  mark: ClanMark;
  score: number | null;
}

export interface MatchPreview {
  kind: 'match';
  matchId: string;
  league: LeagueName;
  map: string | null;
  startAt: Date;
  recording: boolean;
  blue: MatchSide;
  red: MatchSide;
  winner: 'blue' | 'red' | 'draw' | null;
}

export interface PostPreview {
  kind: 'post';
  id: string;
  /** The board the post belongs to (its slug) and its name. */
  board: { slug: string; name: string };
  title: string;
  /** The first words of the content as plain text (a notice's from its rendered markdown). */
  excerpt: string;
  author: string;
  createdAt: Date;
}

export type EntityPreview = ClanPreview | PlayerPreview | MatchPreview | PostPreview;
