// task-cpu.mjs: CPU per turbo task, read from the log its `pnpm` shim writes.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { cpuTable, parseTaskLog, timeline } from '../task-cpu.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

describe('task-cpu.mjs', () => {
  const log = [`${root}/packages/lod|run test|12.000|1.500|40.100`, `${root}|run check|1.000|0.200|3.000`, ''].join('\n');

  it('reads folder, task, user + system CPU and wall time from each line', () => {
    expect(parseTaskLog(log)).toEqual([
      { folder: 'packages/lod', task: 'run test', cpu: 13.5, wall: 40.1 },
      { folder: '.', task: 'run check', cpu: 1.2, wall: 3 },
    ]);
  });

  it('lists the heaviest task first and sums the CPU', () => {
    const lines = cpuTable(parseTaskLog(log)).split('\n');
    expect(lines[2]).toBe('| packages/lod | run test | 13.5 | 40 |');
    expect(lines[3]).toBe('| . | run check | 1.2 | 3 |');
    expect(lines.at(-1)).toBe('| **total** | 2 tasks | **14.7** | |');
  });

  it('draws the timeline from each task’s start: ends, and the packing on two cores', () => {
    const timed = [`${root}/packages/core|run build|5.000|0.000|10.000|1000.0`, `${root}/packages/lod|run test|25.000|5.000|20.000|1010.0`].join('\n');
    expect(parseTaskLog(timed)[1]).toEqual({ folder: 'packages/lod', task: 'run test', cpu: 30, wall: 20, start: 1010 });
    const lines = timeline(parseTaskLog(timed)).split('\n');
    expect(lines[2]).toBe('| packages/core | run build | 0 | 10 | 5.0 |');
    expect(lines[3]).toBe('| packages/lod | run test | 10 | 30 | 30.0 |');
    // 35 CPU-s in 30 s on 2 cores.
    expect(lines[4]).toBe('| **run** | 2 tasks | 0 | **30** | **35.0** (packing 0.58 on 2 cores) |');
    expect(timeline(parseTaskLog(log))).toBe('');
  });
});
