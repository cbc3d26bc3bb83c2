// Which API a clan address reads (01-statistics.md §2 Clan detail: two readings of one address).

/** The league used when a page names none (spec §9). */
export { DEFAULT_LEAGUE } from '@shared/rules/leagues';

/** Which reading of /league/{x}/clan/{y} an address is (see docs/decisions.md, clan and player pages). */
export { clanPageVariant, PROXY_DIVISIONS } from '@shared/rules/leagues';
