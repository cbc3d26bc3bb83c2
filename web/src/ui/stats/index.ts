/** Shared statistics components: logos, badges, chips, states and formatters used by every statistics page. */
export { ClanLogo, DEFAULT_CLAN_LOGO } from './ClanLogo';
export { NameLink } from './NameLink';
export {
  INGEST_STALE_AFTER_MS, PLACEMENT_MATCHES, MvpBadge, PlacementBadge, PlacementStateBadge, RankBadge, UpdatingBadge,
  isInPlacement, isIngestUpdating, type IngestInfo,
} from './badges';
export { RankMark } from './RankMark';
export { ResultChip, ResultStrip, toResultKind, type ResultKind } from './ResultChips';
export { SkeletonCards, SkeletonFrame, SkeletonRows, StatusMessage } from './StatusMessage';
export { StatCard, StatGrid } from './StatCard';
export { TimeAgo } from './TimeAgo';
export { Tone } from './Tone';
export { formatNumber, formatPercent, formatRatio, formatTimeAgo, formatTopPercent, topPercent, type Maybe } from './format';
export { leagueLabel, leagueSubtitle } from './league-label';
export { retryUnlessClientError } from './query-retry';
export { STATS_MOBILE_QUERY } from './breakpoints';
export { proxyErrorTarget, useProxyErrorRedirect } from './proxy-redirect';
export { UnsuccessfulAnswerError, requireSuccess } from './proxy-answer';
export { Breadcrumbs, leagueTrail, type Crumb } from './Breadcrumbs';
export { LeagueContextBar, type ContextSubject } from './LeagueContextBar';
export { SortHeader, SortSelect, useTableSort, type SortColumns, type TableSort } from './SortHeader';
export { TableScroll } from './TableScroll';
export { listPartsSum, listTotalLine, type ListCounts } from './list-totals';
