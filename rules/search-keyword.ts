/** Host of the game's official site; a keyword containing it is a pasted profile address, not a name. */
export const OFFICIAL_SITE_HOST = 'sa.nexon.com';

/** Fewest digits of an enlistment number (docs/product/search.md#enlistment-numbers). */
export const ENLISTMENT_NUMBER_MIN_DIGITS = 5;

/** What a search keyword asks for, decided before any request. */
export type SearchKeyword =
  | { kind: 'empty' }
  | { kind: 'urlWithNumber'; number: string }
  | { kind: 'urlWithoutNumber' }
  | { kind: 'enlistmentNumber'; number: string }
  | { kind: 'text'; keyword: string };

const URL_PREFIX = /^(https?:\/\/|www\.)/i;
const ENLISTMENT_NUMBER_RUN = new RegExp(`\\d{${ENLISTMENT_NUMBER_MIN_DIGITS},}`);
const ENLISTMENT_NUMBER_ONLY = new RegExp(`^\\d{${ENLISTMENT_NUMBER_MIN_DIGITS},}$`);

/** Whether a keyword looks like an address (http(s)://, www. or the official host); popular searches hide those. */
export function isUrlLike(keyword: string): boolean {
  const trimmed = keyword.trim();
  return URL_PREFIX.test(trimmed) || trimmed.toLowerCase().includes(OFFICIAL_SITE_HOST);
}

/**
 * Classifies a typed keyword (docs/product/search.md#keyword-rules): trimmed; an address yields the first run of 5+
 * digits as the enlistment number to confirm; 5+ digits alone are an enlistment number; anything else is a name or clan
 * search.
 */
export function classifySearchKeyword(input: string): SearchKeyword {
  const keyword = input.trim();
  if (keyword === '') return { kind: 'empty' };
  if (isUrlLike(keyword)) {
    const number = ENLISTMENT_NUMBER_RUN.exec(keyword)?.[0];
    return number === undefined ? { kind: 'urlWithoutNumber' } : { kind: 'urlWithNumber', number };
  }
  if (ENLISTMENT_NUMBER_ONLY.test(keyword)) return { kind: 'enlistmentNumber', number: keyword };
  return { kind: 'text', keyword };
}
