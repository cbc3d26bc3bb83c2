import { clanPageVariant } from '@shared/rules/leagues.js';
import { createHash } from 'node:crypto';
import { previewTexts } from '../../lib/messages.js';
import { entityCard, siteCard } from './card/card-layouts.js';
import type { CardKit } from './card/card-parts.js';
import { CARD_HEIGHT, CARD_WIDTH, type CardRenderer } from './card/card-renderer.js';
import type { PreviewSources } from './entity-sources.js';
import { renderHeadTags, type PageHead } from './head-tags.js';
import { canonicalPathOf, hasPlausibleKeys, previewAddressOf, type PlayerAddress, type PreviewAddress } from './page-address.js';
import type { PreviewCache } from './preview-cache.js';
import type { EntityPreview } from './preview-model.js';
import { pageNameOf, previewTextOf } from './preview-text.js';
import { ANY_CHANGE, readTags } from '../stats-core/read-tags.js';

/**
 * Changes whenever the cards' drawing changes, so that their versioned addresses change with it and messengers
 * fetch the new picture.
 */
const CARD_REVISION = '1';

/** What a preview card's address (/og/...) names. */
export type CardAddress =
  | { kind: 'clan'; league: string; slug: string }
  | { kind: 'player'; league: string; playerId: string }
  | { kind: 'match'; matchId: string }
  | { kind: 'post'; board: string; id: string }
  | { kind: 'site' };

/** The head of a page and the status it is served with (404: the address names nothing that exists). */
export interface PageAnswer {
  status: 200 | 404;
  tags: string;
}

/** A card ready to draw: its entity (none for the site's card) and the version its figures make. */
export interface CardFacts {
  entity: EntityPreview | null;
  version: string;
}

export interface PreviewServiceDeps {
  sources: PreviewSources;
  kit: CardKit;
  renderer: CardRenderer;
  /** The site's public origin: previews name absolute addresses. */
  publicOrigin: string;
  /** The entities read and the cards drawn (built in buildApp, cleared there on each change of league data). */
  cache: PreviewCache;
}

export interface PreviewService {
  /** The head (title, description, Open Graph and Twitter tags) of the page at `pathname?query`. */
  pageHead(pathname: string, query: URLSearchParams): Promise<PageAnswer>;
  /** The head of an address no page has. */
  notFoundHead(pathname: string): string;
  /** What a card address shows, or null when it names nothing that exists. */
  cardFacts(address: CardAddress): Promise<CardFacts | null>;
  /** The PNG of a card (drawn once per version while it stays in the bounded store). */
  cardPng(facts: CardFacts): Promise<Buffer>;
}

const enc = encodeURIComponent;

/** The address of an entity's card: the league shown is in it, so each league's figures have their own card. */
function cardPathOf(entity: EntityPreview): string {
  switch (entity.kind) {
    case 'clan': return `/og/clan/${enc(entity.league.slug)}/${enc(entity.slug)}.png`;
    case 'player': return `/og/player/${enc(entity.league.slug)}/${enc(entity.playerId)}.png`;
    case 'match': return `/og/match/${enc(entity.matchId)}.png`;
    case 'post': return `/og/post/${enc(entity.board.slug)}/${enc(entity.id)}.png`;
  }
}

const SITE_CARD_PATH = '/og/site.png';

/** A short digest of what a card shows: equal figures draw equal cards, so the version names the picture. */
function versionOf(entity: EntityPreview | null): string {
  return createHash('sha1').update(`${CARD_REVISION}\n${JSON.stringify(entity)}`).digest('base64url').slice(0, 16);
}

/**
 * Link previews of clan, player, match and post pages. What they describe is read through `sources` (the pages'
 * own calls) and kept in `cache` until league data changes (posts are read each time: an edit announces nothing);
 * the cards are kept there by version, in a store bounded in bytes.
 */
export function previewService(deps: PreviewServiceDeps): PreviewService {
  const { sources, kit, renderer, cache } = deps;
  const origin = deps.publicOrigin;

  // What each preview shows (docs/caching.md): a clan's and a player's figures and rank in a league (the league's
  // order: every change there), a match's detail. A league a page names by alias or not at all, and the proxy
  // readings (which name clans and players by other keys than slugs and enlistment numbers): every change.
  const clan = (league: string, slug: string) => {
    const tags = clanPageVariant(league) === 'proxy' ? [ANY_CHANGE] : [readTags.clan(slug), readTags.league(league)];
    return cache.entity(JSON.stringify(['clan', league, slug]), tags, () => sources.clan(league, slug));
  };
  const player = (address: PlayerAddress) => {
    const league = address.reading === 'proxy' ? address.division : address.league ?? '';
    const tags = address.reading === 'proxy' ? [ANY_CHANGE] : [readTags.player(address.playerId), readTags.league(league)];
    return cache.entity(JSON.stringify(['player', address.reading, league, address.playerId]), tags, () => sources.player(address));
  };
  const match = (matchId: string) => cache.entity(JSON.stringify(['match', matchId]), [readTags.match(matchId)], () => sources.match(matchId));

  /** The thing the page itself is about (a clan, a player, a post). */
  function pageEntity(address: PreviewAddress): Promise<EntityPreview | null> {
    switch (address.kind) {
      case 'clan': return clan(address.league, address.clanKey);
      case 'player': return player(address.player);
      case 'post': return sources.post(address.board, address.id);
    }
  }

  const imageOf = (entity: EntityPreview | null) => {
    const path = entity ? cardPathOf(entity) : SITE_CARD_PATH;
    return `${origin}${path}?v=${versionOf(entity)}`;
  };

  function siteHead(path: string, noIndex: boolean): PageHead {
    return {
      title: previewTexts.siteName,
      previewTitle: previewTexts.siteName,
      description: previewTexts.siteDescription,
      url: `${origin}${path.split('/').map(enc).join('/')}`,
      image: { url: imageOf(null), alt: previewTexts.siteDescription, width: CARD_WIDTH, height: CARD_HEIGHT },
      type: 'website',
      noIndex,
    };
  }

  const notFound = (pathname: string): PageAnswer => ({ status: 404, tags: renderHeadTags(siteHead(pathname, true)) });

  async function pageHead(pathname: string, query: URLSearchParams): Promise<PageAnswer> {
    const address = previewAddressOf(pathname, query);
    if (!address) return { status: 200, tags: renderHeadTags(siteHead(pathname, false)) };
    if (!hasPlausibleKeys(address)) return notFound(pathname);
    const page = await pageEntity(address);
    if (!page) return notFound(pathname);
    const opened = address.kind !== 'post' && address.match ? await match(address.match) : page;
    if (!opened) return notFound(pathname);
    const text = previewTextOf(opened);
    return {
      status: 200,
      tags: renderHeadTags({
        title: previewTexts.pageTitle(pageNameOf(page)),
        previewTitle: text.title,
        description: text.description,
        url: `${origin}${canonicalPathOf(address, page.kind === 'player' ? page.league.slug : undefined)}`,
        image: { url: imageOf(opened), alt: text.imageAlt, width: CARD_WIDTH, height: CARD_HEIGHT },
        type: text.type,
        article: opened.kind === 'post' ? { publishedTime: opened.createdAt.toISOString(), author: opened.author } : undefined,
      }),
    };
  }

  async function cardFacts(address: CardAddress): Promise<CardFacts | null> {
    let entity: EntityPreview | null;
    switch (address.kind) {
      case 'site': return { entity: null, version: versionOf(null) };
      case 'clan': entity = await clan(address.league, address.slug); break;
      case 'player': entity = await player({ reading: 'league', league: address.league, playerId: address.playerId }); break;
      case 'match': entity = await match(address.matchId); break;
      case 'post': entity = await sources.post(address.board, address.id); break;
    }
    return entity ? { entity, version: versionOf(entity) } : null;
  }

  const cardPng = (facts: CardFacts): Promise<Buffer> =>
    cache.card(facts.version, () => renderer.render(facts.entity ? entityCard(kit, facts.entity) : siteCard(kit)));

  return {
    pageHead,
    notFoundHead: (pathname) => notFound(pathname).tags,
    cardFacts,
    cardPng,
  };
}
