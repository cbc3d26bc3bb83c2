import { ko } from '../../i18n/ko';
import { generalRateColour, playerKdColour } from '../../lib/colour-bands';
import { Tone, formatPercent } from '../../ui/stats';
import type { PlayerRecentRecord } from './api-types';
import { StaticPanel } from './CollapsiblePanel';
import { PlayerNameLink } from './matches/PlayerNameLink';

const t = ko.clanPlayer.clan;
const columns = ko.stats.columns;

/** The recent clan-match player win-rate table: each member over the clan's last 20 matches. */
export function PlayerWinRates({ players, clanSlug, isMobile }: { players: readonly PlayerRecentRecord[]; clanSlug: string; isMobile: boolean }) {
  return (
    <StaticPanel title={t.winRatesTitle} testId="player-win-rates">
      {players.length === 0 ? (
        <p className="clan-panel__empty muted">{t.winRatesEmpty}</p>
      ) : (
        <div className="stats-table-wrap">
          <table className="stats-table">
            <thead>
              <tr>
                <th scope="col" className="cell-start">{t.winRatesPlayer}</th>
                <th scope="col">{columns.matches}</th>
                {!isMobile && <th scope="col">{columns.wins}</th>}
                {!isMobile && <th scope="col">{columns.losses}</th>}
                {!isMobile && <th scope="col">{columns.draws}</th>}
                <th scope="col">{columns.winRate}</th>
                <th scope="col">{columns.kdRate}</th>
                {!isMobile && <th scope="col">{columns.mvp}</th>}
              </tr>
            </thead>
            <tbody>
              {players.map((player) => (
                <tr key={player.playerId}>
                  <th scope="row" className="cell-start">
                    <PlayerNameLink playerId={player.playerId} nickname={player.nickname} clanSlug={clanSlug} />
                  </th>
                  <td>{player.matches}</td>
                  {!isMobile && <td>{player.win}</td>}
                  {!isMobile && <td>{player.lose}</td>}
                  {!isMobile && <td>{player.draw}</td>}
                  <td><Tone colour={player.win_rate === null ? 'neutral' : generalRateColour(player.win_rate)}>{formatPercent(player.win_rate)}</Tone></td>
                  <td><Tone colour={player.kd_rate === null ? 'neutral' : playerKdColour(player.kd_rate)}>{formatPercent(player.kd_rate)}</Tone></td>
                  {!isMobile && <td>{player.mvp}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </StaticPanel>
  );
}
