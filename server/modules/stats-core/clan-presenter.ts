import type { ClanRef } from '../../contracts/league.js';

/** The clan columns the presenters read. */
export interface ClanRow {
  slug: string;
  name: string;
  markBg: string | null;
  markFront: string | null;
}

const LOGO_DIR = '/clan-logos';
export const DEFAULT_CLAN_LOGO = `${LOGO_DIR}/default_clan.png`;

/**
 * A clan mark as image URLs (/clan-logos/{slug}-1.png background, -2.png front:
 * docs/product/statistics-api.md#clan-marks). A clan without a background layer shows the default logo and no front, as
 * the clan calls do.
 */
export function clanMarkUrls(clan: Pick<ClanRow, 'slug' | 'markBg' | 'markFront'>): { mark_bg: string; mark_front: string | null } {
  if (!clan.markBg) return { mark_bg: DEFAULT_CLAN_LOGO, mark_front: null };
  return { mark_bg: `${LOGO_DIR}/${clan.slug}-1.png`, mark_front: clan.markFront ? `${LOGO_DIR}/${clan.slug}-2.png` : null };
}

/** A clan as league tables and proxy shapes name it: `id` is the slug. */
export function presentClanRef(clan: ClanRow): ClanRef {
  return { id: clan.slug, slug: clan.slug, name: clan.name, ...clanMarkUrls(clan) };
}

/** The public id of a clan in one league's pool (`league_clan.id`): `{leagueSlug}.{clanSlug}` (slugs have no dot). */
export function leagueClanId(leagueSlug: string, clanSlug: string): string {
  return `${leagueSlug}.${clanSlug}`;
}
