import { Link } from 'react-router-dom';
import type { SalMixedResponse } from '@shared/contracts/search';
import { ko } from '../../i18n/ko';
import { comparePath } from '../../lib/league-links';
import { ClanEntry, PlayerEntry } from './ResultEntries';
import { clanResultPath, playerResultPath } from './search-rules';

const t = ko.stats.search;

/**
 * The full search answer as two lists, clans then individuals (docs/product/search.md#full-search), each entry a link.
 */
export function MixedResultLists({ data }: { data: SalMixedResponse }) {
  return (
    <div className="mixed-results">
      <section className="mixed-results__group" aria-label={t.clans}>
        <h3 className="mixed-results__title">{t.clans} <span className="muted">{data.clans.length}</span></h3>
        {data.clans.length === 0 ? (
          <p className="muted mixed-results__none">{t.noneInList}</p>
        ) : (
          <ul className="mixed-results__list">
            {data.clans.map((clan) => (
              <li key={clan.clanSlug}>
                <Link className="mixed-results__link" to={clanResultPath(clan)}><ClanEntry clan={clan} logoSize={26} /></Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="mixed-results__group" aria-label={t.players}>
        <h3 className="mixed-results__title">{t.players} <span className="muted">{data.players.length}</span></h3>
        {data.players.length === 0 ? (
          <p className="muted mixed-results__none">{t.noneInList}</p>
        ) : (
          <ul className="mixed-results__list">
            {data.players.map((player) => (
              <li key={player.playerId} className="mixed-results__player">
                <Link className="mixed-results__link" to={playerResultPath(player)}><PlayerEntry player={player} logoSize={26} /></Link>
                <Link className="mixed-results__compare" to={comparePath(player.playerId, null, null)}
                  aria-label={ko.reader.compare.searchLinkLabel(player.nickname)}>
                  {ko.reader.compare.searchLink}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
