import { useCallback, useSyncExternalStore } from 'react';

/** Local-storage key of the favourite clans (the clan header's favourite button). */
export const FAVOURITE_CLANS_KEY = 'sal.favouriteClans';

/** A favourite clan: enough to link back to its page and name it. */
export interface FavouriteClan {
  league: string;
  slug: string;
  name: string;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedList: FavouriteClan[] = [];

function readFavourites(): FavouriteClan[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(FAVOURITE_CLANS_KEY);
  } catch {
    return cachedList;
  }
  if (raw === cachedRaw) return cachedList;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedList = Array.isArray(parsed)
      ? parsed.filter((item): item is FavouriteClan => typeof item?.slug === 'string' && typeof item?.league === 'string')
      : [];
  } catch {
    cachedList = [];
  }
  return cachedList;
}

function writeFavourites(list: FavouriteClan[]): void {
  try {
    localStorage.setItem(FAVOURITE_CLANS_KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled: the star simply does not stick.
  }
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  window.addEventListener('storage', notify);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', notify);
  };
}

/** Whether a clan is a favourite, and a toggle that keeps the list in local storage (other tabs follow). */
export function useFavouriteClan(clan: FavouriteClan): [boolean, () => void] {
  const list = useSyncExternalStore(subscribe, readFavourites, () => cachedList);
  const isFavourite = list.some((item) => item.slug === clan.slug && item.league === clan.league);
  const { league, slug, name } = clan;
  const toggle = useCallback(() => {
    const current = readFavourites();
    const others = current.filter((item) => !(item.slug === slug && item.league === league));
    writeFavourites(others.length === current.length ? [...current, { league, slug, name }] : others);
  }, [league, slug, name]);
  return [isFavourite, toggle];
}
