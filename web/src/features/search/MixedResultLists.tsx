import { Link } from 'react-router-dom';
import type { SalMixedResponse } from '../../../../server/contracts/search';
import { ko } from '../../i18n/ko';
import { ClanLogo, leagueLabel } from '../../ui/stats';

const t = ko.stats.search;

interface MixedResultListsProps {
  data: SalMixedResponse;
  /** The autocomplete dropdown: smaller rows. */
  compact?: boolean;
  onNavigate?: () => void;
}

/** The mixed search answer as two lists, clans then individuals (spec §2 Search), each entry a link. */
export function MixedResultLists({ data, compact = false, onNavigate }: MixedResultListsProps) {
  const logoSize = compact ? 20 : 26;
  return (
    <div className={compact ? 'mixed-results mixed-results--compact' : 'mixed-results'}>
      <section className="mixed-results__group" aria-label={t.clans}>
        <h3 className="mixed-results__title">{t.clans} <span className="muted">{data.clans.length}</span></h3>
        {data.clans.length === 0 ? (
          <p className="muted mixed-results__none">{t.noneInList}</p>
        ) : (
          <ul className="mixed-results__list">
            {data.clans.map((clan) => (
              <li key={clan.clanSlug}>
                <Link className="mixed-results__link" onClick={onNavigate}
                  to={`/league/${encodeURIComponent(clan.leagueName)}/clan/${encodeURIComponent(clan.clanSlug)}`}>
                  <ClanLogo slug={clan.clanSlug} markBg={clan.mark_bg} markFront={clan.mark_front} size={logoSize} />
                  <span className="mixed-results__name">{clan.clanName}</span>
                  <span className="muted mixed-results__meta">{leagueLabel(clan.leagueName)}</span>
                </Link>
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
              <li key={player.playerId}>
                <Link className="mixed-results__link" onClick={onNavigate}
                  to={`/sal/player/${encodeURIComponent(player.playerId)}`}>
                  <ClanLogo slug={player.clanSlug} markBg={player.mark_bg} markFront={player.mark_front} size={logoSize} />
                  <span className="mixed-results__name">{player.nickname}</span>
                  <span className="muted mixed-results__meta">
                    {player.clanName ?? ko.stats.common.unaffiliated} · {player.playerId}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
