// CPU of the same conversion three ways on one folder: serially in memory (no I/O), convertBatch on
// the calling thread (jobs 0: reads, companions from disk, atomic writes) and with 1 worker: what
// the I/O and the worker each add. Alone: node --expose-gc --import tsx src/cpu-split.ts <dir>
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertBatch } from '@relic3d/batch/node';
import { serialInMemory } from './batch.js';
import { fmt } from './timing.js';

async function batchCpu(dir: string, jobs: number): Promise<number> {
  const out = mkdtempSync(path.join(os.tmpdir(), 'relic3d-split-'));
  const cpu = process.cpuUsage();
  for await (const r of convertBatch(dir, { out, jobs })) void r;
  const used = process.cpuUsage(cpu);
  rmSync(out, { recursive: true, force: true });
  return (used.user + used.system) / 1000;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  for (let round = 0; round < 2; round++) {
    const serial = await serialInMemory(dir);
    const inline = await batchCpu(dir, 0);
    const worker = await batchCpu(dir, 1);
    console.log(`round ${round}: serial in memory ${fmt(serial.cpuMs, 0)} ms CPU; convertBatch jobs 0 ${fmt(inline, 0)} ms (${fmt(inline / serial.cpuMs)}×); jobs 1 ${fmt(worker, 0)} ms (${fmt(worker / serial.cpuMs)}×); load ${os.loadavg().map((l) => fmt(l)).join(' / ')}`);
  }
}
