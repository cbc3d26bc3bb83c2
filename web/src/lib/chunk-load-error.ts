/**
 * Messages browsers and Vite give when a lazily loaded part of the app cannot be fetched: after a deploy removed
 * the old hashed file, or while the network is down. Chromium, Firefox, Safari, then Vite's CSS preload.
 */
const CHUNK_FAILURE = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

/** True when `error` says a route's code (or its stylesheet) could not be loaded, which a reload may fix. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE.some((pattern) => pattern.test(error.message));
}
