/** League, player and board pages switch to their phone layout under 768 px (docs/product/shell.md#breakpoints). */
export const STATS_MOBILE_QUERY = '(max-width: 767.98px)';
