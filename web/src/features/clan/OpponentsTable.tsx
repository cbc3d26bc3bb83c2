import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { generalRateColour } from '../../lib/colour-bands';
import { ClanLogo, Tone, formatPercent } from '../../ui/stats';
import type { OpponentView } from './clan-view';

const t = ko.clanPlayer;
const columns = ko.stats.columns;

interface OpponentsTableProps {
  opponents: readonly OpponentView[];
  league: string;
  /** Digits of the win rate: one on clan pages, whole on the player page (spec §5). */
  winRateDigits: 0 | 1;
  /** When set, each row also links to the head-to-head view of this clan and the opponent. */
  headToHeadFrom?: { slug: string; name: string };
}

/** Top 5 opponent clans: games, wins, losses, draws and win rate (a draw counts half). Rows link to the clan. */
export function OpponentsTable({ opponents, league, winRateDigits, headToHeadFrom }: OpponentsTableProps) {
  if (opponents.length === 0) return <p className="clan-panel__empty muted">{t.opponents.empty}</p>;
  return (
    <div className="stats-table-wrap">
      <table className="stats-table" data-testid="opponents-table">
        <thead>
          <tr>
            <th scope="col" className="cell-start">{t.opponents.clan}</th>
            <th scope="col">{columns.matches}</th>
            <th scope="col">{columns.wins}</th>
            <th scope="col">{columns.losses}</th>
            <th scope="col">{columns.draws}</th>
            <th scope="col">{columns.winRate}</th>
            {headToHeadFrom && <th scope="col" className="cell-center">{t.opponents.headToHead}</th>}
          </tr>
        </thead>
        <tbody>
          {opponents.map((opponent) => (
            <tr key={opponent.slug}>
              <th scope="row" className="cell-start">
                <Link className="name-cell" to={`/league/${league}/clan/${encodeURIComponent(opponent.slug)}`}>
                  <ClanLogo slug={opponent.slug} markBg={opponent.markBg} markFront={opponent.markFront} size={22} />
                  <span className="name-cell__text">{opponent.name}</span>
                </Link>
              </th>
              <td>{opponent.total}</td>
              <td>{opponent.win}</td>
              <td>{opponent.lose}</td>
              <td>{opponent.draw}</td>
              <td>
                <Tone colour={opponent.winRate === null ? 'neutral' : generalRateColour(opponent.winRate)}>
                  {formatPercent(opponent.winRate, winRateDigits)}
                </Tone>
              </td>
              {headToHeadFrom && (
                <td className="cell-center">
                  <Link to={`/league/${league}/clan/${encodeURIComponent(headToHeadFrom.slug)}/vs/${encodeURIComponent(opponent.slug)}`}
                    aria-label={t.headToHead.title(headToHeadFrom.name, opponent.name)}>
                    {t.opponents.headToHead}
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
