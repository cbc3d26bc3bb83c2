import type { IngestInfo } from '../../ui/stats';
import type {
  ClanDetailData, LeagueContext, OpponentRecord, ProxyClanDetailResponse, ProxyClanMatch, ProxyMatchSummary,
} from './api-types';
import type { MatchOutcome, MatchRowView } from './matches/match-view';
import { streakLevel, type StreakLevel } from '@shared/rules/streak';

/** One opponent clan with the record against it (top 5 panel, head-to-head). */
export interface OpponentView {
  slug: string;
  name: string;
  markBg: string | null;
  markFront: string | null;
  total: number;
  win: number;
  lose: number;
  draw: number;
  winRate: number | null;
}

/** Everything the clan header, strip and opponents panel show, from either API variant. */
export interface ClanHeaderView {
  slug: string;
  name: string;
  markBg: string | null;
  markFront: string | null;
  /** League slug (links, favourites). */
  league: string;
  /** beginner, supply or sanply. */
  leagueType: string;
  /** Korean division label. */
  divisionLabel: string;
  totalMatches: number;
  rank: number | null;
  rankTotal: number;
  renewedAt: string | null;
  rating: number;
  win: number;
  lose: number;
  draw: number;
  winRate: number | null;
  streak: number;
  streakLabel: StreakLevel | null;
  ingest: IngestInfo;
  recentResults: MatchOutcome[];
  opponents: OpponentView[];
  peak: { rating: number; at: string } | null;
  lowest: { rating: number; at: string } | null;
  lastMatchAt: string | null;
  /** The league of these figures, where the clan plays now and its other leagues (docs/league-context.md). */
  context: LeagueContext;
}

/** A league-name opponent record (clan and player pages) as the opponents table shows it. */
export function opponentFromRecord(record: OpponentRecord): OpponentView {
  return {
    slug: record.clanSlug, name: record.clanName, markBg: record.clan.mark_bg, markFront: record.clan.mark_front,
    total: record.total, win: record.win, lose: record.lose, draw: record.draw, winRate: record.win_rate,
  };
}

/** The league-name variant's clan-detail answer as the header shows it. */
export function headerFromLeagueDetail(data: ClanDetailData): ClanHeaderView {
  return {
    slug: data.clan.slug,
    name: data.clan.name,
    markBg: data.clan.mark_bg,
    markFront: data.clan.mark_front,
    league: data.league.slug,
    leagueType: data.league.kind,
    divisionLabel: data.league.name,
    totalMatches: data.totalMatches,
    rank: data.rank,
    rankTotal: data.rank_total,
    renewedAt: data.renewed_at,
    rating: data.rating,
    win: data.win,
    lose: data.lose,
    draw: data.draw,
    winRate: data.win_rate,
    streak: data.streak.value,
    streakLabel: data.streak.label,
    ingest: data.ingest,
    recentResults: data.match_summary.results,
    opponents: data.match_summary.clan_summaries.map(opponentFromRecord),
    peak: data.peak,
    lowest: data.lowest,
    lastMatchAt: data.lastMatchAt,
    context: data.context,
  };
}

type ProxyClanData = ProxyClanDetailResponse['data'];

/** A proxy match summary's opponent entry (clan and player pages) as the opponents table shows it. */
export function opponentFromProxySummary(entry: ProxyMatchSummary['clan_summaries'][number]): OpponentView {
  return {
    slug: entry.clan.slug, name: entry.clan.name, markBg: entry.clan.mark_bg, markFront: entry.clan.mark_front,
    total: entry.total, win: entry.win, lose: entry.lose, draw: entry.draw, winRate: entry.win_rate,
  };
}

/** The proxy variant's clan-detail answer as the header shows it. */
export function headerFromProxyDetail(data: ProxyClanData, divisionLabel: string): ClanHeaderView {
  const summary = data.match_summary;
  return {
    slug: data.clan.slug,
    name: data.clan.name,
    markBg: data.clan.mark_bg,
    markFront: data.clan.mark_front,
    league: data.clan.division,
    leagueType: data.clan.league_type,
    divisionLabel,
    totalMatches: data.matches_count,
    rank: data.rank,
    rankTotal: data.rank_count,
    renewedAt: data.renewed_at,
    rating: data.rating,
    win: data.win,
    lose: data.lose,
    draw: data.draw,
    winRate: data.win_rate,
    streak: data.win_straight,
    // The proxy answer carries only the value; the label follows the server's rule.
    streakLabel: streakLevel(data.win_straight),
    ingest: data.ingest,
    recentResults: summary.results,
    opponents: summary.clan_summaries.map(opponentFromProxySummary),
    peak: null,
    lowest: null,
    lastMatchAt: null,
    context: data.context,
  };
}

/** A proxy clan match as a list row, seen from the page's clan. */
export function matchRowFromProxy(match: ProxyClanMatch): MatchRowView {
  const own = { name: match.league_clan.clan.name, slug: match.league_clan.clan.slug, markBg: match.league_clan.clan.mark_bg, markFront: match.league_clan.clan.mark_front };
  const other = { name: match.opponent.clan.name, slug: match.opponent.clan.slug, markBg: match.opponent.clan.mark_bg, markFront: match.opponent.clan.mark_front };
  const [blueScore, redScore] = match.scores ?? [null, null];
  return {
    id: match.id,
    map: match.map,
    startAt: match.start_at,
    recording: match.status === 'recording',
    blue: match.blue_team ? own : other,
    red: match.blue_team ? other : own,
    blueScore: blueScore ?? null,
    redScore: redScore ?? null,
    ownSide: match.blue_team ? 'blue' : 'red',
    result: match.result,
    ratingChange: match.rating_update,
  };
}
