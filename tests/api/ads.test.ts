import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { createCast, headersOf, VIEWERS, type Cast, type Viewer, type Headers, type Payload } from '../helpers/trade-fixtures.js';

/** A multipart/form-data body with one file part. */
function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----sal-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 3)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(64, 4)]);

describe('vendor ads and banner uploads', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sal-ads-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const ctx = useTestApp(() => ({ DATA_DIR: dataDir }));
  let cast: Cast;
  beforeAll(async () => {
    cast = await createCast(ctx);
  });

  const upload = (headers: Headers, field: string, filename: string, type: string, bytes: Buffer) => {
    const body = multipart(field, filename, type, bytes);
    return ctx.app.inject({
      method: 'POST', url: '/api/trade/admin/ads/upload-banner', headers: { ...headers, ...body.headers }, payload: body.payload,
    });
  };
  const createAd = (headers: Headers, payload: Payload) => ctx.app.inject({ method: 'POST', url: '/api/trade/admin/ads', headers, payload });

  describe('permission matrix', () => {
    it('anyone lists active ads; only admins list all, create, update and upload', async () => {
      const created = await createAd(cast.admin.headers, { name: '권한시험업체' });
      const id = created.json().item._id;
      const expected: Record<Viewer, number> = { anonymous: 401, buyer: 403, seller: 403, other: 403, banned: 403, admin: 200 };
      for (const viewer of VIEWERS) {
        const headers = headersOf(cast, viewer);
        expect((await ctx.app.inject({ url: '/api/trade/ads', headers })).statusCode, viewer).toBe(200);
        expect((await ctx.app.inject({ url: '/api/trade/admin/ads', headers })).statusCode, viewer).toBe(expected[viewer]);
        const adminCreate = viewer === 'admin' ? 201 : expected[viewer];
        expect((await createAd(headers, { name: `${viewer} 업체` })).statusCode, viewer).toBe(adminCreate);
        const put = await ctx.app.inject({ method: 'PUT', url: `/api/trade/admin/ads/${id}`, headers, payload: { isActive: true } });
        expect(put.statusCode, viewer).toBe(expected[viewer]);
        expect((await upload(headers, 'banner', 'a.png', 'image/png', PNG)).statusCode, viewer).toBe(expected[viewer]);
      }
    });
  });

  describe('ads', () => {
    it('creates an ad with every field, lists active ones only, and changes fields with PUT', async () => {
      const created = await createAd(cast.admin.headers, {
        name: '  믿음 상점 ', email: 'shop@example.kr', description: '24시간 운영합니다', bannerUrl: '',
        openChatUrl: 'https://open.kakao.com/o/shop', tags: ['SP', ' 빠른거래 ', 'SP', ''], isActive: true,
      });
      expect(created.statusCode).toBe(201);
      const ad = created.json().item;
      expect(ad).toMatchObject({
        name: '믿음 상점', email: 'shop@example.kr', description: '24시간 운영합니다', bannerUrl: '',
        openChatUrl: 'https://open.kakao.com/o/shop', tags: ['SP', '빠른거래'], isActive: true,
      });
      const hidden = (await createAd(cast.admin.headers, { name: '숨김 상점', isActive: false })).json().item;

      const active = (await ctx.app.inject({ url: '/api/trade/ads' })).json().items.map((item: { _id: string }) => item._id);
      expect(active).toContain(ad._id);
      expect(active).not.toContain(hidden._id);
      const all = (await ctx.app.inject({ url: '/api/trade/admin/ads', headers: cast.admin.headers })).json().items;
      expect(all.map((item: { _id: string }) => item._id)).toContain(hidden._id);

      const changed = await ctx.app.inject({
        method: 'PUT', url: `/api/trade/admin/ads/${ad._id}`, headers: cast.admin.headers, payload: { isActive: false, description: '휴업' },
      });
      expect(changed.json().item).toMatchObject({ name: '믿음 상점', description: '휴업', isActive: false });
      expect((await ctx.app.inject({ url: '/api/trade/ads' })).json().items.map((item: { _id: string }) => item._id)).not.toContain(ad._id);
    });

    it('cuts the description to 500 characters', async () => {
      const created = await createAd(cast.admin.headers, { name: '긴 설명 상점', description: '가'.repeat(800) });
      expect(created.json().item.description).toHaveLength(500);
    });

    it.each([
      [{ name: '   ' }, serverMessages.adNameRequired],
      [{ name: '상점', email: 'not-an-email' }, serverMessages.adEmailInvalid],
      [{ name: '상점', openChatUrl: 'javascript:alert(1)' }, serverMessages.adUrlInvalid],
      [{ name: '상점', openChatUrl: 'http://insecure.example' }, serverMessages.adUrlInvalid],
      [{ name: '상점', bannerUrl: '/uploads/banners/../../etc/passwd' }, serverMessages.adBannerUploadedOnly],
      [{ name: '상점', bannerUrl: 'https://cdn.example.com/banner.png' }, serverMessages.adBannerUploadedOnly],
      [{ name: '상점', bannerUrl: 'javascript:alert(1)' }, serverMessages.adBannerUploadedOnly],
      [{ name: '상점', tags: Array.from({ length: 11 }, (_, index) => `태그${index}`) }, serverMessages.adTagsInvalid(10, 20)],
    ])('refuses %j', async (payload, message) => {
      const response = await createAd(cast.admin.headers, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('answers 404 for an unknown ad and 400 for a malformed id', async () => {
      const put = (id: string) => ctx.app.inject({ method: 'PUT', url: `/api/trade/admin/ads/${id}`, headers: cast.admin.headers, payload: { name: '없음' } });
      expect((await put('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await put('nope')).statusCode).toBe(400);
    });
  });

  describe('banner upload', () => {
    it.each([
      ['png', 'myshop.png', 'image/png', PNG, 'image/png'],
      ['jpeg', 'myshop.jpg', 'image/jpeg', JPEG, 'image/jpeg'],
      ['gif', 'myshop.gif', 'image/gif', GIF, 'image/gif'],
      ['webp', 'myshop.webp', 'image/webp', WEBP, 'image/webp'],
      ['png named .txt', 'notes.txt', 'text/plain', PNG, 'image/png'],
    ])('stores a %s under a random name and serves it with its type and nosniff', async (_label, filename, sentType, bytes, servedType) => {
      const response = await upload(cast.admin.headers, 'banner', filename, sentType, bytes);
      expect(response.statusCode).toBe(200);
      const { ok, url } = response.json();
      expect(ok).toBe(true);
      expect(url).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/);
      expect(url).not.toContain(filename.split('.')[0]!);

      const served = await ctx.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(servedType);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);

      const created = await createAd(cast.admin.headers, { name: '배너 상점', bannerUrl: url });
      expect(created.json().item.bannerUrl).toBe(url);
    });

    it('refuses a non-image renamed to .png with 415 and stores nothing', async () => {
      const before = existsSync(path.join(dataDir, 'uploads', 'banners')) ? await readdir(path.join(dataDir, 'uploads', 'banners')) : [];
      const script = Buffer.from('<html><script>alert(1)</script></html>');
      const response = await upload(cast.admin.headers, 'banner', 'evil.png', 'image/png', script);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ error: 'banner_type', message: serverMessages.adBannerType });
      const after = existsSync(path.join(dataDir, 'uploads', 'banners')) ? await readdir(path.join(dataDir, 'uploads', 'banners')) : [];
      expect(after).toEqual(before);
    });

    it('refuses a file over 2 MiB with 413', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 7)]);
      const response = await upload(cast.admin.headers, 'banner', 'big.png', 'image/png', big);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: 'banner_too_large', message: serverMessages.adBannerTooLarge(2) });
    });

    it('asks for a file when the field is missing, misnamed, empty, or the request is not multipart', async () => {
      expect((await upload(cast.admin.headers, 'image', 'a.png', 'image/png', PNG)).json()).toEqual({
        error: 'banner_missing', message: serverMessages.adBannerMissing,
      });
      expect((await upload(cast.admin.headers, 'banner', 'a.png', 'image/png', Buffer.alloc(0))).statusCode).toBe(400);
      const json = await ctx.app.inject({
        method: 'POST', url: '/api/trade/admin/ads/upload-banner', headers: cast.admin.headers, payload: { banner: 'x' },
      });
      expect(json.statusCode).toBe(400);
    });

    it("every banner the ads list hands out is one the page's CSP lets the browser load", async () => {
      const { url } = (await upload(cast.admin.headers, 'banner', 'shop.png', 'image/png', PNG)).json();
      const ad = (await createAd(cast.admin.headers, { name: 'CSP 상점', bannerUrl: url })).json().item;
      // An outside banner stored before the rule (written straight to the table) is handed out as none.
      const legacy = await ctx.db.prisma.vendorAd.create({ data: { name: '예전 상점', bannerUrl: 'https://cdn.example.com/old.png' } });
      // An attempt to switch to an outside banner is refused and leaves the uploaded one.
      const refused = await ctx.app.inject({
        method: 'PUT', url: `/api/trade/admin/ads/${ad._id}`, headers: cast.admin.headers, payload: { bannerUrl: 'https://cdn.example.com/x.png' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'invalid_banner', message: serverMessages.adBannerUploadedOnly });

      const page = await ctx.app.inject({ url: '/trade/ads' });
      const imgSrc = String(page.headers['content-security-policy']).split(';').map((part) => part.trim().split(/\s+/))
        .find(([name]) => name === 'img-src')!.slice(1);
      expect(imgSrc).toContain("'self'");
      expect(imgSrc.some((source) => source.startsWith('https') || source === '*')).toBe(false);
      const items = (await ctx.app.inject({ url: '/api/trade/ads' })).json().items as { _id: string; bannerUrl: string }[];
      const banners = new Map(items.map((item) => [item._id, item.bannerUrl]));
      expect(banners.get(ad._id)).toBe(url);
      expect(banners.get(legacy.id)).toBe('');
      // Same-origin paths only ('self'), each one served as an image.
      for (const banner of [...banners.values()].filter(Boolean)) {
        expect(banner).toMatch(/^\/uploads\/banners\//);
        expect((await ctx.app.inject({ url: banner })).headers['content-type']).toMatch(/^image\//);
      }
    });

    it('serves nothing outside the banner folder and 404s unknown names', async () => {
      expect((await ctx.app.inject({ url: '/uploads/banners/..%2F..%2Fjwt-secret' })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: `/uploads/banners/${'0'.repeat(32)}.png` })).statusCode).toBe(404);
    });
  });
});
