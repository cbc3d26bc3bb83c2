import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '../../../web/src/lib/chunk-load-error.js';

describe('isChunkLoadError: a route chunk that could not be fetched (the error page offers a reload)', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://localhost:3000/assets/LeagueHubPage-abc.js',
    'error loading dynamically imported module: http://localhost/assets/x.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/clan-abc.css',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('recognises a ChunkLoadError by name', () => {
    const error = new Error('Loading chunk 3 failed');
    error.name = 'ChunkLoadError';
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('leaves render errors and non-errors alone', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of null (reading '_id')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
