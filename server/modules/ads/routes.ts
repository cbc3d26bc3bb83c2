import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  BannerUploadForm, BannerUploadResponse, CreateVendorAdBody, UpdateVendorAdBody, VendorAdListResponse, VendorAdParams, VendorAdResponse,
} from '../../contracts/ads.js';
import { ErrorResponse, errorResponses } from '../../contracts/common.js';
import type { Database } from '../../db/client.js';
import { AppError, BadRequestError } from '../../lib/errors.js';
import { readUploadedFile } from '../../lib/multipart-file.js';
import { serverMessages } from '../../lib/messages.js';
import { adsService } from './ads-service.js';
import {
  BANNER_CONTENT_TYPES, BANNER_NAME_PATTERN, BANNER_RULES, bannerDir, sniffBanner, storeBanner, type BannerKind,
} from './banner-store.js';

export interface AdsModuleOptions {
  prisma: Database;
  /** Uploaded banners live in DATA_DIR/uploads/banners. */
  dataDir: string;
}

const BANNER_FIELD = 'banner';

/**
 * Vendor ads (docs/product/ads.md): the public list, the admin's writes, banner upload, and serving uploaded banners.
 */
const adsModule: FastifyPluginAsyncTypebox<AdsModuleOptions> = async (app, options) => {
  const ads = adsService(options.prisma);
  // Another module may have registered the multipart parser for the whole app already.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const adminErrors = { ...errorResponses, 413: ErrorResponse, 415: ErrorResponse };

  app.get('/api/trade/ads', {
    schema: { tags: ['ads'], summary: 'Active vendor ads', response: { 200: VendorAdListResponse, ...errorResponses } },
  }, async () => ({ ok: true as const, items: await ads.list(false) }));

  app.get('/api/trade/admin/ads', {
    preHandler: app.requireAdmin,
    schema: { tags: ['ads'], summary: 'Every vendor ad, active or not (admin)', response: { 200: VendorAdListResponse, ...errorResponses } },
  }, async () => ({ ok: true as const, items: await ads.list(true) }));

  app.post('/api/trade/admin/ads', {
    preHandler: app.requireAdmin,
    schema: {
      tags: ['ads'],
      summary: 'Add a vendor ad (admin)',
      body: CreateVendorAdBody,
      response: { 201: VendorAdResponse, ...errorResponses },
    },
  }, async (request, reply) => reply.status(201).send({ ok: true, item: await ads.create(request.body) }));

  app.put('/api/trade/admin/ads/:id', {
    preHandler: app.requireAdmin,
    schema: {
      tags: ['ads'],
      summary: 'Change some fields of a vendor ad (admin)',
      params: VendorAdParams,
      body: UpdateVendorAdBody,
      response: { 200: VendorAdResponse, ...errorResponses },
    },
  }, async (request) => ({ ok: true as const, item: await ads.update(request.params.id, request.body) }));

  app.post('/api/trade/admin/ads/upload-banner', {
    preHandler: app.requireAdmin,
    schema: {
      tags: ['ads'],
      summary: `Upload a banner (admin; multipart field "${BANNER_FIELD}"; png, jpeg, webp or gif by content; 2 MiB)`,
      consumes: ['multipart/form-data'],
      response: { 200: BannerUploadResponse, ...adminErrors },
    },
    config: {
      // The file is read by the multipart reader, not validated as a body; the document still describes the form.
      swaggerTransform: ({ schema, url }) => ({ url, schema: { ...schema, body: BannerUploadForm } }),
    },
  }, async (request) => {
    const file = await readUploadedFile(request, {
      maxBytes: BANNER_RULES.maxBytes,
      tooLarge: new AppError(413, 'banner_too_large', serverMessages.adBannerTooLarge(BANNER_RULES.maxBytes / 1024 / 1024)),
    });
    if (!file || file.fieldname !== BANNER_FIELD) throw new BadRequestError(serverMessages.adBannerMissing, 'banner_missing');
    const { bytes } = file;
    if (bytes.length === 0) throw new BadRequestError(serverMessages.adBannerMissing, 'banner_missing');
    const kind = sniffBanner(bytes);
    if (!kind) throw new AppError(415, 'banner_type', serverMessages.adBannerType);
    return { ok: true as const, url: await storeBanner(options.dataDir, bytes, kind) };
  });

  app.get('/uploads/banners/:name', {
    schema: { hide: true, params: Type.Object({ name: Type.String({ maxLength: 64 }) }) },
  }, async (request, reply) => {
    const { name } = request.params;
    const notFound = () => reply.status(404).send({ error: 'not_found', message: serverMessages.notFound });
    if (!BANNER_NAME_PATTERN.test(name)) return notFound();
    const file = path.join(bannerDir(options.dataDir), name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return notFound();
    const kind = name.slice(name.lastIndexOf('.') + 1) as BannerKind;
    return reply
      .type(BANNER_CONTENT_TYPES[kind])
      .header('content-length', info.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(createReadStream(file));
  });
};

export default adsModule;
