// Which API a clan address reads (two readings of one address: docs/product/clans.md#addresses-and-readings).

/** The league used when a page names none (docs/product/leagues.md#default-league). */
export { DEFAULT_LEAGUE } from '@shared/rules/leagues';

/** Which reading of /league/{x}/clan/{y} an address is (see docs/decisions.md, clan and player pages). */
export { clanPageVariant, PROXY_DIVISIONS } from '@shared/rules/leagues';
