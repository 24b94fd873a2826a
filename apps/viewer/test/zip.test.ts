// The viewer's ZIP (fflate, deflated), read back by an independent reader (zlib here, `unzip` when installed).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratchFolder } from '@relic3d/test-harness/scratch';
import { describe, expect, it } from 'vitest';
import { zip } from '../src/zip.js';
import { unzipAll } from './unzip.js';

/** The compression method of each entry, from the central directory (APPNOTE 4.3.12). */
function methods(archive: Uint8Array): Record<string, number> {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const end = archive.length - 22;
  let at = view.getUint32(end + 16, true);
  const out: Record<string, number> = {};
  for (let i = 0; i < view.getUint16(end + 10, true); i++) {
    const nameLength = view.getUint16(at + 28, true);
    out[new TextDecoder().decode(archive.subarray(at + 46, at + 46 + nameLength))] = view.getUint16(at + 10, true);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return out;
}

describe('zip', () => {
  const files = {
    'monster.o3d': new Uint8Array([1, 2, 3, 4]),
    'monster.chr': new Uint8Array(70_000).fill(7),
    'monster_walk.ani': new Uint8Array(),
    '龟壳.tga': new TextEncoder().encode('tga'),
    'skin.png': new Uint8Array(300).map((_, i) => (i * 2654435761) >>> 24),
  };

  it('holds every file under its name, UTF-8 names included, byte for byte; deflates, but stores PNGs', () => {
    const archive = zip(files, new Date(2024, 0, 2, 3, 4, 6));
    const back = unzipAll(archive);
    expect(Object.keys(back)).toEqual(Object.keys(files));
    for (const [name, data] of Object.entries(files)) expect(Buffer.from(back[name]!).equals(Buffer.from(data)), name).toBe(true);
    expect(methods(archive)['monster.chr']).toBe(8);
    expect(methods(archive)['skin.png']).toBe(0);
    // 70,000 equal bytes deflate to a few hundred: the archive is far smaller than the files stored.
    const stored = Object.entries(files).reduce((s, [n, d]) => s + 30 + 46 + 2 * Buffer.byteLength(n) + d.length, 22);
    expect(archive.length).toBeLessThan(stored / 10);
  });

  it.runIf(existsSync('/usr/bin/unzip'))('unzip -t accepts it', () => {
    const dir = scratchFolder('zip');
    const file = path.join(dir, 'x.zip');
    writeFileSync(file, zip({ 'a.mdl': new Uint8Array([9, 8, 7]), 'a.mat': new TextEncoder().encode('shader=x'.repeat(100)) }));
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toMatch(/No errors detected/);
    execFileSync('unzip', ['-q', file, '-d', path.join(dir, 'out')]);
    expect(readFileSync(path.join(dir, 'out', 'a.mat'), 'utf8')).toBe('shader=x'.repeat(100));
  });

  it('refuses names that would unpack outside the folder', () => {
    for (const name of ['../x', 'a/b', 'a\\b', '..', 'C:x', '']) expect(() => zip({ [name]: new Uint8Array(1) }), name).toThrow(/not a plain file name/);
  });

  it('refuses a name over the 16-bit name field (a 70,004-character name made the old archive corrupt), takes one of 65,535 bytes', () => {
    const long = `${'n'.repeat(70_000)}.tga`;
    expect(() => zip({ 'm.ms3d': new Uint8Array(4), [long]: new Uint8Array(1) })).toThrow(/70004 bytes; a ZIP name holds 65535/);
    // Multi-byte: 21,846 × 3-byte '龟' = 65,538 bytes though only 21,846 characters.
    expect(() => zip({ ['龟'.repeat(21_846)]: new Uint8Array(1) })).toThrow(/65538 bytes/);
    const fits = `${'n'.repeat(65_531)}.tga`;
    const back = unzipAll(zip({ [fits]: new Uint8Array([5]) }));
    expect(Object.keys(back)).toEqual([fits]);
  });
});
