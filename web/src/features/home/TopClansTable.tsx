import { useQuery } from '@tanstack/react-query';
import { ko } from '../../i18n/ko';
import { clanTableWinRateColour } from '../../lib/colour-bands';
import { clanPath } from '../../lib/league-links';
import { NameLink, RankMark, Tone, formatNumber, formatPercent } from '../../ui/stats';
import { HomeTopPanel } from './HomeTopPanel';
import { topClansQuery } from './home-queries';

const t = ko.stats;

/** Home Top 5 clans: the first rows of the beginner league standings, each linking to its clan page of that league. */
export function TopClansTable() {
  const clans = useQuery(topClansQuery());
  return (
    <HomeTopPanel
      id="home-top-clans"
      title={t.home.topClans}
      more={{ to: '/league/sal-beginner', label: t.home.moreClans }}
      emptyText={t.home.noClans}
      rows={clans}
      columnCount={5}
      columns={(
        <>
          <th scope="col" className="cell-center">{t.columns.rank}</th>
          <th scope="col" className="cell-start">{t.columns.clan}</th>
          <th scope="col" className="home-top__record-col">{t.columns.record}</th>
          <th scope="col">{t.columns.winRate}</th>
          <th scope="col">{t.columns.score}</th>
        </>
      )}
      renderRow={(clan) => (
        <tr key={clan.clanSlug} className={clan.rank <= 3 ? 'row--podium' : undefined}>
          <td className="cell-center"><span className="rank-cell"><RankMark rank={clan.rank} />{clan.rank > 3 && clan.rank}</span></td>
          <th scope="row" className="cell-start">
            <NameLink to={clanPath(clan.leagueName, clan.clanSlug)} slug={clan.clanSlug} markBg={clan.mark_bg} markFront={clan.mark_front} logoSize={24}>
              {clan.clanName}
            </NameLink>
          </th>
          <td className="home-top__record-col">{t.common.recordWithDraws(clan.wins, clan.losses, clan.draws)}</td>
          <td>{clan.winRate === null ? formatPercent(null) : <Tone colour={clanTableWinRateColour(clan.winRate)}>{formatPercent(clan.winRate)}</Tone>}</td>
          <td>{formatNumber(clan.score)}</td>
        </tr>
      )}
    />
  );
}
