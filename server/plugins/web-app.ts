import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPagePath } from '../contracts/page-routes.js';
import { compressAnswer } from '../lib/answer-bytes.js';
import { serverMessages } from '../lib/messages.js';
import { acceptedEncoding } from './compression.js';
import { firstLoadTags, type BuildManifest } from './page-preloads.js';

/**
 * What a page's head says about it (title, description, link preview tags), and whether the thing it shows exists.
 * The link previews module answers it (server/modules/previews).
 */
export interface PageHeads {
  /** The head of a page of the app; 404 when the clan, player, match or post it names does not exist. */
  pageHead(pathname: string, query: URLSearchParams): Promise<{ status: 200 | 404; tags: string }>;
  /** The head of an address no page has. */
  notFoundHead(pathname: string): string;
}

const TITLE = /<title>[^<]*<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;

/** The app's index.html with `tags` (title, description and the rest) in place of its own title and description. */
export function withHeadTags(indexHtml: string, tags: string): string {
  const withoutDescription = indexHtml.replace(DESCRIPTION, '');
  // A function as the replacement: `$&` in a clan name is text, not a pattern.
  if (TITLE.test(withoutDescription)) return withoutDescription.replace(TITLE, () => tags);
  return withoutDescription.replace(/<\/head>/i, () => `${tags}\n  </head>`);
}

/** The page's head with `tags` at its end. */
function withPreloads(html: string, tags: string): string {
  return tags ? html.replace(/<\/head>/i, () => `  ${tags}\n  </head>`) : html;
}

/** The build's manifest (Vite writes it: web/vite.config.ts), or null when the build has none. */
async function readManifest(file: string): Promise<BuildManifest | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as BuildManifest;
  } catch {
    return null;
  }
}

/** The built app's page and manifest, as one build wrote them. */
interface BuiltApp {
  html: string;
  manifest: BuildManifest | null;
}

/**
 * The built app's index.html and manifest, read once per build rather than on every page request: read again only
 * when either file's modification time or size moved (a rebuild while the server runs is served, as when they were
 * read on every request), which costs two stats a page instead of reading and parsing both.
 */
function builtAppReader(indexFile: string, manifestFile: string): () => Promise<BuiltApp> {
  let current: { stamp: string; read: Promise<BuiltApp> } | undefined;
  const stampOf = async (file: string) => {
    const found = await stat(file).catch(() => null);
    return found ? `${found.mtimeMs}:${found.size}` : 'none';
  };
  return async () => {
    const stamp = (await Promise.all([stampOf(indexFile), stampOf(manifestFile)])).join('/');
    if (current?.stamp !== stamp) {
      const read = Promise.all([readFile(indexFile, 'utf8'), readManifest(manifestFile)]).then(([html, manifest]) => ({ html, manifest }));
      current = { stamp, read };
      // A failed read (the build being replaced) is tried again by the next request.
      read.catch(() => {
        if (current?.read === read) current = undefined;
      });
    }
    return current.read;
  };
}

/** The path as the router reads it; a malformed escape leaves it as sent. */
function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Serves the built React app from `distDir`: hashed assets cached for a year, every other GET that is not
 * an API call answered with index.html so that deep links (/league/sal-beginner) load the app. An address no
 * page has gets the app too (it shows its not-found page) but with status 404, and so does the address of a
 * clan, player, match or post that does not exist. With `heads`, each page's index.html carries its own title,
 * description and link preview tags; when they cannot be read, the page goes out as built. A page that exists carries
 * the preloads of its code and first answers (page-preloads.ts).
 */
export default fp(
  async function webAppPlugin(app: FastifyInstance, options: { distDir: string; heads?: PageHeads }) {
    const indexFile = path.join(options.distDir, 'index.html');
    const manifestFile = path.join(options.distDir, '.vite', 'manifest.json');
    const hasApp = existsSync(indexFile);
    const builtApp = builtAppReader(indexFile, manifestFile);
    if (hasApp) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        // The build wrote .br and .gz files beside the app's files (web/vite.config.ts).
        preCompressed: true,
        setHeaders(reply, filePath: string) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0]!;
      const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(pathname);
      if (!hasApp || !wantsPage || pathname.startsWith('/api/') || pathname.startsWith('/socket.io')) {
        return reply.status(404).send({ error: 'not_found', message: serverMessages.apiNotFound });
      }
      reply.header('cache-control', 'no-cache');
      const decoded = safeDecode(pathname);
      const isPage = isPagePath(decoded);
      if (!options.heads) return reply.status(isPage ? 200 : 404).type('text/html; charset=utf-8').sendFile('index.html');
      const query = new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '');
      const head = await headOf(options.heads, decoded, query, isPage).catch((error: unknown) => {
        request.log.error({ err: error }, 'could not read the page head; serving the app as built');
        return { status: isPage ? 200 : 404, tags: null };
      });
      const { html, manifest } = await builtApp();
      const withHead = head.tags === null ? html : withHeadTags(html, head.tags);
      const page = head.status === 200 ? withPreloads(withHead, firstLoadTags(manifest, pathname, query)) : withHead;
      reply.status(head.status).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
      // Compressed here: the not-found handler is no route, so the compression plugin's route hooks never see it,
      // and the page carries the pre-rendered shell (about 20 KB; 3 KB in brotli).
      const encoding = acceptedEncoding(request);
      return encoding ? reply.header('content-encoding', encoding).send(await compressAnswer(page, encoding)) : reply.send(page);
    });
  },
  { name: 'web-app' },
);

async function headOf(heads: PageHeads, pathname: string, query: URLSearchParams, isPage: boolean): Promise<{ status: number; tags: string | null }> {
  if (!isPage) return { status: 404, tags: heads.notFoundHead(pathname) };
  return heads.pageHead(pathname, query);
}
