import { useParams } from 'react-router-dom';
import { LeagueClanPage } from './LeagueClanPage';
import { ProxyClanPage } from './ProxyClanPage';
import { DEFAULT_LEAGUE, clanPageVariant } from './clan-routes';

/** /league/{league}/clan/{clanSlug} and /league/{division}/clan/{clanId}: one route, two readings. */
export default function ClanPage() {
  const { league = DEFAULT_LEAGUE, clanKey = '' } = useParams();
  // Keyed so that moving to another clan starts with fresh page state (open match, members shown).
  return clanPageVariant(league) === 'proxy'
    ? <ProxyClanPage key={`${league}/${clanKey}`} division={league} clanId={clanKey} />
    : <LeagueClanPage key={`${league}/${clanKey}`} league={league} slug={clanKey} />;
}
