/**
 * Which thing a page address shows, for its link preview: a clan (both readings of /league/{x}/clan/{y}), a player
 * (readings 1, 2 and 3), a match (`?match=` on a clan or player page: how the site addresses a match, see
 * docs/decisions.md) or a board post. Other addresses preview as the site.
 */

export type PlayerAddress =
  | { reading: 'sal'; playerId: string; league: string | undefined }
  | { reading: 'league'; playerId: string; league: string }
  | { reading: 'proxy'; playerId: string; division: string };

export type PreviewAddress =
  | { kind: 'clan'; league: string; clanKey: string; match: string | undefined }
  | { kind: 'player'; player: PlayerAddress; match: string | undefined }
  | { kind: 'post'; site: 'sal-board' | 'board'; board: string; id: string };

/** Segments of a board path that name pages, not posts (/sal-board/free/write). */
const NOT_POST_IDS = new Set(['write']);

/**
 * A value that could name a clan, player, match or post: nothing longer than any id, no control characters, no
 * broken UTF-16. Anything else names nothing, and is answered as such without asking the database.
 */
function isPlausibleKey(value: string): boolean {
  return value.length > 0 && value.length <= 100 && value.isWellFormed() && !/[\u0000-\u001f\u007f]/.test(value);
}

/** The first value of a query parameter; an empty one counts as none. */
function queryValue(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  return value !== null && value !== '' ? value : undefined;
}

/** What `pathname` (decoded) and `query` show, or null for a page that shows no single thing. */
export function previewAddressOf(pathname: string, query: URLSearchParams): PreviewAddress | null {
  return addressOf(pathname.split('/').filter((part) => part !== ''), query, queryValue(query, 'match'));
}

function addressOf(parts: string[], query: URLSearchParams, match: string | undefined): PreviewAddress | null {
  const [first, second, third, fourth] = parts;
  if (parts.length === 4 && first === 'league' && third === 'clan') {
    return { kind: 'clan', league: second!, clanKey: fourth!, match };
  }
  if (parts.length === 4 && first === 'league' && third === 'player') {
    return { kind: 'player', player: { reading: 'league', league: second!, playerId: fourth! }, match };
  }
  if (parts.length === 3 && first === 'sal' && second === 'player') {
    return { kind: 'player', player: { reading: 'sal', playerId: third!, league: queryValue(query, 'league') }, match };
  }
  if (parts.length === 3 && first === 'player') {
    return { kind: 'player', player: { reading: 'proxy', division: second!, playerId: third! }, match };
  }
  if (first === 'sal-board' || first === 'board') {
    // /sal-board/{board}/{id} and /sal-board/trade/{kind}/{id}; /sal-board/trade/{kind} is a board, not a post.
    if (parts.length === 3 && second !== 'trade' && !NOT_POST_IDS.has(third!)) return { kind: 'post', site: first, board: second!, id: third! };
    if (parts.length === 4 && second === 'trade' && !NOT_POST_IDS.has(fourth!)) return { kind: 'post', site: first, board: `trade/${third}`, id: fourth! };
  }
  return null;
}

/** Whether every key an address names could exist at all (see isPlausibleKey). */
export function hasPlausibleKeys(address: PreviewAddress): boolean {
  const keys = address.kind === 'clan'
    ? [address.league, address.clanKey, address.match]
    : address.kind === 'player'
      ? [address.player.playerId, address.player.reading === 'proxy' ? address.player.division : address.player.league, address.match]
      : [address.board, address.id];
  return keys.every((key) => key === undefined || isPlausibleKey(key));
}

const enc = encodeURIComponent;

/**
 * An address as a link to share: its path, the league the page shows and the open match, nothing else of its
 * query. Reading 1 without a league names `shownLeague`, the one the page picks and then writes into its address.
 */
export function canonicalPathOf(address: PreviewAddress, shownLeague: string | undefined): string {
  if (address.kind === 'post') return `/${address.site}/${address.board.split('/').map(enc).join('/')}/${enc(address.id)}`;
  const query = new URLSearchParams();
  let path: string;
  if (address.kind === 'clan') {
    path = `/league/${enc(address.league)}/clan/${enc(address.clanKey)}`;
  } else if (address.player.reading === 'proxy') {
    path = `/player/${enc(address.player.division)}/${enc(address.player.playerId)}`;
  } else if (address.player.reading === 'league') {
    path = `/league/${enc(address.player.league)}/player/${enc(address.player.playerId)}`;
  } else {
    path = `/sal/player/${enc(address.player.playerId)}`;
    const league = address.player.league ?? shownLeague;
    if (league) query.set('league', league);
  }
  if (address.match) query.set('match', address.match);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
