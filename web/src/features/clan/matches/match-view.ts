/**
 * What the match list and the match detail tables show, whichever API variant (league-name or proxy) the page
 * reads. Each page maps its answers into these shapes once, so the components stay the same for both.
 */
export type MatchOutcome = 'win' | 'lose' | 'draw';
export type TeamSide = 'blue' | 'red';

/** A clan as a match shows it: name, link slug (null when it is not a SAL clan) and logo layers. */
export interface MatchClanView {
  name: string;
  slug: string | null;
  markBg?: string | null;
  markFront?: string | null;
}

/** One row of a match list, from the point of view of the page's clan or player. */
export interface MatchRowView {
  id: string;
  map: string | null;
  startAt: string | null;
  recording: boolean;
  blue: MatchClanView;
  red: MatchClanView;
  blueScore: number | null;
  redScore: number | null;
  /** The page's own side, when it took part. */
  ownSide: TeamSide | null;
  /** Result for the own side; null while recording or when unknown. */
  result: MatchOutcome | null;
  ratingChange: number | null;
  /** The player page's own line. */
  own?: { kill: number; death: number; assist: number; killShare: number | null } | null;
  /** Nicknames of both lineups, shown under the clans on the player page. */
  rosters?: { blue: string[]; red: string[] } | null;
}

/** One player's line in a team table of the match detail. */
export interface MatchPlayerView {
  playerId: string | null;
  nickname: string;
  /** The player's clan now; null means not in a SAL clan, and a click gives the no-record alert. */
  clanSlug: string | null;
  clanName?: string | null;
  markBg?: string | null;
  markFront?: string | null;
  kill: number;
  death: number;
  assist: number;
  killShare: number | null;
  headshot: number | null;
  headshotPercent: number | null;
  /** null when unknown (corrected to 0 by the source). */
  damage: number | null;
  damagePercent: number | null;
  weapon: 'rifle' | 'sniper' | null;
  isMvp: boolean;
  dropout: boolean;
  ratingChange: number | null;
}

export interface MatchTeamView {
  side: TeamSide;
  clan: MatchClanView;
  result: MatchOutcome | null;
  score: number | null;
  players: MatchPlayerView[];
}

/** The expanded detail of a match; `recording` while the source has not sent the players yet. */
export interface MatchDetailView {
  recording: boolean;
  teams: [MatchTeamView, MatchTeamView] | null;
}
