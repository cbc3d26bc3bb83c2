import type { VendorAd } from '../../contracts/ads.js';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { normaliseAdFields, type AdFields } from './ad-rules.js';
import { BANNER_PATH_PATTERN } from './banner-store.js';

interface AdRow {
  id: string;
  name: string;
  email: string;
  description: string;
  bannerUrl: string;
  openChatUrl: string;
  tags: string[];
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

function presentAd(row: AdRow): VendorAd {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    description: row.description,
    // An outside banner stored before banners had to be uploaded would be blocked by the CSP: shown as none.
    bannerUrl: BANNER_PATH_PATTERN.test(row.bannerUrl) ? row.bannerUrl : '',
    openChatUrl: row.openChatUrl,
    tags: row.tags,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Vendor ads: the public list of active ones and the admin's writes. */
export function adsService(prisma: Database) {
  /** Active ads for the promotion page (`all`: every ad, for the admin page), most recently updated first. */
  async function list(all: boolean): Promise<VendorAd[]> {
    const rows = await prisma.vendorAd.findMany({
      where: all ? {} : { isActive: true },
      orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
    });
    return rows.map(presentAd);
  }

  async function create(input: AdFields & { name: string }): Promise<VendorAd> {
    const fields = normaliseAdFields(input);
    return presentAd(await prisma.vendorAd.create({ data: { ...fields, name: fields.name! } }));
  }

  async function update(id: string, input: AdFields): Promise<VendorAd> {
    const fields = normaliseAdFields(input);
    const found = await prisma.vendorAd.findUnique({ where: { id }, select: { id: true } });
    if (!found) throw new NotFoundError(serverMessages.adNotFound, 'ad_not_found');
    return presentAd(await prisma.vendorAd.update({ where: { id }, data: fields }));
  }

  return { list, create, update };
}
