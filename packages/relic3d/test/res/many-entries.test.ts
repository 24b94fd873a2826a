// 100,000 empty entries in one folder (two packs: one holds at most 65,535): listed once, each
// found, in bounded time and memory.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuClock } from '@relic3d/test-harness';
import { writeRes } from '@relic3d/res';
import { folderResolver } from '../../src/node.js';
import { tmp } from '../run-cli.js';

describe('a folder with 100,000 packed entries', () => {
  it('lists them all beside the loose files and reads any of them', async () => {
    const dir = tmp('res-many');
    const pack = (from: number, to: number) => writeRes(Array.from({ length: to - from }, (_, i) => ({ name: `e${from + i}.ani`, bytes: new Uint8Array() })), { key: from & 0xff });
    writeFileSync(path.join(dir, 'a.res'), pack(0, 60_000));
    writeFileSync(path.join(dir, 'b.res'), pack(60_000, 100_000));
    const heapBefore = process.memoryUsage().heapUsed;
    const cpuMs = cpuClock();
    const resolve = folderResolver(dir);
    expect(resolve.list!().length).toBe(100_002);
    expect(await resolve('E99999.ANI')).toEqual(new Uint8Array());
    expect(await resolve('e0.ani')).toEqual(new Uint8Array());
    expect(await resolve('e100000.ani')).toBeUndefined();
    // Hang and blow-up guards, not speed tests: the packs are 3.3 MB together.
    expect(cpuMs()).toBeLessThan(30_000);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(8 * 3.3e6 + 64e6);
  });
});
