import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { Breadcrumbs, ResultStrip, StatusMessage, leagueLabel, leagueTrail } from '../../ui/stats';
import type { RatingHistoryData } from './api-types';
import type { ClanHeaderView } from './clan-view';
import { CollapsiblePanel, StaticPanel } from './CollapsiblePanel';
import { OpponentsTable } from './OpponentsTable';
import { RatingChart, RatingChartSkeleton } from './RatingChart';

const t = ko.clanPlayer;

/**
 * The red error line of a clan page: the 403 app-id text (docs/product/clans.md#clan-page-states), else the server's
 * message.
 */
export function ClanErrorMessage({ error }: { error: unknown }) {
  const text = error instanceof ApiError && error.status === 403
    ? t.common.appIdError
    : error instanceof Error && error.message ? error.message : t.common.noData;
  return <StatusMessage kind="error">{text}</StatusMessage>;
}

/** Home > leagues > the league the clan plays in now > the clan: the way back to its league table. */
export function ClanTrail({ clan }: { clan: ClanHeaderView }) {
  return <Breadcrumbs items={[...leagueTrail(clan.context.current?.slug ?? clan.league), { label: clan.name }]} />;
}

/**
 * The last-20 strip in two rows of 10 with the count of recent records (docs/product/clans.md#last-20-results-strip);
 * for a league the clan has left, titled as its last matches there.
 */
export function RecentResultsPanel({ results, live }: { results: ClanHeaderView['recentResults']; live: boolean }) {
  return (
    <StaticPanel title={live ? t.common.resultStripTitle : ko.stats.context.lastResults} aside={t.common.resultStrip(results.length)}
      testId="recent-results">
      {results.length === 0
        ? <p className="clan-panel__empty muted">{t.match.noRecent}</p>
        : <ResultStrip results={results} perRow={10} />}
    </StaticPanel>
  );
}

/**
 * The collapsible top-5 opponents of a clan (most games in the league, all time), open state remembered; rows link
 * to the clan and the head-to-head.
 */
export function TopOpponentsPanel({ clan, headToHead }: { clan: ClanHeaderView; headToHead: boolean }) {
  return (
    <CollapsiblePanel title={t.opponents.title} aside={t.opponents.scope(leagueLabel(clan.league))} storageKey="clan.topOpponents"
      testId="top-opponents">
      <OpponentsTable opponents={clan.opponents} league={clan.league} winRateDigits={1}
        headToHeadFrom={headToHead ? { slug: clan.slug, name: clan.name } : undefined} />
    </CollapsiblePanel>
  );
}

/**
 * The rating history chart of a clan or player (beyond the spec). A failed history hides the panel: nothing
 * else on the page depends on it.
 */
export function RatingHistoryPanel({ history, storageKey }: { history: UseQueryResult<RatingHistoryData>; storageKey: string }) {
  if (history.isError) return null;
  return (
    <CollapsiblePanel title={t.chart.title} storageKey={storageKey} testId="rating-history">
      {history.isPending
        ? <RatingChartSkeleton />
        : <RatingChart history={history.data} />}
    </CollapsiblePanel>
  );
}
