import { useQuery } from '@tanstack/react-query';
import { ko } from '../../i18n/ko';
import { rankingWinRateColour } from '../../lib/colour-bands';
import { playerPath } from '../../lib/league-links';
import { NameLink, RankMark, Tone, formatNumber, formatPercent } from '../../ui/stats';
import { HomeTopPanel } from './HomeTopPanel';
import { topPlayersQuery } from './home-queries';

const t = ko.stats;

/** Home Top 5 players of the personal ranking, each linking to /sal/player/{playerId} with the ranking's league. */
export function TopPlayersTable() {
  const players = useQuery(topPlayersQuery());
  return (
    <HomeTopPanel
      id="home-top-players"
      title={t.home.topPlayers}
      more={{ to: '/rank/sal-player', label: t.home.morePlayers }}
      emptyText={t.home.noPlayers}
      rows={players}
      columnCount={5}
      columns={(
        <>
          <th scope="col" className="cell-center">{t.columns.rank}</th>
          <th scope="col" className="cell-start">{t.columns.player}</th>
          <th scope="col" className="cell-start home-top__clan-col">{t.columns.clan}</th>
          <th scope="col">{t.columns.rating}</th>
          <th scope="col">{t.columns.winRate}</th>
        </>
      )}
      renderRow={(player) => (
        <tr key={player.playerId} className={player.rank <= 3 ? 'row--podium' : undefined}>
          <td className="cell-center">
            <span className="rank-cell"><RankMark rank={player.rank} kind="crown" stars />{player.rank}</span>
          </td>
          <th scope="row" className="cell-start">
            <NameLink to={playerPath(player.playerId, player.leagueName)} slug={player.clanSlug} markBg={player.mark_bg} markFront={player.mark_front} logoSize={22}>
              {player.nickname}
            </NameLink>
          </th>
          <td className="cell-start home-top__clan-col">{player.clanName ?? t.common.unaffiliated}</td>
          <td>{formatNumber(player.rating)}</td>
          <td>{player.winRate === null ? formatPercent(null) : <Tone colour={rankingWinRateColour(player.winRate)}>{formatPercent(player.winRate)}</Tone>}</td>
        </tr>
      )}
    />
  );
}
