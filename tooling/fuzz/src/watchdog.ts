// The watchdog that calls a silent child a hang. Silence alone misjudges a loaded machine: a child
// still burning CPU on a slow input is working, only waiting for a core (at load 40 on 2 cores,
// 2 s of CPU took 44 s of wall time and was killed as a hang). So where Linux shows the child's CPU
// time, the watchdog fires when, since the child's last answer, it has used `hangMs` of CPU (a
// spinning loop), or its CPU has not moved for `hangMs` (blocked), or `WALL_CAP` × `hangMs` of wall
// time has passed (starved past any use). Elsewhere, after `hangMs` of silence.
import { readFileSync } from 'node:fs';

/** Wall time after which a child that is still getting some CPU is a hang all the same. */
export const WALL_CAP = 8;

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system, all threads) a process has used, in ms; undefined where /proc cannot tell. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which sits in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

export interface Watchdog {
  /** Starts (or restarts) the watch: call on every answer from the child. */
  arm(): void;
  stop(): void;
}

/**
 * Watches `pid` between its answers, and calls `onHang` once when it judges a hang. `cpuOf` is the
 * CPU clock (a parameter so tests can drive it); `pollMs` how often it is read.
 */
export function watchdog(pid: number | undefined, hangMs: number, onHang: () => void, cpuOf: (pid: number) => number | undefined = processCpuMs, pollMs = Math.min(1000, Math.max(10, hangMs / 8))): Watchdog {
  let timer: NodeJS.Timeout | undefined;
  let fired = false;
  const fire = () => {
    stop();
    if (fired) return;
    fired = true;
    onHang();
  };
  function stop() {
    if (timer) clearInterval(timer);
    timer = undefined;
  }
  function arm() {
    stop();
    if (fired) return;
    const armedAt = performance.now();
    const cpuAtArm = pid === undefined ? undefined : cpuOf(pid);
    let lastCpu = cpuAtArm;
    let movedAt = armedAt;
    timer = setInterval(() => {
      const now = performance.now();
      const cpu = pid === undefined ? undefined : cpuOf(pid);
      if (cpu === undefined || cpuAtArm === undefined || lastCpu === undefined) {
        if (now - armedAt >= hangMs) fire();
        return;
      }
      if (cpu > lastCpu) movedAt = now;
      lastCpu = cpu;
      if (cpu - cpuAtArm >= hangMs || now - movedAt >= hangMs || now - armedAt >= WALL_CAP * hangMs) fire();
    }, pollMs);
  }
  return { arm, stop };
}
