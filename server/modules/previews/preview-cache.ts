import type { LeagueDataChange } from '../ingest/ingest-api.js';
import { changeWatch, clears, tagsClearedBy } from '../stats-core/read-tags.js';
import { boundedCache } from './bounded-cache.js';
import type { EntityPreview } from './preview-model.js';

/** An entity read, with what it shows (readTags): a change touching one of these drops it. */
interface KeptEntity {
  preview: EntityPreview | null;
  tags: readonly string[];
}

export interface PreviewCacheBounds {
  /** Clans, players and matches kept (each a few hundred bytes). */
  entities?: number;
  /** Total bytes of the card PNGs kept (a card is about 60 to 120 KB). */
  imageBytes?: number;
}

/**
 * What the link previews keep in memory, built in buildApp like every cache of the server (docs/caching.md) and
 * handed to the preview service: the clans, players and matches read so far (until a change of what they show) and the
 * drawn cards by version (a version names one picture, so a card never goes stale; it is only dropped for room).
 */
export function createPreviewCache(bounds: PreviewCacheBounds = {}) {
  const entities = boundedCache<KeptEntity>({ maxEntries: bounds.entities ?? 2000 });
  const cards = boundedCache<Buffer>({ maxEntries: 1000, maxWeight: bounds.imageBytes ?? 48 * 1024 * 1024, weigh: (png) => png.length });
  const loading = new Map<string, { reading: Promise<EntityPreview | null>; tags: readonly string[] }>();
  // The recent changes: a read that started before one touching its tags is served once, not kept.
  const changes = changeWatch();

  /** A league entity showing what `tags` name, from memory or read once however many ask meanwhile. */
  function entity(key: string, tags: readonly string[], read: () => Promise<EntityPreview | null>): Promise<EntityPreview | null> {
    const stored = entities.get(key);
    if (stored !== undefined) return Promise.resolve(stored.preview);
    const pending = loading.get(key);
    if (pending) return pending.reading;
    const started = changes.mark();
    const reading = read().then((found) => {
      if (!changes.changedSince(started, tags)) entities.set(key, { preview: found, tags });
      return found;
    }).finally(() => {
      if (loading.get(key)?.reading === reading) loading.delete(key);
    });
    loading.set(key, { reading, tags });
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
    /** League data changed: the clans, players and matches that show what it touched are read again when next asked. */
    forgetLeagueData(change: LeagueDataChange) {
      const cleared = tagsClearedBy(change);
      changes.record(cleared);
      entities.removeWhere((kept) => clears(cleared, kept.tags));
      for (const [key, pending] of loading) if (clears(cleared, pending.tags)) loading.delete(key);
    },
  };
}

export type PreviewCache = ReturnType<typeof createPreviewCache>;
