import Type, { type Static } from 'typebox';

/** Vendor ads (docs/product/ads.md). */

const Id = Type.String({ format: 'uuid' });
const IsoTime = Type.String({ format: 'date-time' });

export const VendorAd = Type.Object({
  _id: Id,
  name: Type.String(),
  email: Type.String(),
  description: Type.String(),
  bannerUrl: Type.String({ description: 'an uploaded banner (/uploads/banners/...) or empty: the CSP shows no outside images' }),
  openChatUrl: Type.String({ description: 'an https address; may be empty' }),
  tags: Type.Array(Type.String()),
  isActive: Type.Boolean(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});
export type VendorAd = Static<typeof VendorAd>;

export const VendorAdListResponse = Type.Object({ ok: Type.Literal(true), items: Type.Array(VendorAd) });
export type VendorAdListResponse = Static<typeof VendorAdListResponse>;

/** The writable fields; the service trims them, checks the addresses and cuts the description to 500 characters. */
const writable = {
  name: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 254 }),
  description: Type.String({ maxLength: 20_000 }),
  bannerUrl: Type.String({ maxLength: 500 }),
  openChatUrl: Type.String({ maxLength: 500 }),
  tags: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 }),
  isActive: Type.Boolean(),
};

export const CreateVendorAdBody = Type.Object({
  name: writable.name,
  email: Type.Optional(writable.email),
  description: Type.Optional(writable.description),
  bannerUrl: Type.Optional(writable.bannerUrl),
  openChatUrl: Type.Optional(writable.openChatUrl),
  tags: Type.Optional(writable.tags),
  isActive: Type.Optional(writable.isActive),
});
export type CreateVendorAdBody = Static<typeof CreateVendorAdBody>;

/** PUT: any subset of the fields. */
export const UpdateVendorAdBody = Type.Partial(Type.Object(writable));
export type UpdateVendorAdBody = Static<typeof UpdateVendorAdBody>;

export const VendorAdParams = Type.Object({ id: Id });

export const VendorAdResponse = Type.Object({ ok: Type.Literal(true), item: VendorAd });
export type VendorAdResponse = Static<typeof VendorAdResponse>;

/** POST /api/trade/admin/ads/upload-banner: where the stored banner is served. */
/** POST /api/trade/admin/ads/upload-banner: a multipart form with the image in the field `banner`. */
export const BannerUploadForm = Type.Object({ banner: Type.String({ format: 'binary', description: 'the image file' }) });

export const BannerUploadResponse = Type.Object({ ok: Type.Literal(true), url: Type.String() });
export type BannerUploadResponse = Static<typeof BannerUploadResponse>;
