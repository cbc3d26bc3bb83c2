import { readFileSync } from 'node:fs';

/** Linux counts process CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used so far, user and system, from /proc/<pid>/stat. */
function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The name in parentheses may hold spaces; the fields after it start at the state (field 3), so utime and stime
  // (fields 14 and 15) are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Starts watching a process's CPU use; the function it returns tells how many cores it kept busy on average
 * since then. Shows whether a server under load was the bottleneck or waited on the rest of the machine.
 */
export function watchCpu(pid: number): () => number {
  const startedAt = process.hrtime.bigint();
  const cpuAtStart = processCpuSeconds(pid);
  return () => {
    const wallSeconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
    return (processCpuSeconds(pid) - cpuAtStart) / wallSeconds;
  };
}
