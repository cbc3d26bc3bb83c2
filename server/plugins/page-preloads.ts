import { firstLoadOf } from '@shared/rules/first-reads.js';

/** One chunk of Vite's build manifest (web/dist/.vite/manifest.json), keyed by its source path under web/. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** The manifest's key of the app's entry: its chunks and stylesheets are in index.html already. */
const ENTRY = 'index.html';

/** The chunk at `key` and every chunk it imports statically, as manifest keys. */
function closureOf(manifest: BuildManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closureOf(manifest, imported, seen);
  return seen;
}

function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** The address's path as the router matches it: its segments, each decoded (a malformed escape left as sent). */
function pathSegments(pathname: string): string[] {
  return pathname.split('/').filter(Boolean).map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
}

/**
 * The head tags that start a page's code and first answers with the page itself (docs/decisions.md, "Phones: the
 * page's code and first answers from the head"): without them a phone asks for the page's chunk and the answers it
 * shows only once the app's module has arrived and run, a chain of round trips and a long evaluation on a slow CPU.
 * The chunks are preloaded as modules at the low priority of the app's own scripts (they do not block the first
 * paint, and the stylesheets come first); the page's stylesheets likewise; the answers as `fetch` preloads in the
 * credentials mode of the app's own calls (same-origin, `crossorigin`), which the app's fetch of the same address
 * then takes instead of asking again. Empty for a page without a first load (rules/first-reads.ts).
 */
export function firstLoadTags(manifest: BuildManifest | null, pathname: string, search: URLSearchParams): string {
  const load = firstLoadOf(pathSegments(pathname), search);
  if (!load) return '';
  const tags: string[] = [];
  if (manifest && load.module) {
    const withApp = closureOf(manifest, ENTRY);
    const chunks = [...closureOf(manifest, load.module)].filter((key) => !withApp.has(key));
    const appStyles = new Set([...withApp].flatMap((key) => manifest[key]!.css ?? []));
    for (const key of chunks) tags.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${attribute(manifest[key]!.file)}">`);
    const styles = new Set(chunks.flatMap((key) => manifest[key]!.css ?? []).filter((file) => !appStyles.has(file)));
    for (const file of styles) tags.push(`<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${attribute(file)}">`);
  }
  for (const read of load.reads) {
    const media = read.media ? ` media="${attribute(read.media)}"` : '';
    tags.push(`<link rel="preload" as="fetch" crossorigin href="${attribute(read.url)}"${media}>`);
  }
  return tags.join('\n    ');
}
