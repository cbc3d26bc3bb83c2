import { Link } from 'react-router-dom';
import { ko } from '../../../i18n/ko';
import { killShareColour } from '../../../lib/colour-bands';
import { formatNumericDateTime } from '../../../lib/intl-formats';
import { clanPath } from '../../../lib/league-links';
import { ClanLogo, ResultChip, TimeAgo, Tone, formatPercent } from '../../../ui/stats';
import { ChevronIcon } from '../clan-icons';
import type { MatchClanView, MatchRowView } from './match-view';

const t = ko.clanPlayer.match;

/** The id of a match's detail container, which the toggle's aria-controls names. */
export function matchDetailId(matchId: string): string {
  return `match-detail-${matchId}`;
}

/** The match's date and time, with the time ago under it. */
export function MatchDate({ at }: { at: string | null }) {
  const date = at ? new Date(at) : null;
  return (
    <span className="match-date">
      {date && !Number.isNaN(date.getTime()) && <span>{formatNumericDateTime(date)}</span>}
      <span className="muted"><TimeAgo at={at} /></span>
    </span>
  );
}

function ClanName({ clan, league, own }: { clan: MatchClanView; league: string; own: boolean }) {
  return (
    <span className={own ? 'name-cell match-clan match-clan--own' : 'name-cell match-clan'}>
      <ClanLogo slug={clan.slug} markBg={clan.markBg} markFront={clan.markFront} size={22} />
      {clan.slug
        ? <Link className="name-cell__text" to={clanPath(league, clan.slug)}>{clan.name}</Link>
        : <span className="name-cell__text">{clan.name}</span>}
    </span>
  );
}

/** Both clans with the score between them, and on the player page both rosters. */
export function MatchClans({ row, league, showRosters }: { row: MatchRowView; league: string; showRosters: boolean }) {
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

/** Result with rating change, and on the player page the own K/D/A with kill share; 'recording...' until known. */
export function MatchSummary({ row, variant }: { row: MatchRowView; variant: 'clan' | 'player' }) {
  if (row.recording) return <span className="muted" data-testid="match-row-recording">{t.recording}</span>;
  if (!row.result) return <span className="muted">{ko.stats.common.unknown}</span>;
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

/** The details toggle; its detail container always exists (hidden when closed), so aria-controls always resolves. */
export function ToggleButton({ row, open, onToggle }: { row: MatchRowView; open: boolean; onToggle: (id: string) => void }) {
  return (
    <button type="button" className={open ? 'button match-toggle match-toggle--open' : 'button match-toggle'}
      aria-expanded={open} aria-controls={matchDetailId(row.id)} onClick={() => onToggle(row.id)}>
      {open ? t.hideDetails : t.showDetails}
      <ChevronIcon />
    </button>
  );
}
