// `relic3d res list|extract|pack` over a pack of the corpus Flyff files; facts from the MANIFEST
// (sizes, SHA-256), and extraction that never writes outside --out or over a file it did not create.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawHeaderSize, rawResPack } from '@relic3d/fixtures/res';
import { hasCorpus, run } from '../cli-helpers.js';
import { tmp } from '../run-cli.js';
import { buildClients, flyff } from './client-folders.js';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe.skipIf(!hasCorpus)('relic3d res', () => {
  let work: string;
  let pack: string;
  beforeAll(async () => {
    work = tmp('res-cli');
    pack = path.join(work, 'Model.res');
    const { code, stderr } = await run('res', 'pack', buildClients().loose, '--out', pack, '--key', '0x5a', '--encrypt', '--time-bytes', '8');
    expect(code, stderr).toBe(0);
  });

  it('pack + list: every corpus file, with the MANIFEST size, the key, the cipher flag and the time_t width asked for', async () => {
    const { code, stdout } = await run('res', 'list', pack, '--json');
    expect(code).toBe(0);
    const listed = JSON.parse(stdout);
    expect(listed).toMatchObject({ key: 0x5a, encrypted: true, timeBytes: 8 });
    const sizes = Object.fromEntries(listed.entries.map((e: { name: string; size: number }) => [e.name, e.size]));
    expect(sizes).toEqual(Object.fromEntries(flyff.map((e) => [e.file, e.bytes])));
  });

  it('extract writes every file with its MANIFEST SHA-256; a second run refuses to replace them, --resume skips them', async () => {
    const out = path.join(work, 'out');
    expect((await run('res', 'extract', pack, '--out', out)).code).toBe(0);
    for (const entry of flyff) expect(sha256(path.join(out, entry.file)), entry.file).toBe(entry.sha256);
    writeFileSync(path.join(out, 'mvr_AiBatt.chr'), 'mine');
    const again = await run('res', 'extract', pack, '--out', out);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/refusing to replace 'mvr_AiBatt.chr'/);
    expect(readFileSync(path.join(out, 'mvr_AiBatt.chr'), 'utf8')).toBe('mine');
    const resumed = await run('res', 'extract', pack, '--out', out, '--resume');
    // The one file whose size differs is not skipped, and is not replaced either.
    expect(resumed.code).toBe(1);
    expect(resumed.stderr).toContain(`0 files written, ${flyff.length - 1} skipped, 1 failed`);
    expect((await run('res', 'extract', pack, '--out', out, '--force')).code).toBe(0);
    expect(sha256(path.join(out, 'mvr_AiBatt.chr'))).toBe(flyff.find((e) => e.file === 'mvr_AiBatt.chr')!.sha256);
  });

  it('extract never writes through a symlink planted in --out that leaves it', async () => {
    const out = path.join(work, 'planted');
    mkdirSync(out);
    const outside = path.join(work, 'outside.txt');
    writeFileSync(outside, 'untouched');
    symlinkSync(outside, path.join(out, 'shadow.o3d'));
    const { code, stderr } = await run('res', 'extract', pack, '--out', out, '--force');
    expect(code).toBe(1);
    expect(stderr).toMatch(/shadow\.o3d.*symlink/);
    expect(readFileSync(outside, 'utf8')).toBe('untouched');
  });

  it('a pack whose names climb out is refused whole: nothing is written', async () => {
    const name = '../escaped.o3d';
    const hostile = path.join(work, 'hostile.res');
    writeFileSync(hostile, rawResPack({ entries: [{ name, size: 1, offset: 6 + rawHeaderSize([name]) }], bodies: Uint8Array.of(7) }));
    const out = path.join(work, 'inner', 'out');
    const { code, stderr } = await run('res', 'extract', hostile, '--out', out);
    expect(code).toBe(1);
    expect(stderr).toMatch(/path separator/);
    expect(readdirSync(out)).toEqual([]);
    expect(existsSync(path.join(work, 'inner', 'escaped.o3d'))).toBe(false);
  });

  it('pack refuses to replace an existing file unless --force; list names a private-server scheme', async () => {
    const existing = path.join(work, 'exists.res');
    writeFileSync(existing, 'keep');
    const refused = await run('res', 'pack', buildClients().loose, '--out', existing);
    expect(refused.code).toBe(1);
    expect(readFileSync(existing, 'utf8')).toBe('keep');
    const gow = new Uint8Array(6 + 32 + 4);
    gow[0] = 1;
    new DataView(gow.buffer).setInt32(1, 32, true);
    writeFileSync(path.join(work, 'gow.res'), gow);
    const listed = await run('res', 'list', path.join(work, 'gow.res'));
    expect(listed.code).toBe(1);
    expect(listed.stderr).toMatch(/GoW/);
  });
});
