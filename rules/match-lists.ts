// Match lists: the page sizes the clan and player pages ask for. No imports.

/**
 * Rows of a clan's or a player's match list page as the pages ask for them (docs/product/clans.md#match-list-paging,
 * docs/product/players.md#player-match-paging): fewer on a phone's narrow screen. The server keeps first pages
 * ready at these sizes only (any other size is computed), so a clan or a player has at most two kept pages a scope
 * however a client varies the limit.
 */
export const MATCH_LIST_PAGE_SIZES = { mobile: 10, desktop: 20 } as const;

/**
 * The screens that take the phone's page size: the statistics pages' phone layout (docs/product/shell.md#breakpoints).
 * The web's layouts switch on it, and the server's preloads of a first match page name it as their media.
 */
export const PHONE_SCREEN_QUERY = '(max-width: 767.98px)';
