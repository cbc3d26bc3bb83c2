/**
 * Response types of the statistics API, imported from the server's TypeBox contracts (types only: nothing of the
 * server reaches the bundle). One place for the relative path.
 */
export type {
  ClanDetailData, ClanDetailResponse, ClanMember, ClanMembersResponse, ClanRatingHistoryResponse, ClanRef, LeagueContext,
  OpponentRecord, PlayerRecentRecord, RatingHistoryData, RatingPoint, StreakInfo, MatchResultValue,
} from '@shared/contracts/clans';
export type {
  ClanMatchItem, ClanMatchesResponse, HeadToHeadResponse, MatchDetailData, MatchDetailResponse, MatchPlayerRow,
  PlayerMatchItem, PlayerRecentResponse,
} from '@shared/contracts/matches';
export type {
  PlayerSummaryData, PlayerSummaryResponse, PlayerRatingHistoryResponse, RefreshClanResponse, PlayerRecentSummary,
} from '@shared/contracts/players';
export type {
  MatchSummary as ProxyMatchSummary, ProxyClanDetailResponse, ProxyClanMatch, ProxyClanMatchesResponse,
  ProxyMatchDetailResponse, ProxyMatchPlayer, ProxyPlayerDetailResponse, ProxyPlayerMatch,
} from '@shared/contracts/proxy';
export type { ClanRefreshResponse } from '@shared/contracts/clans';
