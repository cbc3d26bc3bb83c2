import { previewTexts } from '../../lib/messages.js';
import { escapeMarkup } from './markup-escape.js';

/** What a page's head says about it: its title and description, and the Open Graph and Twitter card tags. */
export interface PageHead {
  /** The tab title (the one the web app sets too). */
  title: string;
  /** The title a link preview shows. */
  previewTitle: string;
  description: string;
  /** The page's canonical address, absolute. */
  url: string;
  image: { url: string; alt: string; width: number; height: number };
  type: 'website' | 'profile' | 'article';
  /** Posts: when they were written and by whom. */
  article?: { publishedTime: string; author: string };
  /** A page for something that does not exist: kept out of search indexes. */
  noIndex?: boolean;
}

const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${escapeMarkup(content)}" />`;

/** The head elements of a page, every value escaped. */
export function renderHeadTags(head: PageHead): string {
  const tags = [
    `<title>${escapeMarkup(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noIndex ? [meta('name', 'robots', 'noindex')] : [`<link rel="canonical" href="${escapeMarkup(head.url)}" />`]),
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', previewTexts.siteName),
    meta('property', 'og:locale', 'ko_KR'),
    meta('property', 'og:title', head.previewTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:image', head.image.url),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(head.image.width)),
    meta('property', 'og:image:height', String(head.image.height)),
    meta('property', 'og:image:alt', head.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.previewTitle),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image.url),
    meta('name', 'twitter:image:alt', head.image.alt),
  ];
  if (head.article) {
    tags.push(meta('property', 'article:published_time', head.article.publishedTime), meta('name', 'author', head.article.author));
  }
  return tags.join('\n    ');
}
