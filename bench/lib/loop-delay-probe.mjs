// Loaded into a benchmarked server process (`node --import <this file>`, before the server's own code): measures
// how late the process's event loop runs a 10 ms timer (perf_hooks.monitorEventLoopDelay), so a bench can tell a
// long synchronous turn of the server (every reader and push waits for it) from queueing elsewhere, and the
// garbage collector's pauses (one of the things a turn can be). It answers the
// bench over the process's IPC channel, not over any route: 'loop-delay:reset' starts a window,
// 'loop-delay:read' answers with the window's figures. Plain JavaScript: it loads before tsx does, also into
// another checkout's server (BENCH_LIVE_BASE).
import { openSync, readSync } from 'node:fs';
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
  // An entry's startTime is on performance.now()'s clock: moved to the monotonic one.
  const toMonotonic = monotonicMs() - performance.now();
  for (const entry of list.getEntries()) {
    add(gc, entry.duration);
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) add(gc.major, entry.duration);
    if (entry.duration > 1 && gcPauses.length < STALLS_MAX) gcPauses.push([entry.startTime + toMonotonic, entry.duration]);
  }
}).observe({ entryTypes: ['gc'] });

/** The monotonic clock in microseconds, the clock of a `--cpu-prof` profile's samples. */
const monotonicMicroseconds = () => Number(process.hrtime.bigint() / 1000n);
let windowStart = monotonicMicroseconds();

/*
 * The loop's stalls: stretches of STALL_MS or more in which a timer due every TICK_MS did not run, on the
 * monotonic clock (the one every process of the machine reads), so the bench can line them up with its readers'
 * samples. Each with what the main thread did meanwhile, from Linux's scheduler statistics of the thread
 * (/proc/self/task/<pid>/schedstat: ns on a core, ns runnable but waiting for one): a stall the thread spent
 * waiting is the machine's cores taken by others, not the server's own work. Null elsewhere than Linux.
 */
const TICK_MS = 5;
const STALL_MS = 20;
const STALLS_MAX = 5_000;
const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;
const schedstat = (() => {
  try {
    const fd = openSync(`/proc/self/task/${process.pid}/schedstat`, 'r');
    const buffer = Buffer.alloc(128);
    return () => {
      const [onCore, waiting] = buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0)).split(' ').map(Number);
      return { onCoreMs: onCore / 1e6, waitingMs: waiting / 1e6 };
    };
  } catch {
    return () => null;
  }
})();
/** [start ms, length ms, ms on a core, ms waiting for a core] (the last two null without schedstat). */
let stalls = [];
/** The collector's pauses over 1 ms: [start ms on the monotonic clock, length ms]. */
let gcPauses = [];
let lastTick = { at: monotonicMs(), sched: schedstat() };
setInterval(() => {
  const tick = { at: monotonicMs(), sched: schedstat() };
  if (tick.at - lastTick.at >= STALL_MS && stalls.length < STALLS_MAX) {
    const spent = (key) => (tick.sched && lastTick.sched ? tick.sched[key] - lastTick.sched[key] : null);
    stalls.push([lastTick.at, tick.at - lastTick.at, spent('onCoreMs'), spent('waitingMs')]);
  }
  lastTick = tick;
}, TICK_MS).unref();

process.on('message', (message) => {
  if (message === 'loop-delay:reset') {
    histogram.reset();
    gc = { pauses: 0, totalMs: 0, maxMs: 0, major: { pauses: 0, totalMs: 0, maxMs: 0 } };
    windowStart = monotonicMicroseconds();
    stalls = [];
    gcPauses = [];
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
        stalls,
        gcPauses,
      },
    });
  }
});
// The channel must not keep a server that is stopping alive.
process.channel?.unref();
