import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The module a benchmarked server loads first to measure its event loop (`node --import`). */
export const LOOP_DELAY_PROBE = fileURLToPath(new URL('./loop-delay-probe.mjs', import.meta.url));

/** How late an event loop ran a 10 ms timer over a window, in ms past its period (0: on time). */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  samples: number;
  /** The garbage collector's pauses in the window (the server's only), and its full collections' among them. */
  gc?: GcPauses & { major?: GcPauses };
  /** The server's memory at the window's end (process.memoryUsage). */
  memory?: { rss: number; heapUsed: number; heapTotal: number; external: number };
  /** The window on the process's monotonic clock (microseconds): the clock of its CPU profile's samples. */
  window?: { startUs: number; endUs: number };
  /** The server's loop stalls in the window and the collector's pauses over 1 ms, on the monotonic clock (loop-delay-probe.mjs). */
  stalls?: RawStall[];
  gcPauses?: Array<[startMs: number, ms: number]>;
}

/** A stall as the probe sends it: start and length, and the main thread's ms on a core and waiting for one (null off Linux). */
export type RawStall = [startMs: number, ms: number, onCoreMs: number | null, waitingMs: number | null];

/** Pauses of the collector: how many, their total and the longest, in ms. */
interface GcPauses {
  pauses: number;
  totalMs: number;
  maxMs: number;
}

const RESOLUTION_MS = 10;

/** A window of the server's loop delay, measured by the probe inside it (see loop-delay-probe.mjs). */
export function watchServerLoopDelay(child: ChildProcess): () => Promise<LoopDelay> {
  child.send('loop-delay:reset');
  return () => new Promise((resolve, reject) => {
    const onMessage = (message: { loopDelay?: LoopDelay }) => {
      if (!message.loopDelay) return;
      child.off('message', onMessage);
      resolve(message.loopDelay);
    };
    child.on('message', onMessage);
    if (!child.send('loop-delay:read')) reject(new Error('the server process took no message: started without the loop-delay probe?'));
  });
}

/**
 * A window of this process's own loop delay: the bench's clients time every answer and push, so a bench process
 * that holds its own loop counts its own turns into the server's latencies.
 */
export function watchOwnLoopDelay(): () => LoopDelay {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const lateness = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);
  return () => {
    histogram.disable();
    return { p50: lateness(histogram.percentile(50)), p99: lateness(histogram.percentile(99)), max: lateness(histogram.max), samples: histogram.count };
  };
}

/** The collector's pauses as a phrase: how many, the total and the longest, then those of its full collections. */
export function formatGcPauses(delay: LoopDelay | undefined): string {
  if (!delay?.gc) return '-';
  const phrase = (gc: GcPauses) => `${gc.pauses} pauses, ${Math.round(gc.totalMs).toLocaleString('en')} ms in all, longest ${Math.round(gc.maxMs)} ms`;
  const pauses = delay.gc.major ? `${phrase(delay.gc)} (full collections: ${phrase(delay.gc.major)})` : phrase(delay.gc);
  const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
  const { memory } = delay;
  return memory ? `${pauses}; heap ${mb(memory.heapUsed)} used of ${mb(memory.heapTotal)}, RSS ${mb(memory.rss)}` : pauses;
}

/** As a table cell: p50 / p99 / max ms. */
export function formatLoopDelay(delay: LoopDelay | undefined): string {
  if (!delay) return '-';
  const ms = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en'));
  return `${ms(delay.p50)} / ${ms(delay.p99)} / ${ms(delay.max)}`;
}
