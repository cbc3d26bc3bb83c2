import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The lines a newcomer must not cross (docs/architecture.md): the server and the web reach each other only through
 * the one alias of what they share (`@shared/contracts/*`, `@shared/rules/*`); the shared rules import nothing but
 * each other. A new file is checked without editing this test.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
/**
 * Every module specifier of a file: static imports and re-exports, and dynamic import() calls. A specifier has no
 * space or comma, so a list of words such as `'from', 'to'` is not read as one.
 */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"\s,]+)['"]/g;

function filesUnder(folder: string): string[] {
  const full = path.join(ROOT, folder);
  return readdirSync(full).flatMap((name) => {
    const entry = path.join(full, name);
    if (name === 'node_modules' || name === 'generated' || name === 'dist') return [];
    if (statSync(entry).isDirectory()) return filesUnder(path.relative(ROOT, entry));
    return SOURCE.test(name) ? [path.relative(ROOT, entry)] : [];
  });
}

interface Import {
  file: string;
  specifier: string;
  /** The repository path a relative specifier points at; null for a package or an alias. */
  target: string | null;
}

function importsOf(folder: string): Import[] {
  return filesUnder(folder).flatMap((file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    return [...text.matchAll(SPECIFIER)].map(([, specifier]) => ({
      file,
      specifier: specifier!,
      target: specifier!.startsWith('.') ? path.normalize(path.join(path.dirname(file), specifier!)) : null,
    }));
  });
}

const describeImport = ({ file, specifier }: Import) => `${file} imports ${specifier}`;
const inside = (target: string | null, folder: string) => target !== null && (target === folder || target.startsWith(`${folder}/`));

describe('boundaries between server, web and what they share', () => {
  it('the web reaches server code only through @shared/contracts and @shared/rules', () => {
    const crossing = importsOf('web/src').filter((entry) =>
      (entry.target !== null && !inside(entry.target, 'web')) || entry.specifier.startsWith('server/'));
    expect(crossing.map(describeImport)).toEqual([]);
  });

  it('the server never imports the web, and reaches the shared rules through @shared/rules', () => {
    const crossing = importsOf('server').filter((entry) => inside(entry.target, 'web') || inside(entry.target, 'rules'));
    expect(crossing.map(describeImport)).toEqual([]);
  });

  it('the shared rules import nothing but each other', () => {
    const outside = importsOf('rules').filter((entry) => !inside(entry.target, 'rules'));
    expect(outside.map(describeImport)).toEqual([]);
  });

  it('league data is written only through ingest: other server code imports ingest through ingest-api alone', () => {
    const reaching = importsOf('server')
      .filter((entry) => !entry.file.startsWith('server/modules/ingest/'))
      .filter((entry) => inside(entry.target, 'server/modules/ingest') && entry.target !== 'server/modules/ingest/ingest-api.js');
    expect(reaching.map(describeImport)).toEqual([]);
  });

  it('the statistics feature modules share through the statistics core, never through each other', () => {
    const FEATURES = ['clans', 'matches', 'players', 'league', 'rankings', 'search', 'proxy', 'breakdowns', 'comparison'];
    const crossing = importsOf('server/modules').filter((entry) => {
      const own = entry.file.split('/')[2]!;
      const target = entry.target?.split('/')[2];
      return FEATURES.includes(own) && target !== undefined && target !== own && FEATURES.includes(target);
    });
    expect(crossing.map(describeImport)).toEqual([]);
  });

  it('the alias names only what exists to share: contracts and rules', () => {
    const aliased = [...importsOf('server'), ...importsOf('web/src'), ...importsOf('tests')]
      .filter((entry) => entry.specifier.startsWith('@shared/'))
      .filter((entry) => !/^@shared\/(contracts|rules)\/[\w-]+(\.js)?$/.test(entry.specifier));
    expect(aliased.map(describeImport)).toEqual([]);
  });
});
