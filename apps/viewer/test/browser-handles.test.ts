// A handed folder read in a thumbnail worker (folder-handles.ts), on stand-in FileSystemHandles: a
// picked folder is listed in parts, each handed on as it comes, and its files are read from the
// first part on, not once the listing ends (issue 31).
import { describe, expect, it, vi } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { HandleReader, type ListingPort } from '../src/browser/folder-handles.js';
import { firstScreen, readHandedFolder } from '../src/browser/handed-reading.js';
import type { FromThumbWorker } from '../src/browser/thumb-protocol.js';

type Listing = { yielded: number };

/** A directory handle whose entries come one async step each (as Chromium's iterator's do), `failAfter` entries then an error. */
function directory(name: string, children: FileSystemHandle[], listing: Listing, failAfter = Infinity): FileSystemDirectoryHandle {
  return {
    kind: 'directory',
    name,
    async *values() {
      for (const [i, child] of children.entries()) {
        if (i === failAfter) throw new Error('the folder went away');
        await new Promise((resolve) => setTimeout(resolve, 0));
        listing.yielded++;
        yield child;
      }
    },
    getFileHandle: async (file: string) => children.find((c) => c.kind === 'file' && c.name === file) ?? Promise.reject(new Error('NotFoundError')),
    getDirectoryHandle: async (dir: string) => children.find((c) => c.kind === 'directory' && c.name === dir) ?? Promise.reject(new Error('NotFoundError')),
  } as unknown as FileSystemDirectoryHandle;
}

const fileHandle = (name: string, reads: string[]) => ({ kind: 'file', name, getFile: async () => (reads.push(name), new File([name], name, { lastModified: 1000 + name.length })) }) as unknown as FileSystemFileHandle;

/** `Model/` with `count` models and a `Texture/` folder of 40 textures among them. */
function gameFolder(count: number, failAfter = Infinity) {
  const listing: Listing = { yielded: 0 };
  const reads: string[] = [];
  const textures = directory('Texture', Array.from({ length: 40 }, (_, i) => fileHandle(`tex${i}.dds`, reads)), listing);
  const models = Array.from({ length: count }, (_, i) => fileHandle(`obj_${String(i).padStart(4, '0')}.o3d`, reads));
  const root = directory('Model', [...models.slice(0, count / 2), textures, ...models.slice(count / 2)], listing, failAfter);
  return { root, listing, reads, total: count + 40 };
}

describe('HandleReader on a picked folder', () => {
  it('hands the listing on in parts as it comes, then once more with done', async () => {
    const { root, listing, total } = gameFolder(1000);
    const parts: { size: number; yielded: number; done: boolean }[] = [];
    const reader = HandleReader.open([root], undefined, (part, done) => parts.push({ size: part.length, yielded: listing.yielded, done }), { part: 100 });
    await reader.listed;
    expect(parts.filter((p) => p.done)).toEqual([expect.objectContaining({ done: true })]);
    expect(parts.at(-1)!.done).toBe(true);
    expect(parts.reduce((n, p) => n + p.size, 0)).toBe(total);
    expect(reader.paths.length).toBe(total);
    expect(new Set(reader.paths).size).toBe(total);
    expect(reader.paths).toContain('Model/Texture/tex39.dds');
    expect(reader.paths).toContain('Model/obj_0999.o3d');
    // A first part of 100 at most, handed on when a tenth of the folder was listed; the later ones up to 8 times larger.
    expect(parts[0].size).toBeLessThanOrEqual(100);
    expect(parts[0].yielded).toBeLessThanOrEqual(total / 10);
    expect(Math.max(...parts.map((p) => p.size))).toBeLessThanOrEqual(800);
    expect(parts.filter((p) => !p.done).length).toBeGreaterThanOrEqual(2);
  });

  it('tells when its paths grew, once per part, each time with the part in (the worker indexes them then)', async () => {
    const { root, total } = gameFolder(1000);
    const parts: number[] = [];
    const grownAt: number[] = [];
    const reader = HandleReader.open([root], undefined, (part) => part.length && parts.push(part.length), { part: 100 });
    reader.onGrown = () => grownAt.push(reader.paths.length);
    await reader.listed;
    // Each part once, the paths counted with it (the iteration is async: the first part comes after `open` returned).
    const sums = parts.map((_, k) => parts.slice(0, k + 1).reduce((a, b) => a + b, 0));
    expect(grownAt).toEqual(sums);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(grownAt.at(-1)).toBe(total);
  });

  it('reads files from the first part on, each once, while the rest is listed', async () => {
    const { root, listing, reads, total } = gameFolder(600);
    const reader = HandleReader.open([root], undefined, () => {}, { part: 50 });
    let listedAt = -1;
    void reader.listed.then(() => (listedAt = read.length));
    const read: string[] = [];
    const yieldedAtFirstRead: number[] = [];
    const all = reader.readAll((path) => {
      if (!read.length) yieldedAtFirstRead.push(listing.yielded);
      read.push(path);
    });
    expect(await all).toBe(true);
    expect(read.length).toBe(total);
    expect(new Set(read).size).toBe(total);
    expect(reads.length).toBe(total);
    expect(yieldedAtFirstRead[0]).toBeLessThan(total / 2);
    expect(listedAt).toBeGreaterThan(0);
    expect(listedAt).toBeLessThan(total);
  });

  it('reads an asked-for file before the listing order', async () => {
    const { root } = gameFolder(400);
    const reader = HandleReader.open([root], undefined, () => {}, { part: 400 });
    await reader.listed;
    reader.prioritise(['Model/obj_0399.o3d', 'Model/Texture/tex7.dds']);
    const read: string[] = [];
    expect(await reader.readAll((path) => read.push(path))).toBe(true);
    expect(read.indexOf('Model/obj_0399.o3d')).toBeLessThan(8);
    expect(read.indexOf('Model/Texture/tex7.dds')).toBeLessThan(8);
  });

  it('ends a listing that failed midway with what it found, and says why', async () => {
    const { root } = gameFolder(300, 120);
    const done: (string | undefined)[] = [];
    const reader = HandleReader.open([root], undefined, (_, last, error) => last && done.push(error), { part: 50 });
    await reader.listed;
    expect(done).toEqual(['the folder went away']);
    expect(reader.error).toBe('the folder went away');
    expect(reader.paths.filter((p) => p.endsWith('.o3d')).length).toBe(120);
    const read: string[] = [];
    expect(await reader.readAll((path) => read.push(path))).toBe(true);
    expect(read.length).toBe(reader.paths.length);
  });

  it('takes a drop\'s names as one part and finds each file by its path', async () => {
    const { root } = gameFolder(20);
    const names = ['Model/obj_0003.o3d', 'Model/Texture/tex2.dds', 'Model/missing.o3d'];
    const parts: string[][] = [];
    const reader = HandleReader.open([root], names, (part) => parts.push([...part]));
    await reader.listed;
    expect(parts).toEqual([names, []]);
    expect((await reader.read('Model/Texture/tex2.dds'))?.name).toBe('tex2.dds');
    expect(await reader.read('Model/missing.o3d')).toBeUndefined();
  });
  it('lists a texture folder first, wherever the file system puts it among the models', async () => {
    const { root } = gameFolder(1000);
    const reader = HandleReader.open([root], undefined, () => {}, { part: 100 });
    await reader.listed;
    // Texture/ is the 501st entry of Model/; its 40 files come among the first models, not after 500 of them.
    const lastTexture = Math.max(...reader.paths.map((p, i) => (p.startsWith('Model/Texture/') ? i : -1)));
    expect(reader.paths.filter((p) => p.startsWith('Model/Texture/')).length).toBe(40);
    expect(lastTexture).toBeLessThan(100);
  });

  it('shares one listing: the other worker takes its parts, iterates nothing and reads its files by path', async () => {
    const { root, total } = gameFolder(600);
    const other = gameFolder(600);
    const channel = new MessageChannel();
    const share = channel.port1 as unknown as ListingPort, from = channel.port2 as unknown as ListingPort;
    const lister = HandleReader.open([root], undefined, () => {}, { part: 50 }, { share: [share] });
    const taker = HandleReader.open([other.root], undefined, () => {}, {}, { from });
    await Promise.all([lister.listed, taker.listed]);
    channel.port1.close();
    expect(other.listing.yielded).toBe(0);
    expect(taker.paths.length).toBe(total);
    expect([...taker.paths].sort()).toEqual([...lister.paths].sort());
    expect((await taker.read('Model/Texture/tex9.dds'))?.name).toBe('tex9.dds');
    expect((await taker.read('Model/obj_0599.o3d'))?.name).toBe('obj_0599.o3d');
    expect(other.reads).toEqual(['tex9.dds', 'obj_0599.o3d']);
  });
});

describe('the first screen of a listing part', () => {
  it('is its first models in the grid\'s order (by name in any case), textures and motions left out', () => {
    const part = ['Model/obj_b.o3d', 'Model/Texture/a.dds', 'Model/MVR_a.o3d', 'Model/mvr_a_stand.ani', 'Model/Item_c.o3d', 'Model/a.chr', 'Model/item_B.o3d'];
    expect(firstScreen(part, 3)).toEqual(['Model/item_B.o3d', 'Model/Item_c.o3d', 'Model/MVR_a.o3d']);
    expect(firstScreen(part, 10)).toEqual(['Model/item_B.o3d', 'Model/Item_c.o3d', 'Model/MVR_a.o3d', 'Model/obj_b.o3d']);
  });
});

describe('a handed folder\'s reporter', () => {
  it('lists a drop\'s names once and tells the first screen\'s facts first: its first read at once, the others together', async () => {
    const { root } = gameFolder(20);
    const names = ['Model/obj_0019.o3d', 'Model/Texture/tex2.dds', 'Model/obj_0003.o3d', 'Model/obj_0011.o3d'];
    const posted: FromThumbWorker[] = [];
    let reader: HandleReader | undefined;
    readHandedFolder({ type: 'handles', folder: 7, handles: [root], report: true, names, firstScreen: 3 }, (m) => posted.push(m), (r) => (reader = r));
    await reader!.listed;
    await reader!.readAll(() => {});
    await new Promise((resolve) => setTimeout(resolve, 150));
    const listed = posted.filter((m) => m.type === 'listed');
    expect(listed).toEqual([{ type: 'listed', folder: 7, paths: names, done: false, error: undefined }, { type: 'listed', folder: 7, paths: [], done: true, error: undefined }]);
    const facts = posted.filter((m) => m.type === 'facts' && m.files.length);
    // The first drawing waits for one read, not for the first screen's (issue 31: ~40 reads after the iteration).
    expect(facts[0]).toMatchObject({ files: [['Model/obj_0003.o3d', 12, 1012]] });
    expect(facts[1]).toMatchObject({ files: [['Model/obj_0011.o3d', 12, 1012], ['Model/obj_0019.o3d', 12, 1012]] });
    // Every file's facts once in all.
    expect(facts.flatMap((m) => (m.type === 'facts' ? m.files.map((f) => f[0]) : [])).sort()).toEqual([...names].sort());
  });

  it('where the page draws, sends a file it read already before the facts the page asks for (issue 31: a card drawn before its file came failed)', async () => {
    // The facts' part waits 100 ms (a fake timer here, never run): the page's ask comes meanwhile.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // A file never read keeps the reading going (else its end sends the part).
      const reads: string[] = [];
      const never = { kind: 'file', name: 'slow.o3d', getFile: () => new Promise(() => {}) } as unknown as FileSystemFileHandle;
      const root = directory('Model', [fileHandle('obj_0003.o3d', reads), fileHandle('obj_0011.o3d', reads), never], { yielded: 0 });
      const names = ['Model/obj_0003.o3d', 'Model/obj_0011.o3d', 'Model/slow.o3d'];
      const posted: FromThumbWorker[] = [];
      const reporting = readHandedFolder({ type: 'handles', folder: 7, handles: [root], report: true, names }, (m) => posted.push(m), () => {});
      reporting.streamFiles();
      const settle = async () => {
        for (let i = 0; i < 30; i++) await new Promise((resolve) => setImmediate(resolve));
      };
      await settle();
      // The files are read, and none is sent yet: they wait for the part's timer.
      expect(reads).toEqual(['obj_0003.o3d', 'obj_0011.o3d']);
      expect(posted.filter((m) => m.type === 'files' || (m.type === 'facts' && m.files.length))).toEqual([]);
      reporting.want(['Model/obj_0011.o3d']);
      await settle();
      const filesAt = posted.findIndex((m) => m.type === 'files' && 'Model/obj_0011.o3d' in m.files);
      const factsAt = posted.findIndex((m) => m.type === 'facts' && m.files.some((f) => f[0] === 'Model/obj_0011.o3d'));
      expect(filesAt).toBeGreaterThanOrEqual(0);
      expect(factsAt).toBeGreaterThan(filesAt);
      // The whole part went: both files read.
      const files = posted.find((m) => m.type === 'files');
      expect(Object.keys(files?.type === 'files' ? files.files : {}).sort()).toEqual(['Model/obj_0003.o3d', 'Model/obj_0011.o3d']);
    } finally {
      vi.useRealTimers();
    }
  });
});
