import { useSearchParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { SearchPanel } from './SearchPanel';
import { SupplyLeagueCards } from './SupplyLeagueCards';

/**
 * /search?playerId= : the search panel with the hidden 'supply' source selected and, for a player id, that
 * player's league cards. `?source=supply` opens the hidden source without a player.
 */
export default function SearchPage() {
  const [params] = useSearchParams();
  const playerId = params.get('playerId')?.trim() ?? '';
  const supply = playerId !== '' || params.get('source') === 'supply';
  useDocumentTitle(ko.stats.search.pageTitle);
  return (
    <div className="search-page">
      <h1>{ko.stats.search.heading}</h1>
      <SearchPanel key={supply ? 'supply' : 'sal'} initialSource={supply ? 'supply' : 'sal'} />
      {playerId !== '' && <SupplyLeagueCards key={playerId} playerId={playerId} />}
    </div>
  );
}
