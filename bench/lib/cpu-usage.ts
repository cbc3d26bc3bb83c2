import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts process CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * The fields of /proc/<pid>/stat after the name, or undefined once the process is gone. The name in parentheses
 * may hold spaces; the fields after it start at the state (field 3): the parent is the 2nd, utime and stime
 * (fields 14 and 15) the 12th and 13th, the waited-for children's cutime and cstime the 14th and 15th.
 */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

const ticksToSeconds = (fields: string[], from: number, to: number) =>
  fields.slice(from, to + 1).reduce((sum, ticks) => sum + Number(ticks), 0) / TICKS_PER_SECOND;

/** CPU seconds a process has used so far, user and system. */
function processCpuSeconds(pid: number): number {
  const fields = statFields(pid);
  if (!fields) throw new Error(`process ${pid} is gone`);
  return ticksToSeconds(fields, 11, 12);
}

/** The parent of a process (PostgreSQL's postmaster is the parent of every backend). */
export function parentPid(pid: number): number {
  const fields = statFields(pid);
  if (!fields) throw new Error(`process ${pid} is gone`);
  return Number(fields[1]);
}

/**
 * CPU seconds of a process and its children: the living ones' own and the ended ones' (the kernel adds those to
 * the parent once it has waited for them). A child that ends while watched brings its time from before too, a
 * small overcount next to long-lived connections.
 */
function treeCpuSeconds(root: number): number {
  const rootFields = statFields(root);
  if (!rootFields) throw new Error(`process ${root} is gone`);
  let seconds = ticksToSeconds(rootFields, 11, 14);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === root) seconds += ticksToSeconds(fields, 11, 12);
  }
  return seconds;
}

/**
 * Starts counting a process's CPU seconds (with its children's when asked: PostgreSQL's postmaster and its
 * backends); the function returned gives the seconds used since. Unlike wall time, CPU seconds hardly move with
 * what else the machine runs, so a comparison of two steps taken at different moments stays fair on a busy machine.
 */
export function countCpuSeconds(pid: number, options: { withChildren: boolean }): () => number {
  const read = options.withChildren ? () => treeCpuSeconds(pid) : () => processCpuSeconds(pid);
  const atStart = read();
  return () => read() - atStart;
}

/** Starts watching CPU seconds as `read` counts them; the function returned gives the cores kept busy since. */
function watch(read: () => number): () => number {
  const startedAt = process.hrtime.bigint();
  const cpuAtStart = read();
  return () => {
    const wallSeconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
    return (read() - cpuAtStart) / wallSeconds;
  };
}

/**
 * Starts watching a process's CPU use; the function it returns tells how many cores it kept busy on average
 * since then. Shows whether a server under load was the bottleneck or waited on the rest of the machine.
 */
export function watchCpu(pid: number): () => number {
  return watch(() => processCpuSeconds(pid));
}

/** As watchCpu, for a process with its children: PostgreSQL's postmaster and every backend it runs. */
export function watchCpuWithChildren(pid: number): () => number {
  return watch(() => treeCpuSeconds(pid));
}
