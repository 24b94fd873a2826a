// The viewer's store-only ZIP writer, read back by an independent reader (here, and `unzip` when installed).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, zip } from '../src/zip.js';
import { unzipStored } from './unzip.js';

describe('zip', () => {
  it('crc32 agrees with zlib', () => {
    expect(crc32(new Uint8Array())).toBe(0);
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926); // the standard check value
    const noise = new Uint8Array(100_000).map((_, i) => (i * 2654435761) >>> 24);
    expect(crc32(noise)).toBe(zlibCrc32(noise) >>> 0);
  });

  it('stores every file under its name, UTF-8 names included, and reads back byte for byte', () => {
    const files = {
      'monster.o3d': new Uint8Array([1, 2, 3, 4]),
      'monster.chr': new Uint8Array(70_000).fill(7),
      'monster_walk.ani': new Uint8Array(),
      '龟壳.tga': new TextEncoder().encode('tga'),
    };
    const archive = zip(files, new Date(2024, 0, 2, 3, 4, 6));
    const back = unzipStored(archive);
    expect(Object.keys(back)).toEqual(Object.keys(files));
    for (const [name, data] of Object.entries(files)) expect(Buffer.from(back[name]!).equals(Buffer.from(data)), name).toBe(true);
    expect(archive.length).toBe(22 + Object.entries(files).reduce((s, [n, d]) => s + 30 + 46 + 2 * Buffer.byteLength(n) + d.length, 0));
  });

  it.runIf(existsSync('/usr/bin/unzip'))('unzip -t accepts it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'relic3d-zip-'));
    const file = path.join(dir, 'x.zip');
    writeFileSync(file, zip({ 'a.mdl': new Uint8Array([9, 8, 7]), 'a.mat': new TextEncoder().encode('shader=x') }));
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toMatch(/No errors detected/);
    execFileSync('unzip', ['-q', file, '-d', path.join(dir, 'out')]);
    expect(readFileSync(path.join(dir, 'out', 'a.mat'), 'utf8')).toBe('shader=x');
  });

  it('refuses names that would unpack outside the folder', () => {
    for (const name of ['../x', 'a/b', 'a\\b', '..', 'C:x', '']) expect(() => zip({ [name]: new Uint8Array(1) }), name).toThrow(/not a plain file name/);
  });
});
