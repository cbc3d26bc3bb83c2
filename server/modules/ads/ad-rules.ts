import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { BANNER_PATH_PATTERN } from './banner-store.js';

/**
 * Limits of a vendor ad (the description is cut to 500 characters, as the spec says; the rest are our own:
 * docs/product/ads.md#ad-fields).
 */
export const AD_RULES = {
  nameMaxLength: 60,
  descriptionMaxLength: 500,
  maxTags: 10,
  tagMaxLength: 20,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Only https addresses may be shown as links: never javascript: or plain http (the open-chat address). */
function checkAddress(value: string): string {
  const text = value.trim();
  if (text === '') return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BadRequestError(serverMessages.adUrlInvalid, 'invalid_url');
  }
  if (url.protocol !== 'https:') throw new BadRequestError(serverMessages.adUrlInvalid, 'invalid_url');
  return url.toString();
}

/**
 * A banner is one of our uploaded images or none. The site's CSP shows images from the site itself only
 * (img-src 'self'), which keeps visitors' browsers from contacting outside hosts (no tracking pixels, no Referer
 * sent out) and keeps every image checked by its bytes at upload; an outside address would never load.
 */
function checkBanner(value: string): string {
  const text = value.trim();
  if (text === '' || BANNER_PATH_PATTERN.test(text)) return text;
  throw new BadRequestError(serverMessages.adBannerUploadedOnly, 'invalid_banner');
}

export interface AdFields {
  name?: string;
  email?: string;
  description?: string;
  bannerUrl?: string;
  openChatUrl?: string;
  tags?: string[];
  isActive?: boolean;
}

/** Trims and checks the given fields; the description is cut (not refused) past 500 characters. */
export function normaliseAdFields(input: AdFields): AdFields {
  const out: AdFields = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) throw new BadRequestError(serverMessages.adNameRequired, 'name_required');
    if (name.length > AD_RULES.nameMaxLength) {
      throw new BadRequestError(serverMessages.adNameTooLong(AD_RULES.nameMaxLength), 'name_too_long');
    }
    out.name = name;
  }
  if (input.email !== undefined) {
    const email = input.email.trim();
    if (email && !EMAIL.test(email)) throw new BadRequestError(serverMessages.adEmailInvalid, 'invalid_email');
    out.email = email;
  }
  if (input.description !== undefined) out.description = input.description.trim().slice(0, AD_RULES.descriptionMaxLength);
  if (input.bannerUrl !== undefined) out.bannerUrl = checkBanner(input.bannerUrl);
  if (input.openChatUrl !== undefined) out.openChatUrl = checkAddress(input.openChatUrl);
  if (input.tags !== undefined) {
    const tags = [...new Set(input.tags.map((tag) => tag.trim()).filter(Boolean))];
    if (tags.length > AD_RULES.maxTags || tags.some((tag) => tag.length > AD_RULES.tagMaxLength)) {
      throw new BadRequestError(serverMessages.adTagsInvalid(AD_RULES.maxTags, AD_RULES.tagMaxLength), 'invalid_tags');
    }
    out.tags = tags;
  }
  if (input.isActive !== undefined) out.isActive = input.isActive;
  return out;
}
