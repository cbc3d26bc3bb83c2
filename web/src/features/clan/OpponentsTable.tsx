import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { generalRateColour } from '../../lib/colour-bands';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import { ClanLogo, STATS_MOBILE_QUERY, Tone, formatPercent } from '../../ui/stats';
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
  // On phones the head-to-head link sits under the clan name: a seventh column would not fit 390 px.
  const compact = useMediaQuery(STATS_MOBILE_QUERY);
  const linkColumn = headToHeadFrom && !compact;
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
            {linkColumn && <th scope="col" className="cell-center">{t.opponents.headToHead}</th>}
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
                {headToHeadFrom && compact && <HeadToHeadLink league={league} from={headToHeadFrom} opponent={opponent} className="opponent-h2h" />}
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
              {linkColumn && <td className="cell-center"><HeadToHeadLink league={league} from={headToHeadFrom} opponent={opponent} /></td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The link to the head-to-head view of the page's clan and one opponent. */
function HeadToHeadLink({ league, from, opponent, className }: {
  league: string; from: { slug: string; name: string }; opponent: OpponentView; className?: string;
}) {
  return (
    <Link className={className} to={`/league/${league}/clan/${encodeURIComponent(from.slug)}/vs/${encodeURIComponent(opponent.slug)}`}
      aria-label={t.headToHead.title(from.name, opponent.name)}>
      {t.opponents.headToHead}
    </Link>
  );
}
