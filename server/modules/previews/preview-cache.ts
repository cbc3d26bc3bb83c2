import { boundedCache } from './bounded-cache.js';
import type { EntityPreview } from './preview-model.js';

export interface PreviewCacheBounds {
  /** Clans, players and matches kept (each a few hundred bytes). */
  entities?: number;
  /** Total bytes of the card PNGs kept (a card is about 60 to 120 KB). */
  imageBytes?: number;
}

/**
 * What the link previews keep in memory, built in buildApp like every cache of the server (docs/caching.md) and
 * handed to the preview service: the clans, players and matches read so far (until league data changes) and the
 * drawn cards by version (a version names one picture, so a card never goes stale; it is only dropped for room).
 */
export function createPreviewCache(bounds: PreviewCacheBounds = {}) {
  const entities = boundedCache<EntityPreview | null>({ maxEntries: bounds.entities ?? 2000 });
  const cards = boundedCache<Buffer>({ maxEntries: 1000, maxWeight: bounds.imageBytes ?? 48 * 1024 * 1024, weigh: (png) => png.length });
  const loading = new Map<string, Promise<EntityPreview | null>>();
  // Moved by every change of league data: a read that started before one is served once, not kept.
  let generation = 0;

  /** A league entity, from memory or read once however many ask meanwhile. */
  function entity(key: string, read: () => Promise<EntityPreview | null>): Promise<EntityPreview | null> {
    const stored = entities.get(key);
    if (stored !== undefined) return Promise.resolve(stored);
    const pending = loading.get(key);
    if (pending) return pending;
    const started = generation;
    const reading = read().then((found) => {
      if (generation === started) entities.set(key, found);
      return found;
    }).finally(() => {
      if (loading.get(key) === reading) loading.delete(key);
    });
    loading.set(key, reading);
    return reading;
  }

  /** The PNG of a card version, drawn by `draw` when it is not kept. */
  async function card(version: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    const stored = cards.get(version);
    if (stored) return stored;
    const png = await draw();
    cards.set(version, png);
    return png;
  }

  return {
    entity,
    card,
    /** League data changed: the clans, players and matches read so far are read again when next asked. */
    forgetLeagueData() {
      generation += 1;
      entities.clear();
      loading.clear();
    },
  };
}

export type PreviewCache = ReturnType<typeof createPreviewCache>;
