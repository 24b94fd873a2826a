// CPU of the child processes this process has waited for (spawnSync'd CLIs, Blender, oxlint), from
// /proc (Linux; 0 elsewhere): file-cpu.js's per-file figures and check-all's lint line both count it.
import { readFileSync } from 'node:fs';

/** Seconds of CPU of the children a process has waited for, from its /proc/<pid>/stat line (USER_HZ 100). */
export function waitedChildrenCpu(stat) {
  // Fields after the command name (which may hold spaces): state(3) … utime(14) stime cutime(16) cstime(17).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** User+system CPU seconds of the children this process has waited for so far. */
export function childrenCpu() {
  try {
    return waitedChildrenCpu(readFileSync('/proc/self/stat', 'utf8'));
  } catch {
    return 0;
  }
}
