import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { generalRateColour, playerKdColour } from '../../lib/colour-bands';
import { proxyPlayerPath } from '../../lib/league-links';
import {
  PlacementStateBadge, SkeletonFrame, StatusMessage, Tone, formatNumber, formatPercent, leagueLabel, leagueSubtitle,
} from '../../ui/stats';
import type { PlayerLeagueEntry } from '@shared/contracts/search';
import { fetchPlayerLeagues, searchKeys } from './search-queries';

const t = ko.stats.search;
const c = ko.stats.columns;

/**
 * The hidden 'supply' source's answer: one card per league the player has figures in (league, rating,
 * W/L/win rate, K/D/KD%, Placement or regular); a card opens /player/{leagueSlug}/{resolvedId}.
 */
export function SupplyLeagueCards({ playerId }: { playerId: string }) {
  const leagues = useQuery({
    queryKey: searchKeys.playerLeagues(playerId),
    queryFn: ({ signal }) => fetchPlayerLeagues(playerId, signal),
    retry: false,
  });

  if (leagues.isError) {
    const message = leagues.error instanceof ApiError && leagues.error.message ? leagues.error.message : t.leaguesFailed;
    return <StatusMessage kind="error">{message}</StatusMessage>;
  }
  if (leagues.isSuccess && leagues.data.data.length === 0) return <StatusMessage kind="empty">{t.noLeagues}</StatusMessage>;

  // The title and hint do not wait for the answer; the cards' skeleton holds their place with the loading text.
  return (
    <section aria-label={t.leagueCardsTitle(playerId)}>
      <h2 className="league-cards__title">{t.leagueCardsTitle(playerId)}</h2>
      <p className="muted">{t.leagueCardsHint}</p>
      <SkeletonFrame loading={leagues.isPending} text={ko.stats.common.loading}>
        {leagues.isPending ? <LeagueCardSkeletons /> : <LeagueCardList entries={leagues.data.data} />}
      </SkeletonFrame>
    </section>
  );
}

/** Two card-sized placeholders in the cards' grid. */
function LeagueCardSkeletons() {
  return (
    <ul className="league-cards" aria-hidden="true">
      <li className="skeleton-card league-card-skeleton" />
      <li className="skeleton-card league-card-skeleton" />
    </ul>
  );
}

/** One card per league: name and slug, badge, nickname, rating, record with win rate, kills/deaths with K/D %. */
function LeagueCardList({ entries }: { entries: readonly PlayerLeagueEntry[] }) {
  return (
    <ul className="league-cards" data-testid="league-cards">
      {entries.map((entry) => (
        <li key={entry.league.slug}>
          <Link className="league-card" to={proxyPlayerPath(entry.league.slug, entry.playerId)}>
            <span className="league-card__head">
              {/* A card names its league; readers know it by its Korean name and subtitle, not by its slug. */}
              <span data-league={entry.league.slug}>
                <strong className="league-card__league">{leagueSubtitle(entry.league.slug) === null ? entry.league.name : leagueLabel(entry.league.slug)}</strong>
                {leagueSubtitle(entry.league.slug) && <span className="muted league-card__slug">{leagueSubtitle(entry.league.slug)}</span>}
              </span>
              <PlacementStateBadge placement={entry.placement} />
            </span>
            <span className="league-card__nickname">{entry.nickname}</span>
            <dl className="league-card__stats">
              <div><dt>{c.rating}</dt><dd>{formatNumber(entry.rating)}</dd></div>
              <div>
                <dt>{c.record}</dt>
                <dd>
                  {ko.stats.common.recordWithDraws(entry.win, entry.lose, entry.draw)}{' · '}
                  {entry.win_rate === null ? formatPercent(null) : <Tone colour={generalRateColour(entry.win_rate)}>{formatPercent(entry.win_rate)}</Tone>}
                </dd>
              </div>
              <div>
                <dt>{c.kdRate}</dt>
                <dd>
                  {t.killsDeaths(entry.kill, entry.death)}{' · '}
                  {entry.kd_rate === null ? formatPercent(null) : <Tone colour={playerKdColour(entry.kd_rate)}>{formatPercent(entry.kd_rate)}</Tone>}
                </dd>
              </div>
            </dl>
          </Link>
        </li>
      ))}
    </ul>
  );
}
