import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { sharedAliases } from '../shared-paths.mjs';
import { shellPrerender } from './build/shell-prerender-plugin.ts';

/** Files worth sending compressed; smaller ones cost more to unpack than they save. */
const PRECOMPRESS = /\.(js|css|html|svg|json)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes a .br (best brotli) and a .gz beside every built file worth it, once at build time; the server sends
 * them to browsers that accept them (@fastify/static preCompressed), so no page load pays for compression.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => PRECOMPRESS.test(file));
      for (const file of files) {
        const full = path.join(outDir, file);
        const content = await readFile(full);
        if (content.length < PRECOMPRESS_MIN_BYTES) continue;
        await writeFile(`${full}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${full}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * React Router 7's package exports name only its development build (dev warnings and their strings; the package
 * keeps a production build beside it, which its exports reach from version 8 on). The site's build takes the
 * production one; `npm run dev` keeps the warnings.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: routerBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
];

function routerBuild(file: string): string {
  return fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));
}

// The API server runs on SERVER_PORT in development (scripts/dev.mjs starts both).
const serverTarget = `http://localhost:${process.env.SERVER_PORT ?? 3001}`;

export default defineConfig(({ command }) => ({
  root: 'web',
  plugins: [react(), shellPrerender(fileURLToPath(import.meta.url)), precompress()],
  resolve: {
    alias: [
      ...Object.entries(sharedAliases).map(([find, replacement]) => ({ find, replacement })),
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // Which chunks and stylesheets each page's module needs: the server preloads them from the page's head
    // (server/plugins/page-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the app's entry imports statically, in one file: every page loads all of it anyway, and the
        // dozen small chunks it came in (1.5-30 KB each, shared with the pages' chunks) took a dozen of the
        // browser's six connections to the server (HTTP/1.1) just when the page's chunk and first answers,
        // preloaded from the head, need them.
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 3000),
    proxy: {
      '/api': serverTarget,
      // Clan mark layers are drawn by the server; default_clan.png itself is served from web/public.
      '/clan-logos': {
        target: serverTarget,
        bypass: (request) => (request.url?.endsWith('/default_clan.png') ? request.url : undefined),
      },
      '/socket.io': { target: serverTarget, ws: true },
    },
  },
}));
