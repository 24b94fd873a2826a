// Issue 30 item 9, over plain HTTP: a game model whose textures sit in Texture/ beside it, some of
// them missing, loaded through RelicLoader from a local server that counts every request and 404.
// Before: every name tried beside the model, then Texture/, then Textures/. After: the folder the
// first texture was found in is tried first for every later name; with a JSON folder listing,
// missing names are not requested at all. Each missing name is warned about once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addNode, createScene, defaultMaterial, type Format, type Resolver } from '@relic3d/core';
import { bmp24 } from '@relic3d/fixtures/images';
import { RelicLoader } from '../src/index.js';

const enc = new TextEncoder();
const dec = new TextDecoder();

// Test-only format: "TEXS" then one texture name per line; one material per texture.
const texturesFormat: Format = {
  id: 'texs', name: 'Texture list', extensions: ['.texs'], mimeTypes: [], encoding: 'text',
  test: (b) => dec.decode(b.subarray(0, 4)) === 'TEXS',
  parse: async (bytes: Uint8Array) => {
    const scene = createScene('texs', 1);
    addNode(scene, { name: 'quad', mesh: 0 });
    scene.meshes.push({ name: 'quad', primitives: [{ attributes: { POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) }, material: 0 }] });
    dec.decode(bytes).split('\n').slice(1).filter(Boolean).forEach((uri, i) => {
      scene.textures.push({ uri });
      scene.materials.push({ ...defaultMaterial(`m${i}`), baseColorTexture: { texture: i } });
    });
    return scene;
  },
};

// Four textures there (one named twice, in another case), three missing, as a game names them.
const NAMES = ['D:\\art\\hull.bmp', 'gone1.dds', 'sail.bmp', 'D:\\art\\HULL.BMP', 'gone2.tga', 'mast.bmp', 'deck.bmp', 'gone3.bmp'];
const THERE = ['hull.bmp', 'sail.bmp', 'mast.bmp', 'deck.bmp'];
const MISSING = ['gone1.dds', 'gone2.tga', 'gone3.bmp'];

const files: Record<string, Uint8Array> = { '/game/Model/ship.texs': enc.encode(`TEXS\n${NAMES.join('\n')}\n`) };
for (const name of THERE) files[`/game/Model/Texture/${name}`] = bmp24();
for (const [path, body] of Object.entries(files)) files[path.replace('/game/', '/listed/')] = body;

let server: http.Server;
let base = '';
const requests: string[] = [];
const notFound: string[] = [];

/** Under /listed/ the server lists folders as JSON when asked (as Caddy's browse does). */
function listing(folder: string): { name: string; is_dir: boolean }[] {
  const entries = new Map<string, boolean>();
  for (const path of Object.keys(files)) {
    if (!path.startsWith(folder)) continue;
    const [first, ...rest] = path.slice(folder.length).split('/');
    entries.set(first, rest.length > 0);
  }
  return [...entries].map(([name, dir]) => ({ name, is_dir: dir }));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    if (path.endsWith('/') && path.startsWith('/listed/') && /json/.test(req.headers.accept ?? '')) {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(listing(path)));
    }
    const body = files[path];
    if (!body) notFound.push(path);
    res.writeHead(body ? 200 : 404).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Loads the model; the requests and 404s of its textures (the model's own request left out). */
async function load(url: string, options: { resolve?: Resolver; jsonListing?: boolean } = {}) {
  requests.length = 0;
  notFound.length = 0;
  const result = await new RelicLoader(undefined, { formats: [texturesFormat], ...options }).loadAsync(url);
  const missing = result.warnings.filter((w) => w.code === 'TEXTURE_MISSING').map((w) => /'([^']+)'/.exec(w.message)![1]);
  const loaded = result.textures.filter((t) => t.image).length;
  return { requests: requests.filter((r) => !r.endsWith('.texs')), notFound: [...notFound], missing, loaded };
}

/** The lookup before this change, for the comparison: by base name beside the model, then Texture/, then Textures/. */
function everyFolderInOrder(modelUrl: string): Resolver {
  const cache = new Map<string, Promise<Uint8Array | undefined>>();
  return (name) => {
    const baseName = name.replace(/\\/g, '/').split('/').pop()!;
    const key = baseName.toLowerCase();
    if (!cache.has(key)) {
      cache.set(key, (async () => {
        for (const folder of ['', 'Texture/', 'Textures/']) {
          const response = await fetch(new URL(folder + encodeURIComponent(baseName), modelUrl));
          if (response.ok) return new Uint8Array(await response.arrayBuffer());
        }
        return undefined;
      })());
    }
    return cache.get(key)!;
  };
}

describe('texture requests over plain HTTP', () => {
  it('before: each texture found costs 2 requests (1 404), each missing one 3 404s', async () => {
    const url = `${base}/game/Model/ship.texs`;
    const before = await load(url, { resolve: everyFolderInOrder(url) });
    expect(before.loaded).toBe(NAMES.length - MISSING.length);
    expect(before.requests).toHaveLength(THERE.length * 2 + MISSING.length * 3); // 17
    expect(before.notFound).toHaveLength(THERE.length + MISSING.length * 3); // 13
  });

  it('after, without a listing: the folder of the first texture found is tried first, each missing name warned once', async () => {
    const after = await load(`${base}/game/Model/ship.texs`);
    expect(after.loaded).toBe(NAMES.length - MISSING.length);
    expect(after.missing).toEqual(MISSING);
    // hull.bmp: beside (404), Texture/ (found). Every later one: Texture/ first.
    expect(after.requests.slice(0, 2)).toEqual(['/game/Model/hull.bmp', '/game/Model/Texture/hull.bmp']);
    expect(after.requests).toHaveLength(2 + (THERE.length - 1) + MISSING.length * 3); // 14
    expect(after.notFound).toHaveLength(1 + MISSING.length * 3); // 10
    expect(after.notFound.filter((p) => THERE.some((t) => p.endsWith(`/${t}`)))).toEqual(['/game/Model/hull.bmp']);
    // Every path asked for once.
    expect(new Set(after.requests).size).toBe(after.requests.length);
    // A missing name tries the learned folder first, then the others.
    expect(after.notFound.filter((p) => p.endsWith('/gone1.dds'))).toEqual(['/game/Model/Texture/gone1.dds', '/game/Model/gone1.dds', '/game/Model/Textures/gone1.dds']);
  });

  it('after, with a JSON listing: two listing requests, one per texture there, not a single 404', async () => {
    const after = await load(`${base}/listed/Model/ship.texs`, { jsonListing: true });
    expect(after.loaded).toBe(NAMES.length - MISSING.length);
    expect(after.missing).toEqual(MISSING);
    expect(after.notFound).toEqual([]);
    expect(after.requests.slice(0, 2)).toEqual(['/listed/Model/', '/listed/Model/Texture/']);
    expect(after.requests.slice(2).sort()).toEqual(THERE.map((t) => `/listed/Model/Texture/${t}`).sort());
  });

  it('a server that does not list (404 for the folder) costs one request, then the folders are tried as without one', async () => {
    const after = await load(`${base}/game/Model/ship.texs`, { jsonListing: true });
    expect(after.requests[0]).toBe('/game/Model/');
    expect(after.loaded).toBe(NAMES.length - MISSING.length);
    expect(after.requests).toHaveLength(1 + 2 + (THERE.length - 1) + MISSING.length * 3);
  });
});
