import { PHONE_SCREEN_QUERY } from '@shared/rules/match-lists';

/** League, player and board pages switch to their phone layout under 768 px (docs/product/shell.md#breakpoints). */
export const STATS_MOBILE_QUERY = PHONE_SCREEN_QUERY;
