// Loaded into a benchmarked server process (`node --import <this file>`, before the server's own code): measures
// how late the process's event loop runs a 10 ms timer (perf_hooks.monitorEventLoopDelay), so a bench can tell a
// long synchronous turn of the server (every reader and push waits for it) from queueing elsewhere, and the
// garbage collector's pauses (one of the things a turn can be). It answers the
// bench over the process's IPC channel, not over any route: 'loop-delay:reset' starts a window,
// 'loop-delay:read' answers with the window's figures. Plain JavaScript: it loads before tsx does, also into
// another checkout's server (BENCH_LIVE_BASE).
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const RESOLUTION_MS = 10;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();

/** Milliseconds past the timer's own period: 0 for a loop that ran it on time. */
const lateness = (nanoseconds) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);

/**
 * The collector's pauses in the window: how many, their total and the longest, in ms, and the same for its full
 * (mark-compact) collections alone; the rest are scavenges of the young generation (and weak-callback runs).
 */
let gc = { pauses: 0, totalMs: 0, maxMs: 0, major: { pauses: 0, totalMs: 0, maxMs: 0 } };
const add = (figures, duration) => {
  figures.pauses += 1;
  figures.totalMs += duration;
  figures.maxMs = Math.max(figures.maxMs, duration);
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    add(gc, entry.duration);
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) add(gc.major, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });

/** The monotonic clock in microseconds, the clock of a `--cpu-prof` profile's samples. */
const monotonicMicroseconds = () => Number(process.hrtime.bigint() / 1000n);
let windowStart = monotonicMicroseconds();

process.on('message', (message) => {
  if (message === 'loop-delay:reset') {
    histogram.reset();
    gc = { pauses: 0, totalMs: 0, maxMs: 0, major: { pauses: 0, totalMs: 0, maxMs: 0 } };
    windowStart = monotonicMicroseconds();
  }
  if (message === 'loop-delay:read') {
    process.send?.({
      loopDelay: {
        p50: lateness(histogram.percentile(50)),
        p99: lateness(histogram.percentile(99)),
        max: lateness(histogram.max),
        samples: histogram.count,
        gc,
        memory: process.memoryUsage(),
        window: { startUs: windowStart, endUs: monotonicMicroseconds() },
      },
    });
  }
});
// The channel must not keep a server that is stopping alive.
process.channel?.unref();
