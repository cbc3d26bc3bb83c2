/** League, player and board pages switch to their phone layout under 768 px (spec §9). */
export const STATS_MOBILE_QUERY = '(max-width: 767.98px)';
