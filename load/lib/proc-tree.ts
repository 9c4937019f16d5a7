// Resident memory of a process and everything it started (Linux /proc), for the benchmarks of `npm start`.
import { readFileSync, readdirSync } from 'node:fs';

/** VmRSS in kB of one process, 0 when it is gone. */
export function rssKb(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** The pid and every descendant (from the parent field of /proc/<pid>/stat). */
export function processTree(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(d), ppid);
    } catch {
      /* exited meanwhile */
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** MB of resident memory of the pid and its descendants. */
export const treeRssMb = (pid: number) => processTree(pid).reduce((sum, p) => sum + rssKb(p), 0) / 1024;
