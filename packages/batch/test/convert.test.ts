import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readFileSync, readdirSync, symlinkSync, writeFileSync, ftruncateSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cpuClock } from '@relic3d/test-harness';
import { toGlb } from '@relic3d/gltf';
import { parse as parseO3d } from '@relic3d/o3d';
import { writeSampleO3d } from '@relic3d/fixtures/o3d';
import { writeGameFolder, type GameFolderManifest } from '../../../bench/src/game-folder.js';
import { lruCache } from '@relic3d/core';
import { convertBatch, isRelicGlb, planOutputs, removeTemp, scanFolder, sharedOnlyCache, tempName, writeAtomic, WorkerPool, type BatchFileResult } from '../src/node.js';
import { ensureBuilt, eventually, threadCount } from './built.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

const tmp = scratchFolder;

async function relicGlb(): Promise<Uint8Array> {
  const { o3d, chr, ani } = writeSampleO3d();
  const scene = await parseO3d(o3d, { fileName: 'mvr_sample.o3d', skeleton: chr, motions: { sway: ani } });
  return toGlb(scene);
}

describe('writeAtomic', () => {
  let glb: Uint8Array;
  beforeAll(async () => {
    glb = await relicGlb();
  });

  it('writes through a temporary file in the target folder and leaves only the output', async () => {
    const out = tmp('atomic');
    const target = await writeAtomic(out, 'a/b/model.glb', glb, { taskId: 7 });
    expect(target).toBe(path.join(out, 'a', 'b', 'model.glb'));
    // Buffer.compare: vitest's toEqual walks bytes one by one (about 4 µs each; issue #30).
    expect(Buffer.compare(readFileSync(target), glb)).toBe(0);
    expect(readdirSync(path.join(out, 'a', 'b'))).toEqual(['model.glb']);
    expect(isRelicGlb(target)).toBe(true);
  });

  it('replaces a .glb relic3d wrote, refuses any other existing file unless forced', async () => {
    const out = tmp('existing');
    await writeAtomic(out, 'm.glb', glb, { taskId: 1 });
    await writeAtomic(out, 'm.glb', glb, { taskId: 2 });
    writeFileSync(path.join(out, 'notes.glb'), 'my own notes');
    await expect(writeAtomic(out, 'notes.glb', glb, { taskId: 3 })).rejects.toMatchObject({ code: 'OUTPUT_EXISTS' });
    expect(readFileSync(path.join(out, 'notes.glb'), 'utf8')).toBe('my own notes');
    // A .glb another tool wrote (its generator is not relic3d) is not ours either.
    const foreign = Buffer.from(glb);
    foreign.write('"generator":"Blender 4.0  "', foreign.indexOf('"generator"'), 'latin1');
    writeFileSync(path.join(out, 'blender.glb'), foreign);
    expect(isRelicGlb(path.join(out, 'blender.glb'))).toBe(false);
    await expect(writeAtomic(out, 'blender.glb', glb, { taskId: 4 })).rejects.toThrow(/not a \.glb relic3d wrote/);
    await writeAtomic(out, 'notes.glb', glb, { taskId: 5, force: true });
    expect(isRelicGlb(path.join(out, 'notes.glb'))).toBe(true);
  });

  it('never writes through a symlink planted in the output folder, forced or not', async () => {
    const root = tmp('planted');
    const out = path.join(root, 'out');
    mkdirSync(out);
    const victim = path.join(root, 'victim.txt');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, path.join(out, 'model.glb'));
    mkdirSync(path.join(root, 'elsewhere'));
    symlinkSync(path.join(root, 'elsewhere'), path.join(out, 'sub'));
    for (const force of [false, true]) {
      await expect(writeAtomic(out, 'model.glb', glb, { taskId: 1, force })).rejects.toMatchObject({ code: 'OUTPUT_OUTSIDE' });
      await expect(writeAtomic(out, 'sub/model.glb', glb, { taskId: 2, force })).rejects.toMatchObject({ code: 'OUTPUT_OUTSIDE' });
    }
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(readdirSync(path.join(root, 'elsewhere'))).toEqual([]);
    expect(lstatSync(path.join(out, 'model.glb')).isSymbolicLink()).toBe(true);
    await expect(writeAtomic(out, '../escape.glb', glb, { taskId: 3 })).rejects.toMatchObject({ code: 'OUTPUT_OUTSIDE' });
    expect(existsSync(path.join(root, 'escape.glb'))).toBe(false);
  });

  it('a failed write (a full disk) leaves neither a temporary file nor a truncated output', async () => {
    const out = tmp('enospc');
    await writeAtomic(out, 'keep.glb', glb, { taskId: 1 });
    await expect(writeAtomic(out, 'keep.glb', new Uint8Array(10), { taskId: 2, failWith: 'ENOSPC' })).rejects.toThrow(/ENOSPC/);
    await expect(writeAtomic(out, 'new.glb', glb, { taskId: 3, failWith: 'ENOSPC' })).rejects.toThrow(/ENOSPC/);
    expect(readdirSync(out)).toEqual(['keep.glb']);
    expect(Buffer.compare(readFileSync(path.join(out, 'keep.glb')), glb)).toBe(0);
  });

  it('removeTemp deletes what a killed task left, and nothing else', () => {
    const out = tmp('leftover');
    mkdirSync(path.join(out, 'd'));
    writeFileSync(path.join(out, 'd', tempName('d/x.glb', 9)), 'partial');
    writeFileSync(path.join(out, 'd', 'x.glb'), 'other');
    removeTemp(out, 'd/x.glb', 9);
    expect(readdirSync(path.join(out, 'd'))).toEqual(['x.glb']);
  });
});

describe('sharedOnlyCache', () => {
  it('keeps a companion from its second use on, so single-use ones never push out shared ones', () => {
    const inner = lruCache(100);
    const cache = sharedOnlyCache(inner, 3);
    cache.set('monster.chr', 'a', 60);
    expect(cache.get('monster.chr')).toBeUndefined();
    expect(inner.size).toBe(0);
    cache.set('mvr_male.chr', 'b', 60);
    cache.set('mvr_male.chr', 'b', 60);
    expect(cache.get('mvr_male.chr')).toBe('b');
    for (const k of ['x', 'y', 'z']) cache.set(k, k, 60); // single uses: the shared one stays
    expect(cache.get('mvr_male.chr')).toBe('b');
    // Only `remember` keys are remembered: the oldest first use is forgotten.
    cache.set('monster.chr', 'a', 10);
    expect(cache.get('monster.chr')).toBeUndefined();
  });
});

describe('planOutputs', () => {
  it('mirrors paths and keeps two models of one stem apart, whatever their case', () => {
    const outputs = planOutputs([{ file: 'a/x.o3d', size: 1 }, { file: 'a/X.ase', size: 1 }, { file: 'b/x.o3d', size: 1 }, { file: 'noext', size: 1 }]);
    expect(outputs).toEqual(['a/x.glb', 'a/X.ase.glb', 'b/x.glb', 'noext.glb']);
  });
});

describe('scanFolder', () => {
  it('sniffs 512 bytes of unknown files (a sparse 3 GB video is skipped), reports models over 2 GiB unread, walks symlink loops once', () => {
    const root = tmp('scan');
    const { o3d } = writeSampleO3d();
    writeFileSync(path.join(root, 'mvr_sample.o3d'), o3d);
    writeFileSync(path.join(root, 'noextension'), o3d); // a model without its extension
    writeFileSync(path.join(root, 'skin.dds'), 'DDS ');
    const sparse = (name: string, size: number) => {
      const fd = openSync(path.join(root, name), 'w');
      ftruncateSync(fd, size);
      closeSync(fd);
    };
    sparse('intro.mp4', 3 * 1024 ** 3);
    sparse('huge.o3d', 2 ** 31 + 4096);
    mkdirSync(path.join(root, 'sub'));
    writeFileSync(path.join(root, 'sub', 'mvr_sample.o3d'), o3d);
    // Two links back to the root: followed naively they make 2^40 paths before ELOOP.
    symlinkSync('..', path.join(root, 'sub', 'up'));
    symlinkSync('.', path.join(root, 'loop'));
    const cpuMs = cpuClock();
    const scan = scanFolder(root);
    // A hang guard in CPU time: the loops followed naively would not end.
    expect(cpuMs()).toBeLessThan(5000);
    expect(scan.inputs.map((i) => i.file)).toEqual(['huge.o3d', 'mvr_sample.o3d', 'noextension', 'sub/mvr_sample.o3d']);
    expect(scan.inputs[0].error).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(scan.inputs[1]).toEqual({ file: 'mvr_sample.o3d', size: o3d.length });
    expect(scan.skipped.map((s) => s.file)).toEqual(['intro.mp4', 'skin.dds']);
    expect(scan.unreadableFolders).toEqual([]);
  });
});

describe('WorkerPool', () => {
  const script = path.join(tmp('pool'), 'worker.mjs');
  writeFileSync(
    script,
    // The pool's worker protocol (serveTasks): tasks come in chunks; claim, then run one at a time, in order.
    `import { parentPort } from 'node:worker_threads';
let previous = Promise.resolve();
let claims;
parentPort.postMessage({ kind: 'ready', warmMs: 0 });
parentPort.on('message', (message) => {
  if (message.kind === 'claims') { claims = message.claims; return; }
  if (message.kind !== 'tasks') return;
  for (const m of message.items) previous = previous.then(() => new Promise((resolve) => {
    if (Atomics.compareExchange(claims, m.cell, 0, 1) !== 0) return resolve(parentPort.postMessage({ id: m.id, cell: m.cell, skipped: true }));
    const task = m.task;
    // A hang that blocks the thread without spinning a core (a busy loop burnt up to the 6 s timeout in CPU).
    if (task === 'hang') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    if (task === 'oom') { const hoard = []; for (;;) hoard.push(new Array(1 << 16).fill(1.5)); }
    if (task === 'exit') process.exit(3);
    setTimeout(() => resolve(parentPort.postMessage({ id: m.id, cell: m.cell, result: 'done ' + task })), task.startsWith('slow') ? 500 : 5);
  }));
});`,
  );

  it('replaces a worker that hangs, runs out of memory or exits; the other tasks (queued behind them too) finish; close leaves no thread', async () => {
    const before = threadCount();
    const lost: string[] = [];
    // 6 s: on a loaded 2-core machine filling a 48 MB heap can take seconds; it must end as OUT_OF_MEMORY, not TIMEOUT.
    const pool = new WorkerPool<string, string>({ script, size: 2, init: null, timeout: 6000, resourceLimits: { maxOldGenerationSizeMb: 48 }, onLost: (t) => lost.push(t) });
    const tasks = ['a', 'hang', 'b', 'oom', 'c', 'exit', 'd', 'e'];
    const results = await Promise.all(tasks.map((t) => pool.run(t).then((r) => r, (e) => e)));
    expect(results[0]).toBe('done a');
    expect(results[1]).toMatchObject({ name: 'TimeoutError', code: 'TIMEOUT' });
    expect(results[3]).toMatchObject({ name: 'WorkerError', code: 'OUT_OF_MEMORY' });
    expect(results[5]).toMatchObject({ name: 'WorkerError', message: expect.stringContaining('exited (code 3)') });
    for (const i of [2, 4, 6, 7]) expect(results[i]).toBe(`done ${tasks[i]}`);
    expect(lost.sort()).toEqual(['exit', 'hang', 'oom']);
    expect(pool.workers).toBeLessThanOrEqual(2);
    await pool.close();
    expect(pool.workers).toBe(0);
    if (before !== undefined) expect(await eventually(() => threadCount()! <= before)).toBe(true);
  }, 30_000);

  it('a task sent ahead is timed from its own start, and runs on the replacement when the one before it hangs', async () => {
    const pool = new WorkerPool<string, string>({ script, size: 1, init: null, timeout: 800, prefetch: 1 });
    // Each takes 500 ms; the second waits 500 ms in the worker first, which must not count.
    expect(await Promise.all(['slow1', 'slow2', 'slow3'].map((t) => pool.run(t)))).toEqual(['done slow1', 'done slow2', 'done slow3']);
    const results = await Promise.all(['hang', 'a', 'b'].map((t) => pool.run(t).then((r) => r, (e) => e)));
    expect(results[0]).toMatchObject({ name: 'TimeoutError' });
    expect(results.slice(1)).toEqual(['done a', 'done b']);
    await pool.close();
  }, 30_000);

  it('an idle worker takes back a task waiting behind a long one; a started task is never taken', async () => {
    const pool = new WorkerPool<string, string>({ script, size: 2, init: null, prefetch: 1 });
    const started = performance.now();
    // 'hang' goes to the first worker, 'a' to the second, 'b' behind 'hang': it must not wait there.
    const hang = pool.run('hang').catch((e) => e);
    const a = pool.run('a');
    const b = pool.run('b');
    expect(await Promise.all([a, b])).toEqual(['done a', 'done b']);
    expect(performance.now() - started).toBeLessThan(5000);
    await pool.close();
    expect(await hang).toMatchObject({ name: 'AbortError' });
  }, 30_000);

  it('serveTasks runs one task at a time, in order; a handler that throws fails its task and the worker is replaced', async () => {
    const served = path.join(tmp('serve'), 'worker.mjs');
    writeFileSync(
      served,
      `import { serveTasks } from ${JSON.stringify(path.resolve(import.meta.dirname, '../dist/node.js'))};
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
const origin = performance.timeOrigin;
let running = 0;
serveTasks(async (task) => {
  if (task === 'throw') throw new Error('handler failed');
  running++;
  const start = origin + performance.now();
  await wait(task === 'a' ? 200 : 10);
  const overlapped = running > 1;
  running--;
  return { task, start, end: origin + performance.now(), overlapped };
});`,
    );
    const pool = new WorkerPool<string, { task: string; start: number; end: number; overlapped: boolean }>({ script: served, size: 1, init: null, prefetch: 1 });
    const [a, b] = await Promise.all([pool.run('a'), pool.run('b')]);
    expect([a.task, b.task]).toEqual(['a', 'b']);
    expect(a.overlapped || b.overlapped).toBe(false);
    expect(b.start).toBeGreaterThanOrEqual(a.end); // b waited for a
    const failed = await pool.run('throw').then((r) => r, (e) => e);
    expect(failed).toMatchObject({ name: 'WorkerError', message: expect.stringContaining('handler failed') });
    expect((await pool.run('c')).task).toBe('c');
    await pool.close();
  }, 30_000);

  it('close fails the tasks in flight and queued with AbortError', async () => {
    const pool = new WorkerPool<string, string>({ script, size: 1, init: null, prefetch: 0 });
    const running = pool.run('hang').catch((e) => e);
    const queued = pool.run('a').catch((e) => e);
    await new Promise((r) => setTimeout(r, 100));
    await pool.close();
    expect(await running).toMatchObject({ name: 'AbortError' });
    expect(await queued).toMatchObject({ name: 'AbortError' });
    await expect(pool.run('b')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('convertBatch on a generated game folder', () => {
  let dir: string;
  let manifest: GameFolderManifest;
  let worker: string;
  beforeAll(() => {
    worker = ensureBuilt();
    dir = tmp('game');
    manifest = writeGameFolder(dir, { scale: 0.005 });
  }, 600_000);

  const collect = async (it: AsyncIterable<BatchFileResult>) => {
    const out: BatchFileResult[] = [];
    for await (const r of it) out.push(r);
    return out;
  };

  it('converts every model once, largest first, and streams results with their input index', async () => {
    const out = tmp('game-out');
    const results = await collect(convertBatch(dir, { out, jobs: 1, workerScript: worker }));
    const scan = scanFolder(dir);
    expect(scan.inputs.map((i) => i.file)).toEqual(manifest.models.map((m) => m.file));
    expect(results.map((r) => r.index).sort((a, b) => a - b)).toEqual(scan.inputs.map((_, i) => i));
    // One worker: completion order is the schedule, largest first.
    const sizes = results.map((r) => r.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    // What crossed from the worker is small plain data: no bytes of a model, a companion or a .glb.
    const hasBytes = (v: unknown): boolean => ArrayBuffer.isView(v) || v instanceof ArrayBuffer || (typeof v === 'object' && v !== null && Object.values(v).some(hasBytes));
    for (const r of results) {
      expect(hasBytes(r), r.file).toBe(false);
      expect(JSON.stringify(r).length, r.file).toBeLessThan(2048);
      const model = manifest.models.find((m) => m.file === r.file)!;
      if (model.kind === 'broken') expect(r.status, r.file).toBe('failed');
      else {
        expect(r.status, `${r.file}: ${r.error?.message}`).toBe('converted');
        expect(r.triangles).toBe(model.trianglesAllLevels);
      }
    }
  }, 120_000);

  it('keeps at most `jobs` files in flight and `window` results waiting for a slow consumer', async () => {
    const out = tmp('game-window');
    let seen = 0;
    const states: [number, number][] = [];
    const onStart = (_file: string, inFlight: number, waiting: number) => void states.push([inFlight, waiting]);
    for await (const r of convertBatch(dir, { out, jobs: 2, window: 1, workerScript: worker, onStart })) {
      seen++;
      expect(r.file).toBeTruthy();
      // A consumer that is slower than the workers: finished files wait, no more are started.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toBe(manifest.models.length);
    expect(states.length).toBe(manifest.models.length);
    // Two workers, each running one file with seven more sent ahead (the default prefetch), and as many queued for the next message.
    expect(Math.max(...states.map(([inFlight]) => inFlight))).toBe(Math.min(32, manifest.models.length));
    expect(Math.max(...states.map(([, waiting]) => waiting))).toBeLessThanOrEqual(0);
  }, 120_000);
});
