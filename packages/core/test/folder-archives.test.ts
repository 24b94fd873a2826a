// Archives as folders (issue 27), with a stand-in archive format: core stays generic, @relic3d/res
// supplies the real one. Loose files win, entries never leave their folder, a broken archive or one
// outside the root is skipped.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError, type ArchiveFormat } from '../src/index.js';
import { folderIndex, folderResolver, readFolderFile, walkFolder } from '../src/node.js';
import { scratchFolder } from '@relic3d/test-harness/scratch';

/** `.pak`: lines of `name=text`; a file starting with `!` is broken. Bytes are read by position. */
const pak: ArchiveFormat = {
  extension: '.pak',
  open(source) {
    const text = new TextDecoder().decode(source.read(0, source.size));
    if (text.startsWith('!')) throw new FormatError({ format: 'pak', offset: 0, expected: 'entries', found: '!', code: 'BAD_MAGIC' });
    const entries = text.split('\n').filter(Boolean).map((line) => ({ name: line.split('=')[0], size: line.length - line.indexOf('=') - 1, text: line.slice(line.indexOf('=') + 1) }));
    return { entries, read: (entry) => new TextEncoder().encode((entry as (typeof entries)[number]).text) };
  },
};
const text = async (bytes: unknown) => new TextDecoder().decode((await bytes) as Uint8Array);

function tree(): string {
  const root = scratchFolder('archives');
  mkdirSync(path.join(root, 'Model'));
  writeFileSync(path.join(root, 'Model', 'a.pak'), 'bat.chr=packed skeleton\nBAT.O3D=packed model\n../up.dds=climbs\nsub/x.dds=subfolder\n');
  writeFileSync(path.join(root, 'Model', 'b.pak'), 'bat.chr=later pack skeleton\nbat_stand.ani=packed motion\n');
  writeFileSync(path.join(root, 'Model', 'broken.pak'), '!broken');
  writeFileSync(path.join(root, 'Model', 'bat.o3d'), 'loose model');
  return root;
}

describe('folderResolver with archives', () => {
  it('finds packed companions for a loose model; the loose file wins; the later archive wins over an earlier one', async () => {
    const root = tree();
    const errors: string[] = [];
    const rooted = folderIndex(root, { archives: [pak], onArchiveError: (pack) => errors.push(pack) });
    const resolve = folderResolver(path.join(root, 'Model'), { root, folder: rooted });
    expect(await text(resolve('bat.o3d'))).toBe('loose model');
    expect(await text(resolve('BAT.CHR'))).toBe('later pack skeleton');
    expect(await text(resolve('bat_stand.ani'))).toBe('packed motion');
    expect([...resolve.list!()].sort()).toEqual(['a.pak', 'b.pak', 'bat.chr', 'bat.o3d', 'bat_stand.ani', 'broken.pak']);
    expect(errors).toEqual(['Model/broken.pak']);
    rooted.close();
  });

  it('entry names with a slash or ".." are not listed, so nothing outside the folder can be named through them', async () => {
    const root = tree();
    const resolve = folderResolver(path.join(root, 'Model'), { root, archives: [pak] });
    expect(await resolve('../up.dds')).toBeUndefined();
    expect(await resolve('up.dds')).toBeUndefined();
    expect(await resolve('sub/x.dds')).toBeUndefined();
    expect(await resolve('x.dds')).toBeUndefined();
  });

  it('without archives, a pack is just a file (the default, so nothing changes for callers that do not ask)', async () => {
    const root = tree();
    expect(await folderResolver(path.join(root, 'Model'), { root })('bat.chr')).toBeUndefined();
    const files: string[] = [];
    walkFolder(root, (f) => files.push(f));
    expect(files).not.toContain('Model/bat.chr');
    const withPacks: string[] = [];
    walkFolder(root, (f) => withPacks.push(f), undefined, { archives: [pak] });
    expect(withPacks).toContain('Model/bat_stand.ani');
  });

  it('an archive symlinked from outside the root is neither listed nor opened', async () => {
    const outside = scratchFolder('archives-outside');
    writeFileSync(path.join(outside, 'secret.pak'), 'secret.dds=SECRET\n');
    const root = scratchFolder('archives-root');
    symlinkSync(path.join(outside, 'secret.pak'), path.join(root, 'secret.pak'));
    const rooted = folderIndex(root, { archives: [pak] });
    expect(rooted.index.exact('secret.dds')).toBeUndefined();
    expect(readFolderFile(rooted, 'secret.dds')).toBeUndefined();
  });

  it('an entry over maxBytes is not read', async () => {
    const root = tree();
    const resolve = folderResolver(path.join(root, 'Model'), { root, archives: [pak], maxBytes: 5 });
    expect(await resolve('bat_stand.ani')).toBeUndefined();
  });
});

describe('readFolderFile', () => {
  it('reads a packed path from a fresh index (a batch worker given the scan\'s paths), in any case', () => {
    const root = tree();
    const fresh = folderIndex(root, { archives: [pak] });
    expect(new TextDecoder().decode(readFolderFile(fresh, 'model/BAT_STAND.ANI'))).toBe('packed motion');
    expect(new TextDecoder().decode(readFolderFile(fresh, 'Model/bat.o3d'))).toBe('loose model');
    expect(readFolderFile(fresh, 'Model/none.ani')).toBeUndefined();
    fresh.close();
  });
});
