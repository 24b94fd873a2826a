// The watchdog on a clock the test drives: a child that works slowly is not a hang; one that spins
// or blocks is, as is one starved past the wall-time cap.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { processCpuMs, watchdog, WALL_CAP } from '../src/watchdog.js';

describe('the fuzz runner watchdog', () => {
  afterEach(() => vi.useRealTimers());

  /** Runs the watchdog for `wallMs` of fake time while the child's CPU clock moves `cpuPerPoll` ms per 100-ms poll. */
  function watch(wallMs: number, cpuPerPoll: number, hangMs = 1000): { firedAt: number | undefined } {
    vi.useFakeTimers();
    let cpu = 500;
    const seen: { firedAt: number | undefined } = { firedAt: undefined };
    const started = performance.now();
    const dog = watchdog(1234, hangMs, () => (seen.firedAt = performance.now() - started), () => (cpu += cpuPerPoll), 100);
    dog.arm();
    vi.advanceTimersByTime(wallMs);
    dog.stop();
    return seen;
  }

  it('lets a child that gets 5% of a core work on for 5 × hang-ms (it is waiting for a core, not hung)', () => {
    expect(watch(5000, 5).firedAt).toBeUndefined();
  });

  it('calls a child that has used hang-ms of CPU since its last answer a hang (a loop)', () => {
    expect(watch(5000, 100).firedAt).toBe(1000);
  });

  it('calls a child whose CPU has not moved for hang-ms a hang (blocked)', () => {
    expect(watch(5000, 0).firedAt).toBe(1000);
  });

  it('calls a child still starved after the wall-time cap a hang', () => {
    expect(watch(20_000, 1).firedAt).toBe(WALL_CAP * 1000);
  });

  it('falls back to hang-ms of silence where the CPU clock cannot be read', () => {
    vi.useFakeTimers();
    let firedAt: number | undefined;
    const started = performance.now();
    const dog = watchdog(1234, 1000, () => (firedAt = performance.now() - started), () => undefined, 100);
    dog.arm();
    vi.advanceTimersByTime(900);
    dog.arm(); // an answer: the watch starts again
    vi.advanceTimersByTime(3000);
    dog.stop();
    expect(firedAt).toBe(1900);
  });

  it('reads a real process: a spinning child gains CPU time, a blocked one does not', async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const spin = spawn(process.execPath, ['-e', 'for (;;);']);
    const blocked = spawn(process.execPath, ['-e', 'process.stdout.write("ready", () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60000))']);
    try {
      // A loaded machine may give the spinning child a few ticks a second: wait for the first one.
      const spinAt = processCpuMs(spin.pid!)!;
      let spinNow = spinAt;
      for (let waited = 0; spinNow === spinAt && waited < 30_000; waited += 50) {
        await sleep(50);
        spinNow = processCpuMs(spin.pid!)!;
      }
      expect(spinNow).toBeGreaterThan(spinAt);
      await new Promise((resolve) => blocked.stdout.once('data', resolve));
      await sleep(500);
      const blockedAt = processCpuMs(blocked.pid!);
      await sleep(300);
      expect(blockedAt).toBeGreaterThan(0);
      expect(processCpuMs(blocked.pid!)).toBe(blockedAt);
      expect(processCpuMs(2 ** 30)).toBeUndefined();
    } finally {
      spin.kill('SIGKILL');
      blocked.kill('SIGKILL');
    }
  }, 60_000);
});
