// The serial in-memory work of bench/src/batch.ts (every file preloaded, parse + toGlb one model
// after the other) on the main thread or inside one fresh worker thread: whether a worker's isolate
// itself costs more CPU than the main one for the same work, apart from the batch's I/O and messages.
//
// Alone: node --expose-gc --import tsx src/batch-serial-thread.ts <dir> [main|worker]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { serialInMemory, type SerialResult } from './batch.js';

const self = fileURLToPath(import.meta.url);

if (!isMainThread) {
  parentPort!.postMessage(await serialInMemory((workerData as { dir: string }).dir));
} else if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  const [dir, where = 'main'] = process.argv.slice(2);
  const result: SerialResult =
    where === 'worker'
      ? await new Promise((resolve, reject) => {
          // Workers do not inherit tsx's hooks on Node 20: the worker registers them, then loads this file.
          const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
          new Worker(boot, { eval: true, workerData: { dir } }).once('message', resolve).once('error', reject);
        })
      : await serialInMemory(dir);
  console.log(JSON.stringify({ where, loopCpuMs: Math.round(result.cpuMs), loopThreadCpuMs: result.threadCpuMs, loopMs: Math.round(result.ms), models: result.models, failed: result.failed }));
}
