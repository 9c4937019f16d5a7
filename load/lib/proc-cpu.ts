import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// CPU time used by a process, from /proc (Linux): unlike req/s and latency it barely moves when other work
// on the machine competes for the cores, so it is the steadier measure of cost on a shared machine.
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

export interface CpuTimes {
  /** Seconds in user space (the process's own code, all its threads). */
  user: number;
  /** Seconds in the kernel on its behalf (system calls: here, mostly loopback TCP). */
  system: number;
}

/** CPU seconds a process has used so far, user and system; NaN when it cannot be read (not Linux, gone). */
export function cpuTimes(pid: number | undefined): CpuTimes {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { user: Number(fields[11]) / clockTicks, system: Number(fields[12]) / clockTicks };
  } catch {
    return { user: Number.NaN, system: Number.NaN };
  }
}

/** CPU seconds a process has used so far, user and system together. */
export function cpuSeconds(pid: number | undefined): number {
  const t = cpuTimes(pid);
  return t.user + t.system;
}
