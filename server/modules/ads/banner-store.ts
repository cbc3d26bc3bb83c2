import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Banner images: what we accept, recognised by their first bytes (never by the file name or the sent type). */
export const BANNER_RULES = {
  /** 2 MiB: a wide banner in any of the formats fits; larger files are refused with 413. */
  maxBytes: 2 * 1024 * 1024,
} as const;

export type BannerKind = 'png' | 'jpg' | 'webp' | 'gif';

export const BANNER_CONTENT_TYPES: Readonly<Record<BannerKind, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** Where stored banners are served: /uploads/banners/<32 hex>.<kind>. */
export const BANNER_URL_PREFIX = '/uploads/banners/';
export const BANNER_NAME_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;
export const BANNER_PATH_PATTERN = /^\/uploads\/banners\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image format of `bytes` by its signature, or null for anything else. */
export function sniffBanner(bytes: Buffer): BannerKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** The folder under DATA_DIR that holds uploaded banners. */
export const bannerDir = (dataDir: string) => path.join(dataDir, 'uploads', 'banners');

/** Stores an image under a fresh random name (the sender's name is never used) and returns its URL. */
export async function storeBanner(dataDir: string, bytes: Buffer, kind: BannerKind): Promise<string> {
  const dir = bannerDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${kind}`;
  await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return `${BANNER_URL_PREFIX}${name}`;
}
