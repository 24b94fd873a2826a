// Companion lookup for dropped files (core's FolderIndex) and the code-page guess, in Node.
import { describe, expect, it } from 'vitest';
import { createScene } from '@relic3d/core';
import { companionResolver } from '../src/resolver.js';
import { guessCodePage, windows1252Bytes } from '../src/codepage.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = async (p: Promise<unknown> | unknown) => new TextDecoder().decode((await p) as Uint8Array);

describe('companionResolver over dropped files', () => {
  // A dropped Flyff-style folder: models in Model/, textures in Model/Texture/, shared ones in Textures/ at the root.
  const files: Record<string, Blob | Uint8Array> = {
    'Client/Model/mvr_AiBatt.o3d': bytes('o3d'),
    'Client/Model/Mvr_AiBatt.chr': bytes('chr'),
    'Client/Model/mvr_aibatt_stand.ani': bytes('stand'),
    'Client/Model/Texture/Mvr_Aibatt-01.dds': new Blob([bytes('dds')]),
    'Client/Textures/Quadrants.bmp': bytes('bmp'),
    'Client/Model/Texture/../../secret.txt': bytes('never'), // a path that climbs is not indexed
    'Other/unrelated.dds': bytes('other'),
  };
  const resolve = companionResolver({ files, modelPath: 'Client/Model/mvr_AiBatt.o3d' });

  it('finds textures in Texture/ beside the model, any case, also named by an absolute Windows path', async () => {
    expect(await text(resolve('Mvr_Aibatt-01.dds'))).toBe('dds');
    expect(await text(resolve('MVR_AIBATT-01.DDS'))).toBe('dds');
    expect(await text(resolve('D:\\flyff\\Model\\Texture\\Mvr_Aibatt-01.dds'))).toBe('dds');
    expect(resolve.has('mvr_aibatt-01.dds')).toBe(true);
  });

  it('follows ..\\Textures\\ paths inside the dropped root, never above it', async () => {
    expect(await text(resolve('..\\Textures\\Quadrants.bmp'))).toBe('bmp');
    expect(await resolve('..\\..\\..\\secret.txt')).toBeUndefined();
    // The root is what was dropped: a path into another of its folders is inside it; a bare name is not searched for there.
    expect(await text(resolve('..\\..\\Other\\unrelated.dds'))).toBe('other');
    expect(resolve.has('unrelated.dds')).toBe(false);
  });

  it('lists the files beside the model (the O3D reader finds motions there) and keys them by path', () => {
    expect([...resolve.list!()].sort()).toEqual(['Mvr_AiBatt.chr', 'mvr_AiBatt.o3d', 'mvr_aibatt_stand.ani']);
    expect(resolve.key!('MVR_AIBATT.CHR')).toBe('Client/Model/Mvr_AiBatt.chr');
  });

  it('reads a dropped file once, only when asked', async () => {
    let reads = 0;
    const blob = new Blob([bytes('x')]);
    const counting = Object.assign(blob, { arrayBuffer: () => (reads++, Blob.prototype.arrayBuffer.call(blob)) });
    const r = companionResolver({ files: { 'a.ms3d': bytes('m'), 'b.bmp': counting }, modelPath: 'a.ms3d' });
    expect(reads).toBe(0);
    await r('b.bmp');
    await r('B.BMP');
    expect(reads).toBe(1);
  });

  it('for a URL with a known listing, asks only for listed names (samples)', async () => {
    const r = companionResolver({ baseUrl: 'http://127.0.0.1:9/samples/model.ms3d', listing: ['jeep1.jpg'] });
    expect(r.has('.\\jeep1.jpg')).toBe(true);
    expect(r.has('other.jpg')).toBe(false);
    expect(await r('other.jpg')).toBeUndefined(); // not fetched at all (port 9 would refuse anyway)
    expect(r.list!()).toEqual(['jeep1.jpg']);
  });
});

describe('companionResolver over HTTP', () => {
  /** Answers from `served` (exact, case-sensitive paths, as most servers) and counts every request. */
  const stubFetch = (served: Record<string, string>) => {
    const requests: string[] = [];
    const real = globalThis.fetch;
    globalThis.fetch = (async (url: string | URL) => {
      const pathname = decodeURIComponent(new URL(String(url)).pathname);
      requests.push(pathname);
      const body = served[pathname];
      return body === undefined ? new Response(null, { status: 404 }) : new Response(bytes(body), { status: 200 });
    }) as typeof fetch;
    return { requests, restore: () => void (globalThis.fetch = real) };
  };

  it('with a listing, fetches a name under the listing\'s own spelling and nothing for 3 missing names', async () => {
    const server = stubFetch({ '/game/Model/Texture/Wood.BMP': 'bmp' });
    try {
      const r = companionResolver({ baseUrl: 'http://game.test/game/Model/tree.ms3d', listing: ['tree.ms3d', 'Texture/Wood.BMP'] });
      expect(await text(r('..\\Texture\\wood.bmp'))).toBe('bmp');
      for (const name of ['gone1.dds', 'gone2.tga', 'gone3.bmp']) expect(await r(name)).toBeUndefined();
      expect(server.requests).toEqual(['/game/Model/Texture/Wood.BMP']);
      expect(r.lacks?.('gone1.dds')).toBe(true);
      expect(r.lacks?.('WOOD.bmp')).toBe(false);
    } finally {
      server.restore();
    }
  });

  it('without a listing, tries beside it, Texture/ and Textures/ in order, stops at the first answer, asks once', async () => {
    const server = stubFetch({ '/m/Texture/skin.tga': 'tga' });
    try {
      const r = companionResolver({ baseUrl: 'http://game.test/m/model.ms3d' });
      expect(await text(r('skin.tga'))).toBe('tga');
      expect(await text(r('SKIN.TGA'))).toBe('tga');
      expect(server.requests).toEqual(['/m/skin.tga', '/m/Texture/skin.tga']);
      expect(r.lacks).toBeUndefined(); // nothing is known before asking
    } finally {
      server.restore();
    }
  });
});

describe('companionResolver over HTTP: texture folder learned (issue 30 item 9)', () => {
  // A game folder: four textures in Texture/ beside the model, three names missing (gone1–3).
  const THERE = ['hull.bmp', 'sail.bmp', 'mast.bmp', 'deck.bmp'];
  const NAMES = ['D:\\art\\hull.bmp', 'gone1.dds', 'sail.bmp', 'gone2.tga', 'mast.bmp', 'deck.bmp', 'gone3.bmp'];
  const served = Object.fromEntries(THERE.map((t) => [`/g/Model/Texture/${t}`, t]));

  /** Every name asked for, one after another or all at once (as toThree's textures are), with the requests and 404s they made. */
  async function lookUp(listing?: string[], atOnce = false) {
    const requests: string[] = [];
    const real = globalThis.fetch;
    globalThis.fetch = (async (url: string | URL) => {
      const pathname = decodeURIComponent(new URL(String(url)).pathname);
      requests.push(pathname);
      const body = served[pathname];
      return body === undefined ? new Response(null, { status: 404 }) : new Response(bytes(body), { status: 200 });
    }) as typeof fetch;
    try {
      const r = companionResolver({ baseUrl: 'http://game.test/g/Model/ship.o3d', listing });
      const found: (string | undefined)[] = [];
      if (atOnce) found.push(...(await Promise.all(NAMES.map(async (n) => ((await r(n)) ? n : undefined)))));
      else for (const n of NAMES) found.push((await r(n)) ? n : undefined);
      return { found: found.filter(Boolean).length, requests, notFound: requests.filter((p) => served[p] === undefined) };
    } finally {
      globalThis.fetch = real;
    }
  }

  // Before, every name tried beside the model, then Texture/, then Textures/: 2 requests per texture
  // there and 3 per missing one, 17 requests and 13 404s here (measured in packages/three's
  // texture-requests.test.ts, which runs that lookup too).
  it('after, names asked one after another: the folder of the first texture found is tried first: 14 requests, 10 404s', async () => {
    const after = await lookUp();
    expect(after.found).toBe(THERE.length);
    // The first texture finds Texture/ (one 404 beside the model); every later name tries it first.
    expect(after.requests.slice(0, 2)).toEqual(['/g/Model/hull.bmp', '/g/Model/Texture/hull.bmp']);
    expect(after.requests.filter((p) => /(sail|mast|deck)\.bmp$/.test(p))).toEqual(['/g/Model/Texture/sail.bmp', '/g/Model/Texture/mast.bmp', '/g/Model/Texture/deck.bmp']);
    expect({ requests: after.requests.length, notFound: after.notFound.length }).toEqual({ requests: 14, notFound: 10 });
    expect(new Set(after.requests).size).toBe(after.requests.length);
  });

  it('names asked all at once (as toThree asks them) are still looked up one folder at a time: 14 requests, 10 404s (before: 17, 13)', async () => {
    const after = await lookUp(undefined, true);
    expect(after.found).toBe(THERE.length);
    expect(after.requests.slice(0, 2)).toEqual(['/g/Model/hull.bmp', '/g/Model/Texture/hull.bmp']);
    expect({ requests: after.requests.length, notFound: after.notFound.length }).toEqual({ requests: 14, notFound: 10 });
    expect(new Set(after.requests).size).toBe(after.requests.length);
  });

  it('with a listing: one request per texture there, none for the missing names, also all at once', async () => {
    const atOnce = await lookUp(['ship.o3d', ...THERE.map((t) => `Texture/${t}`)], true);
    expect(atOnce.notFound).toEqual([]);
    expect(atOnce.requests).toHaveLength(THERE.length);
    const after = await lookUp(['ship.o3d', ...THERE.map((t) => `Texture/${t}`)]);
    expect(after.found).toBe(THERE.length);
    expect(after.notFound).toEqual([]);
    expect(after.requests).toHaveLength(THERE.length);
  });
});

describe('code page', () => {
  it('recovers the bytes a windows-1252 decode produced, and refuses text it cannot have produced', () => {
    expect(Array.from(windows1252Bytes('./¹ê¿Ç.tga')!)).toEqual([0x2e, 0x2f, 0xb9, 0xea, 0xbf, 0xc7, 0x2e, 0x74, 0x67, 0x61]);
    expect(Array.from(windows1252Bytes('€‚ƒ')!)).toEqual([0x80, 0x82, 0x83]);
    expect(windows1252Bytes('龟')).toBeUndefined();
  });

  it("'auto' picks the code page under which a texture name matches a file that is there", () => {
    const scene = createScene('test');
    scene.textures.push({ uri: './¹ê¿Ç.tga' }); // GBK bytes read as windows-1252
    expect(guessCodePage(scene, (name) => name === './龟壳.tga')).toBe('gbk');
    // Cyrillic: 'текстура.bmp' in windows-1251, read as windows-1252.
    const cyrillic = createScene('test');
    cyrillic.textures.push({ uri: 'òåêñòóðà.bmp' });
    expect(guessCodePage(cyrillic, (name) => name === 'текстура.bmp')).toBe('windows-1251');
    // Found as it is, or found under no code page: nothing to change.
    expect(guessCodePage(scene, () => true)).toBeUndefined();
    expect(guessCodePage(scene, () => false)).toBeUndefined();
  });
});
