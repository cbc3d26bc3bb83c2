import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments say where a rule comes from in words a newcomer can follow: they cite the product pages in the repository
 * (docs/product/README.md), never section numbers of the specification files or numbers of issues, neither of which
 * is in the repository. Every citation of a page, and of a heading on it, must land. New files are checked without
 * editing this test.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRODUCT_DOCS = 'docs/product';
/** Where code, tests and their comments live. */
const SOURCE_FOLDERS = ['server', 'web/src', 'rules', 'tests', 'bench', 'scripts', 'prisma'];
const SOURCE = /\.(ts|tsx|mts|mjs|js|css|html|prisma|md)$/;
/**
 * Left out: installed packages, generated code and build output, and applied migrations, whose text may never
 * change (the migration runner refuses a migration whose checksum differs from the one recorded when it ran).
 */
const SKIPPED = new Set(['node_modules', 'generated', 'dist', 'migrations']);

/** The section sign, built here so that this file does not cite anything itself. */
const SECTION_SIGN = String.fromCharCode(0xa7);
const ISSUE_NUMBER = /\bissues?\s*#?\s*\d+/i;
/** The specification's own file names: two digits, a hyphen and a name (the files outside the repository). */
const SPEC_FILE = /\b0\d-[a-z-]+\.md\b/;
/** A product page, with the heading anchor when one is cited: docs/product/trade.md#deal-lifecycle. */
const CITATION = /docs\/product\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/g;

function filesUnder(folder: string): string[] {
  const full = path.join(ROOT, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const entry = path.join(full, name);
    if (SKIPPED.has(name)) return [];
    if (statSync(entry).isDirectory()) return filesUnder(path.relative(ROOT, entry));
    return SOURCE.test(name) ? [path.relative(ROOT, entry)] : [];
  });
}

interface Line {
  file: string;
  number: number;
  text: string;
}

function sourceLines(): Line[] {
  return SOURCE_FOLDERS.flatMap(filesUnder).flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8').split('\n').map((text, index) => ({ file, number: index + 1, text })));
}

const where = ({ file, number, text }: Line) => `${file}:${number}: ${text.trim()}`;

/** The anchor a Markdown heading gets: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}_\s-]/gu, '').replace(/\s/g, '-');
}

/** Every product page with the anchors of its headings. */
function productPages(): Map<string, Set<string>> {
  const pages = new Map<string, Set<string>>();
  for (const name of readdirSync(path.join(ROOT, PRODUCT_DOCS)).filter((entry) => entry.endsWith('.md'))) {
    const text = readFileSync(path.join(ROOT, PRODUCT_DOCS, name), 'utf8');
    pages.set(name, new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => headingAnchor(heading!))));
  }
  return pages;
}

/** Why a citation of `page` (and `anchor`) does not land, or null when it does. */
function missing(pages: Map<string, Set<string>>, page: string, anchor: string | undefined): string | null {
  const anchors = pages.get(page);
  if (!anchors) return `no page ${PRODUCT_DOCS}/${page}`;
  if (anchor && !anchors.has(anchor)) return `no heading #${anchor} on ${PRODUCT_DOCS}/${page}`;
  return null;
}

describe('citations of the product rules', () => {
  const lines = sourceLines();
  const pages = productPages();

  it('reads the source tree and the product pages', () => {
    expect(lines.some((line) => line.file.startsWith('server/'))).toBe(true);
    expect(lines.some((line) => line.file.startsWith('web/src/'))).toBe(true);
    expect(pages.get('README.md')?.size).toBeGreaterThan(0);
  });

  it('no source file cites a section sign, an issue number or a specification file', () => {
    const offending = lines.filter(({ text }) => text.includes(SECTION_SIGN) || ISSUE_NUMBER.test(text) || SPEC_FILE.test(text));
    expect(offending.map(where)).toEqual([]);
  });

  it('every product page and heading a source file cites exists', () => {
    const broken = lines.flatMap((line) => [...line.text.matchAll(CITATION)]
      .map(([, page, anchor]) => missing(pages, page!, anchor))
      .filter((problem): problem is string => problem !== null)
      .map((problem) => `${where(line)} (${problem})`));
    expect(broken).toEqual([]);
  });

  it('every link between the product pages lands on a page and heading that exist', () => {
    const broken = [...pages.keys()].flatMap((page) => {
      const text = readFileSync(path.join(ROOT, PRODUCT_DOCS, page), 'utf8');
      return [...text.matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target]) => {
        if (/^[a-z]+:/.test(target!)) return [];
        const [file, anchor] = target!.split('#') as [string, string | undefined];
        if (file.startsWith('../')) {
          return existsSync(path.join(ROOT, PRODUCT_DOCS, file)) ? [] : [`${page}: ${target} (no such file)`];
        }
        const problem = missing(pages, file === '' ? page : file, anchor);
        return problem ? [`${page}: ${target} (${problem})`] : [];
      });
    });
    expect(broken).toEqual([]);
  });
});
