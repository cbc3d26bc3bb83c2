/**
 * What the rest of the server may use of ingest. League data (clans, players, memberships, matches, ratings and
 * kept figures) is written only through these, so every write holds the ingest lock where it must and is announced
 * to the readers that keep league data in memory. A boundary test fails on an import of any other ingest file
 * from outside this module.
 */

// Runs of records from any source, and the ratings rebuild.
export { IngestWriter, type IngestOptions, type IngestSummary } from './ingest-writer.js';
export { rebuildAllRatings } from './rebuild.js';
// The ingest lock, for a change made outside a run.
export { holdIngestLock, IngestLockBusyError } from './ingest-lock.js';
// Telling readers that league data changed, and hearing it.
export {
  changeCollector, decodeChangeNotice, encodeChangeNotice, EVERYTHING, LEAGUE_DATA_CHANNEL, notifyOn, type Announce, type LeagueDataChange,
} from './data-changes.js';
// Refreshes a visitor asks for: a player's clan, a clan's newest records; and their once-a-minute slots.
export { PLAYER_REFRESH_INTERVAL_SECONDS, refreshPlayerClan, type PlayerClanRefresh } from './player-clan-refresh.js';
export { storedMatchClanSource, type PlayerClanSource } from './player-clan-source.js';
export { upstreamClanSource } from './upstream-player-clan-source.js';
export { upstreamClanRecords, type ClanRecordSource } from './clan-record-refresh.js';
export { claimRefreshSlot, REFRESH_SLOTS, releaseRefreshSlot } from './refresh-slot.js';
export { INGEST_STALE_MS, markIngestRunning } from './ingest-running.js';
// The demo league, and keeping it playing live.
export { generateLeague } from './simulated/league-generator.js';
export { startLiveIngest, type LiveIngest } from './live/live-ingest.js';
