// WorkerPool: workers started before their setup exists (the batch scans meanwhile), tasks sent in
// chunks, a task's clock that starts when its worker has booted, and the pool's own accounting.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkerPool } from '../src/node.js';
import { ensureBuilt } from './built.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

const dir = scratchFolder('pool-setup');

/** A worker speaking the pool's protocol by hand: boots in `bootMs`, answers `setup:<init> <task>`. */
function workerScript(bootMs: number): string {
  const file = path.join(dir, `worker-${bootMs}.mjs`);
  writeFileSync(
    file,
    `import { parentPort } from 'node:worker_threads';
// A slow boot (loading code on a loaded machine), blocked without spinning a core: the pool times boots on the wall clock.
if (${bootMs} > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${bootMs});
parentPort.postMessage({ kind: 'ready', warmMs: 0 });
let claims, init = 'none', previous = Promise.resolve();
parentPort.on('message', (message) => {
  if (message.kind === 'claims') claims = message.claims;
  else if (message.kind === 'setup') init = message.init;
  else for (const m of message.items) previous = previous.then(() => new Promise((resolve) => {
    if (Atomics.compareExchange(claims, m.cell, 0, 1) !== 0) return resolve(parentPort.postMessage({ id: m.id, cell: m.cell, skipped: true }));
    setTimeout(() => resolve(parentPort.postMessage({ id: m.id, cell: m.cell, result: 'setup:' + init + ' ' + m.task, ms: 2 })), 2);
  }));
});`,
  );
  return file;
}

describe('WorkerPool setup, chunks and accounting', () => {
  it('starts its workers before the setup exists; no task runs before it, and every worker gets it once', async () => {
    const pool = new WorkerPool<string, string>({ script: workerScript(0), size: 2 }).start();
    expect(pool.workers).toBe(2);
    const pending = ['a', 'b', 'c'].map((t) => pool.run(t));
    await new Promise((r) => setTimeout(r, 300));
    // Booted, but nothing was sent: the setup is not there yet.
    expect(pool.stats().workers.map((w) => w.tasks)).toEqual([0, 0]);
    expect(pool.stats().workers.map((w) => w.messages)).toEqual([0, 0]);
    pool.setup('scan-1');
    expect(await Promise.all(pending)).toEqual(['setup:scan-1 a', 'setup:scan-1 b', 'setup:scan-1 c']);
    expect(() => pool.setup('scan-2')).toThrow(/already/);
    await pool.close();
  }, 30_000);

  it('sends tasks in chunks (more than two per message on average), and counts every task once', async () => {
    const pool = new WorkerPool<string, string>({ script: workerScript(0), size: 2, init: 'x', prefetch: 7 }).start();
    const tasks = Array.from({ length: 64 }, (_, i) => `t${i}`);
    const results = await Promise.all(tasks.map((t) => pool.run(t)));
    expect(results).toEqual(tasks.map((t) => `setup:x ${t}`));
    const stats = pool.stats();
    expect(stats.workers.reduce((n, w) => n + w.tasks, 0)).toBe(64);
    const messages = stats.workers.reduce((n, w) => n + w.messages, 0);
    // All 64 queued at once: the first message to each worker fills its depth of 8, later ones refill
    // up to 4; only at the end does an idle worker take single tasks back from a busy one.
    expect(messages).toBeLessThan(64 / 2);
    for (const w of stats.workers) {
      expect(w.busyMs).toBeCloseTo(w.tasks * 2, 5);
      expect(w.bootMs).toBeGreaterThanOrEqual(0);
    }
    await pool.close();
  }, 30_000);

  it('a huge prefetch is capped below the claim cells, so tasks still flow', async () => {
    const pool = new WorkerPool<string, string>({ script: workerScript(0), size: 1, init: 'z', prefetch: 1_000_000 });
    expect(pool.prefetch).toBe(63);
    const tasks = Array.from({ length: 200 }, (_, i) => `t${i}`);
    expect(await Promise.all(tasks.map((t) => pool.run(t)))).toEqual(tasks.map((t) => `setup:z ${t}`));
    await pool.close();
  }, 30_000);

  it("a task's timeout runs from its worker's boot, not from its sending", async () => {
    // The worker takes 1.5 s to boot; each task takes 2 ms; the timeout is 700 ms.
    const pool = new WorkerPool<string, string>({ script: workerScript(1500), size: 1, init: 'y', timeout: 700 });
    expect(await pool.run('a')).toBe('setup:y a');
    expect(pool.stats().workers[0].bootMs).toBeGreaterThanOrEqual(1400);
    await pool.close();
  }, 30_000);

  it.runIf(process.platform === 'linux')("counts each worker's own thread CPU: its boot, then its tasks, not its waits", async () => {
    ensureBuilt();
    const file = path.join(dir, 'cpu-worker.mjs');
    // Boot burns ~150 ms; task 'spin' burns ~300 ms of CPU, task 'sleep' waits 300 ms without any.
    writeFileSync(
      file,
      `import { readFileSync } from 'node:fs';
import { serveTasks } from ${JSON.stringify(path.resolve(import.meta.dirname, '../dist/node.js'))};
// This thread's CPU in ms, read here by hand (a loaded machine stretches wall time, not CPU time).
const own = () => { const s = readFileSync('/proc/thread-self/stat', 'latin1'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const burn = (ms) => { const until = own() + ms; while (own() < until); };
burn(150);
serveTasks(async (task) => {
  if (task === 'spin') burn(300);
  else await new Promise((r) => setTimeout(r, 300));
  return task;
});`,
    );
    const pool = new WorkerPool<string, string>({ script: file, size: 1, init: null }).start();
    expect(await pool.run('sleep')).toBe('sleep');
    const afterSleep = pool.stats().workers[0];
    expect(await pool.run('spin')).toBe('spin');
    const afterSpin = pool.stats().workers[0];
    await pool.close();
    // The worker burns by /proc/…/stat's 10-ms ticks, which are sampled; the pool reads schedstat's exact
    // time, so a burn can come out up to a few ticks short (288.9 ms was seen for 300).
    expect(afterSleep.bootCpuMs).toBeGreaterThanOrEqual(120);
    expect(afterSleep.cpuMs! - afterSleep.bootCpuMs!).toBeLessThan(100);
    expect(afterSpin.cpuMs! - afterSleep.cpuMs!).toBeGreaterThanOrEqual(260);
    expect(afterSpin.cpuMs! - afterSleep.cpuMs!).toBeLessThan(600);
  }, 60_000);
});
