import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A V8 CPU profile as `node --cpu-prof` writes it (the parts read here). */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** One synchronous turn of the event loop: samples with JavaScript on the stack, one after another, and what ran. */
export interface LongTurn {
  ms: number;
  /** The functions that ran themselves longest in it (self time), longest first. */
  selfTime: Array<{ frame: string; ms: number }>;
  /** The deepest frame of the server's own code under each sample, by time: which of its calls held the loop. */
  serverCode: Array<{ frame: string; ms: number }>;
}

/**
 * Samples with no JavaScript on the stack: the loop waiting for events (idle), or in libuv and Node's native code
 * between two callbacks (program). A turn ends at either.
 */
const BETWEEN_TURNS: ReadonlySet<string> = new Set(['(idle)', '(program)']);

/** The main thread's profile in a `--cpu-prof-dir` folder (Node names it CPU.<date>.<time>.<pid>.0.<n>.cpuprofile). */
export async function mainThreadProfile(folder: string): Promise<string | undefined> {
  const names = (await readdir(folder).catch(() => [])).filter((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name)).sort();
  return names.length > 0 ? path.join(folder, names.at(-1)!) : undefined;
}

function frameName(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const file = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : '';
  return `${frame.functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
}

const isServerCode = (url: string) => url.includes('/server/') && !url.includes('/node_modules/') && !url.includes('/generated/');

function topOf(times: Map<string, number>, count: number): Array<{ frame: string; ms: number }> {
  return [...times].sort((a, b) => b[1] - a[1]).slice(0, count).map(([frame, us]) => ({ frame, ms: us / 1000 }));
}

/**
 * The longest synchronous turns of a profile within a window of the process's monotonic clock (microseconds, as
 * the loop-delay probe reports it): runs of samples with JavaScript on the stack (or the garbage collector) and no
 * sample between callbacks. A sampled profile: each sample stands for the time until the next one (about 1 ms), so
 * callbacks shorter than that may join their neighbours, and on a loaded machine a turn includes the time the
 * thread waited for a core.
 */
export async function longestTurns(file: string, window: { startUs: number; endUs: number } | undefined, count: number): Promise<LongTurn[]> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const serverFrameOf = new Map<number, string>();
  const serverFrame = (id: number): string => {
    let cached = serverFrameOf.get(id);
    if (cached !== undefined) return cached;
    const node = byId.get(id)!;
    const parent = parentOf.get(id);
    cached = isServerCode(node.callFrame.url) ? frameName(node.callFrame) : parent === undefined ? '(none)' : serverFrame(parent);
    serverFrameOf.set(id, cached);
    return cached;
  };

  const turns: Array<{ us: number; self: Map<string, number>; server: Map<string, number> }> = [];
  let current: (typeof turns)[number] | undefined;
  let at = profile.startTime;
  for (let index = 0; index < profile.samples.length; index += 1) {
    at += profile.timeDeltas[index]!;
    const lasting = profile.timeDeltas[index + 1] ?? 0;
    const node = byId.get(profile.samples[index]!)!;
    const inWindow = !window || (at >= window.startUs && at <= window.endUs);
    if (!inWindow || BETWEEN_TURNS.has(node.callFrame.functionName)) {
      if (current) turns.push(current);
      current = undefined;
      continue;
    }
    current ??= { us: 0, self: new Map(), server: new Map() };
    current.us += lasting;
    const self = frameName(node.callFrame);
    current.self.set(self, (current.self.get(self) ?? 0) + lasting);
    const server = serverFrame(node.id);
    current.server.set(server, (current.server.get(server) ?? 0) + lasting);
  }
  if (current) turns.push(current);
  return turns.sort((a, b) => b.us - a.us).slice(0, count)
    .map((turn) => ({ ms: turn.us / 1000, selfTime: topOf(turn.self, 3), serverCode: topOf(turn.server, 3) }));
}

/** A turn as one line: its length, where the time went and which server code called it. */
export function formatTurn(turn: LongTurn): string {
  const list = (entries: Array<{ frame: string; ms: number }>) => entries.map((entry) => `${entry.frame} ${entry.ms.toFixed(0)}`).join(', ');
  return `${turn.ms.toFixed(0)} ms: self ${list(turn.selfTime)}; server code ${list(turn.serverCode)}`;
}
