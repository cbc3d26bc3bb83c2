import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { rankingWinRateColour } from '../../lib/colour-bands';
import { ClanLogo, RankMark, SkeletonRows, StatusMessage, Tone, formatNumber, formatPercent, retryUnlessClientError } from '../../ui/stats';
import { HOME_TOP_LIMIT, fetchTopPlayers, homeKeys } from './home-queries';

const t = ko.stats;

/** Home Top 5 players of the personal ranking, each linking to /sal/player/{playerId}. */
export function TopPlayersTable() {
  const players = useQuery({ queryKey: homeKeys.topPlayers(), queryFn: ({ signal }) => fetchTopPlayers(signal), retry: retryUnlessClientError });
  return (
    <section className="home-top stats-panel" aria-labelledby="home-top-players">
      <header className="home-top__head">
        <h2 id="home-top-players">{t.home.topPlayers}</h2>
        <Link to="/rank/sal-player" className="home-top__more">{t.home.morePlayers}</Link>
      </header>
      {players.isError && <StatusMessage kind="error">{t.home.loadError}</StatusMessage>}
      {players.data?.length === 0 && <StatusMessage kind="empty">{t.home.noPlayers}</StatusMessage>}
      {(players.isPending || (players.data && players.data.length > 0)) && (
        <div className="stats-table-wrap">
          <table className="stats-table home-top__table" aria-busy={players.isPending} data-testid="home-top-players">
            <thead>
              <tr>
                <th scope="col" className="cell-center">{t.columns.rank}</th>
                <th scope="col" className="cell-start">{t.columns.player}</th>
                <th scope="col" className="cell-start home-top__clan-col">{t.columns.clan}</th>
                <th scope="col">{t.columns.rating}</th>
                <th scope="col">{t.columns.winRate}</th>
              </tr>
            </thead>
            <tbody>
              {players.isPending ? <SkeletonRows rows={HOME_TOP_LIMIT} columns={5} /> : players.data?.map((player) => (
                <tr key={player.playerId} className={player.rank <= 3 ? 'row--podium' : undefined}>
                  <td className="cell-center">
                    <span className="rank-cell"><RankMark rank={player.rank} kind="crown" stars />{player.rank}</span>
                  </td>
                  <th scope="row" className="cell-start">
                    <Link className="name-cell" to={`/sal/player/${encodeURIComponent(player.playerId)}`}>
                      <ClanLogo slug={player.clanSlug} markBg={player.mark_bg} markFront={player.mark_front} size={22} />
                      <span className="name-cell__text">{player.nickname}</span>
                    </Link>
                  </th>
                  <td className="cell-start home-top__clan-col">{player.clanName ?? t.common.unaffiliated}</td>
                  <td>{formatNumber(player.rating)}</td>
                  <td>{player.winRate === null ? formatPercent(null) : <Tone colour={rankingWinRateColour(player.winRate)}>{formatPercent(player.winRate)}</Tone>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
