import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { ko } from '../../../i18n/ko';
import { killShareColour } from '../../../lib/colour-bands';
import { ClanLogo, ResultChip, TimeAgo, Tone, formatPercent } from '../../../ui/stats';
import { ChevronIcon } from '../clan-icons';
import { MatchDetailPanel } from './MatchDetailPanel';
import type { MatchDetailQuery } from './match-queries';
import type { MatchClanView, MatchPlayerView, MatchRowView } from './match-view';

const t = ko.clanPlayer.match;

const DATE_FORMAT = new Intl.DateTimeFormat('ko-KR', {
  year: '2-digit', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false,
});

interface MatchListProps {
  rows: readonly MatchRowView[];
  detailQuery: MatchDetailQuery;
  /** League slug for clan links. */
  league: string;
  isMobile: boolean;
  /** The player page adds the own K/D/A line and the rosters. */
  variant: 'clan' | 'player';
  isHighlighted?: (player: MatchPlayerView) => boolean;
}

/**
 * A match list (spec §2): map, date, the two clans, a summary and a details toggle. One match is open at a time;
 * closing a match still recording drops its detail so that opening it again asks afresh (spec §4).
 */
export function MatchList({ rows, detailQuery, league, isMobile, variant, isHighlighted }: MatchListProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const handleToggle = (matchId: string) => {
    if (openId !== null) {
      const { queryKey } = detailQuery(openId);
      if (queryClient.getQueryData<{ recording: boolean }>(queryKey)?.recording) queryClient.removeQueries({ queryKey });
    }
    setOpenId(openId === matchId ? null : matchId);
  };

  const detailOf = (row: MatchRowView) => (
    <div id={`match-detail-${row.id}`}>
      <MatchDetailPanel matchId={row.id} query={detailQuery} league={league} showHeadshots={!isMobile} isHighlighted={isHighlighted} />
    </div>
  );

  if (isMobile) {
    return (
      <ul className="match-cards" data-testid="match-list">
        {rows.map((row) => (
          <li key={row.id} className={`match-card match-card--${row.result ?? 'none'}`} data-testid="match-row" data-match-id={row.id}>
            <div className="match-card__top">
              <span className="match-card__map">{row.map ?? t.defaultMap}</span>
              <MatchDate at={row.startAt} />
            </div>
            <MatchClans row={row} league={league} showRosters={variant === 'player'} />
            <div className="match-card__bottom">
              <MatchSummary row={row} variant={variant} />
              <ToggleButton row={row} open={openId === row.id} onToggle={handleToggle} />
            </div>
            {openId === row.id && detailOf(row)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="stats-table-wrap">
      <table className="stats-table match-table" data-testid="match-list">
        <thead>
          <tr>
            <th scope="col" className="cell-start">{t.map}</th>
            <th scope="col" className="cell-start">{t.date}</th>
            <th scope="col" className="cell-center">{t.clans}</th>
            <th scope="col" className="cell-start">{t.summary}</th>
            <th scope="col" className="cell-center">{t.details}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.id}>
              <tr className={`match-row match-row--${row.result ?? 'none'}`} data-testid="match-row" data-match-id={row.id}>
                <td className="cell-start">{row.map ?? t.defaultMap}</td>
                <td className="cell-start"><MatchDate at={row.startAt} /></td>
                <td className="cell-center"><MatchClans row={row} league={league} showRosters={variant === 'player'} /></td>
                <td className="cell-start"><MatchSummary row={row} variant={variant} /></td>
                <td className="cell-center"><ToggleButton row={row} open={openId === row.id} onToggle={handleToggle} /></td>
              </tr>
              {openId === row.id && (
                <tr className="match-detail-row">
                  <td colSpan={5}>{detailOf(row)}</td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MatchDate({ at }: { at: string | null }) {
  const date = at ? new Date(at) : null;
  return (
    <span className="match-date">
      {date && !Number.isNaN(date.getTime()) && <span>{DATE_FORMAT.format(date)}</span>}
      <span className="muted"><TimeAgo at={at} /></span>
    </span>
  );
}

function ClanName({ clan, league, own }: { clan: MatchClanView; league: string; own: boolean }) {
  return (
    <span className={own ? 'name-cell match-clan match-clan--own' : 'name-cell match-clan'}>
      <ClanLogo slug={clan.slug} markBg={clan.markBg} markFront={clan.markFront} size={22} />
      {clan.slug
        ? <Link className="name-cell__text" to={`/league/${league}/clan/${encodeURIComponent(clan.slug)}`}>{clan.name}</Link>
        : <span className="name-cell__text">{clan.name}</span>}
    </span>
  );
}

function MatchClans({ row, league, showRosters }: { row: MatchRowView; league: string; showRosters: boolean }) {
  const score = row.blueScore !== null && row.redScore !== null ? t.score(row.blueScore, row.redScore) : t.vs;
  return (
    <div className="match-clans">
      <div className="match-clans__line">
        <span className="match-clans__side match-clans__side--blue"><ClanName clan={row.blue} league={league} own={row.ownSide === 'blue'} /></span>
        <strong className="match-clans__score">{score}</strong>
        <span className="match-clans__side match-clans__side--red"><ClanName clan={row.red} league={league} own={row.ownSide === 'red'} /></span>
      </div>
      {showRosters && row.rosters && (row.rosters.blue.length > 0 || row.rosters.red.length > 0) && (
        <div className="match-clans__rosters">
          <span aria-label={t.rosterLabel(row.blue.name)}>{row.rosters.blue.join(', ')}</span>
          <span aria-label={t.rosterLabel(row.red.name)}>{row.rosters.red.join(', ')}</span>
        </div>
      )}
    </div>
  );
}

function MatchSummary({ row, variant }: { row: MatchRowView; variant: 'clan' | 'player' }) {
  if (row.recording || !row.result) return <span className="muted">{t.recording}</span>;
  return (
    <span className="match-summary">
      <ResultChip result={row.result} />
      {row.ratingChange !== null && (
        <Tone colour={row.ratingChange > 0 ? 'blue' : row.ratingChange < 0 ? 'red' : 'neutral'}>{t.ratingChange(row.ratingChange)}</Tone>
      )}
      {variant === 'player' && row.own && (
        <span className="match-summary__kda">
          <span className="visually-hidden">{t.myKda}</span>
          {row.own.kill}/{row.own.death}/{row.own.assist}
          {row.own.killShare !== null && (
            <> (<Tone colour={killShareColour(row.own.killShare)}>{formatPercent(row.own.killShare, 0)}</Tone>)</>
          )}
        </span>
      )}
    </span>
  );
}

function ToggleButton({ row, open, onToggle }: { row: MatchRowView; open: boolean; onToggle: (id: string) => void }) {
  return (
    <button type="button" className={open ? 'button match-toggle match-toggle--open' : 'button match-toggle'}
      aria-expanded={open} aria-controls={`match-detail-${row.id}`} onClick={() => onToggle(row.id)}>
      {open ? t.hideDetails : t.showDetails}
      <ChevronIcon />
    </button>
  );
}
