// A worker reads its next model while converting the current one: the same checks as the
// synchronous read (inside the root, a regular file, its size), no descriptor left open, and the
// pool's worker side tells the handler which task is queued next.
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReadAhead, startModelRead } from '../src/read-ahead.js';
import { WorkerPool } from '../src/node.js';
import { ensureBuilt } from './built.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

const tmp = scratchFolder;

/** Open descriptors of this process (Linux), to show none is left behind. */
const openFds = () => (process.platform === 'linux' ? readdirSync('/proc/self/fd').length : 0);

/** Seeded bytes, so a read that shifted or truncated them would not match. */
function bytesOf(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) out[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return out;
}

/**
 * The bytes read, if they are exactly `expected` (vitest's toEqual walks a 300 KB array value by
 * value: 1.2 CPU-s each, issue #30), else what was read, for the failure message.
 */
function sameBytes(read: Uint8Array | undefined, expected: Uint8Array): true | string {
  if (read instanceof Uint8Array && read.length === expected.length && Buffer.compare(read, expected) === 0) return true;
  return read === undefined ? 'undefined' : `${read.constructor.name} of ${read.length} bytes, not the model's ${expected.length}`;
}

describe('startModelRead', () => {
  it('reads a model inside the root whole, in one read, and refuses what the synchronous read refuses', async () => {
    const base = tmp('ahead');
    const root = path.join(base, 'root');
    mkdirSync(path.join(root, 'Model'), { recursive: true });
    const model = bytesOf(300_000, 7);
    writeFileSync(path.join(root, 'Model', 'obj_a.o3d'), model);
    writeFileSync(path.join(root, 'Model', 'empty.o3d'), new Uint8Array(0));
    writeFileSync(path.join(base, 'secret.o3d'), bytesOf(100, 1));
    symlinkSync(path.join(base, 'secret.o3d'), path.join(root, 'Model', 'leaves.o3d'));
    mkdirSync(path.join(root, 'Model', 'folder.o3d'));
    const before = openFds();

    expect(sameBytes(await startModelRead(root, 'Model/obj_a.o3d'), model)).toBe(true);
    expect(await startModelRead(root, 'Model/empty.o3d')).toEqual(new Uint8Array(0));
    // Each of these is left to the synchronous read, which names the reason.
    expect(await startModelRead(root, 'Model/leaves.o3d')).toBeUndefined();
    expect(await startModelRead(root, 'Model/../../secret.o3d')).toBeUndefined();
    expect(await startModelRead(root, 'Model/folder.o3d')).toBeUndefined();
    expect(await startModelRead(root, 'Model/missing.o3d')).toBeUndefined();
    expect(await startModelRead(root, 'Model/obj_a.o3d', 299_999)).toBeUndefined();
    expect(sameBytes(await startModelRead(root, 'Model/obj_a.o3d', 300_000), model)).toBe(true);
    expect(openFds()).toBe(before);
  });

  it('ReadAhead hands a task only its own bytes, once', async () => {
    const root = tmp('ahead-one');
    writeFileSync(path.join(root, 'a.o3d'), bytesOf(1000, 1));
    writeFileSync(path.join(root, 'b.o3d'), bytesOf(2000, 2));
    const ahead = new ReadAhead(root);
    ahead.start(1, 'a.o3d');
    expect(await ahead.take(2)).toBeUndefined(); // another task's read is not handed out…
    expect(await ahead.take(1)).toEqual(bytesOf(1000, 1)); // …and stays for its own task
    expect(await ahead.take(1)).toBeUndefined();
    ahead.start(3, 'a.o3d');
    ahead.start(4, 'b.o3d'); // task 3 was taken back by the pool: its read is dropped
    expect(await ahead.take(3)).toBeUndefined();
    expect(await ahead.take(4)).toEqual(bytesOf(2000, 2));
  });
});

describe('serveTasks ahead', () => {
  it('tells the handler, as each task starts, the task queued behind it in this worker', async () => {
    ensureBuilt();
    const served = path.join(tmp('serve-ahead'), 'worker.mjs');
    writeFileSync(
      served,
      `import { serveTasks } from ${JSON.stringify(path.resolve(import.meta.dirname, '../dist/node.js'))};
const announced = [];
const handler = async (task) => {
  await new Promise((r) => setTimeout(r, 20));
  return { task, announced: [...announced] };
};
handler.ahead = (task) => announced.push(task);
serveTasks(handler);`,
    );
    // One worker, the four tasks in one message (queued before the setup): each but the last runs with its successor queued.
    const pool = new WorkerPool<string, { task: string; announced: string[] }>({ script: served, size: 1, prefetch: 3 }).start();
    const pending = ['a', 'b', 'c', 'd'].map((t) => pool.run(t));
    pool.setup(null);
    const results = await Promise.all(pending);
    expect(pool.stats().workers[0]).toMatchObject({ tasks: 4, messages: 1 });
    await pool.close();
    expect(results.map((r) => r.task)).toEqual(['a', 'b', 'c', 'd']);
    // When b started, a had announced b; when d started, c had announced d; d had nothing behind it.
    expect(results.map((r) => r.announced)).toEqual([['b'], ['b', 'c'], ['b', 'c', 'd'], ['b', 'c', 'd']]);
  }, 30_000);
});
