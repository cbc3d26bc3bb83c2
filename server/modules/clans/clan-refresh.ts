import type { ClanRefreshData } from '../../contracts/clans.js';
import type { Database } from '../../db/client.js';
import { ConflictError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import {
  claimRefreshSlot, IngestLockBusyError, REFRESH_SLOTS, releaseRefreshSlot, type ClanRecordSource,
} from '../ingest/ingest-api.js';
import type { LeagueInfo } from '../stats-core/league-directory.js';
import { loadClanFigures, loadIngestState } from '../stats-core/clan-figures.js';
import type { ClanIdentity } from '../stats-core/clan-directory.js';

/** The source is asked about one clan at most once per this many seconds, across every server process. */
export const CLAN_REFRESH_INTERVAL_SECONDS = 60;

/** When the clan's records were last renewed: ingest's last work on it, else its figures' last change (as the header). */
async function renewedAt(prisma: Database, clan: ClanIdentity, league: LeagueInfo): Promise<string | null> {
  const [ingest, figures] = await Promise.all([loadIngestState(prisma, clan.id), loadClanFigures(prisma, clan.id, league.id)]);
  return (ingest.updatedAt ?? figures?.updatedAt)?.toISOString() ?? null;
}

/**
 * POST clan refresh (the clan page's record update): with a source, fetches the clan's newest matches through
 * ingest, at most once per clan per interval (a request inside it is told the records were just fetched); without
 * one, says so. 409 when another ingest run holds the data (the refresh is not used up); upstream failures pass
 * through (403 app-id text, 503) and do use it up, so a failing upstream is not asked again at once.
 */
export async function refreshClanRecords(
  prisma: Database,
  source: ClanRecordSource | undefined,
  clan: ClanIdentity,
  league: LeagueInfo,
): Promise<ClanRefreshData> {
  const answer = async (fields: Pick<ClanRefreshData, 'refreshed' | 'reason' | 'newMatches' | 'nextRefreshAt'>) => ({
    clanSlug: clan.slug,
    ...fields,
    updatedAt: await renewedAt(prisma, clan, league),
  });
  if (!source) return answer({ refreshed: false, reason: 'no_upstream', newMatches: 0, nextRefreshAt: null });

  const claim = await claimRefreshSlot(prisma, REFRESH_SLOTS.clanRecords, clan.id, CLAN_REFRESH_INTERVAL_SECONDS);
  if (!claim.claimed) {
    return answer({ refreshed: false, reason: 'recently_refreshed', newMatches: 0, nextRefreshAt: claim.nextAt.toISOString() });
  }
  const nextRefreshAt = new Date(claim.at.getTime() + CLAN_REFRESH_INTERVAL_SECONDS * 1000).toISOString();
  let stored: number;
  try {
    const summary = await source.fetchNewest(clan);
    stored = summary.newMatches + summary.changedMatches;
  } catch (error) {
    if (!(error instanceof IngestLockBusyError)) throw error;
    await releaseRefreshSlot(prisma, REFRESH_SLOTS.clanRecords, clan.id, claim);
    throw new ConflictError(serverMessages.clanRefreshIngestRunning, 'ingest_running');
  }
  return answer({ refreshed: stored > 0, reason: stored > 0 ? null : 'no_new_matches', newMatches: stored, nextRefreshAt });
}
