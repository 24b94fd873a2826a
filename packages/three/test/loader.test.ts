import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as THREE from 'three';
import { addNode, createScene, FormatError, isFormatError, registeredFormats, validateScene, type Format, type ParseOptions } from '@relic3d/core';
import { corpusAvailable, readCorpusFile } from '@relic3d/test-harness';
// Registers every relic3d format in core's registry: what a loader without `formats` detects among.
import '@relic3d/formats';
import { RelicLoader } from '../src/index.js';

// A tiny test-only format: "TRI1" + a texture name line; the parse asks the resolver for the texture.
const enc = new TextEncoder();
const dec = new TextDecoder();
const triFormat: Format = {
  id: 'tri', name: 'Test Triangle', extensions: ['.tri'], mimeTypes: [], encoding: 'text',
  test: (b) => dec.decode(b.subarray(0, 4)) === 'TRI1',
  async parse(bytes: Uint8Array, options: ParseOptions = {}) {
    if (bytes.length < 5) throw new FormatError({ format: 'tri', offset: 4, expected: 'a texture line', found: 'end of file', code: 'TRUNCATED' });
    const textureName = dec.decode(bytes.subarray(5)).trim();
    const companion = await options.resolve?.(textureName);
    const scene = createScene('tri', 1);
    addNode(scene, { name: options.fileName ?? 'tri', mesh: 0 });
    scene.meshes.push({ name: 'tri', primitives: [{ attributes: { POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) }, material: 0 }] });
    scene.materials.push({ name: 'm', baseColorFactor: [1, 1, 1, 1], metallicFactor: 0, roughnessFactor: 1, emissiveFactor: [0, 0, 0], alphaMode: 'OPAQUE', doubleSided: false, baseColorTexture: { texture: 0 } });
    scene.textures.push({ uri: textureName });
    scene.extras.companionBytes = companion ? new Uint8Array(companion as ArrayBuffer).length : 0;
    return scene;
  },
};

/**
 * The smallest valid MilkShape 3D file, written field by field from the ms3d spec: header, version 4,
 * no vertices, triangles, groups or materials, fps 24, current time 0, 30 frames, no joints.
 */
function emptyMs3d(): Uint8Array {
  const out = new Uint8Array(10 + 4 + 2 * 4 + 4 + 4 + 4 + 2);
  const view = new DataView(out.buffer);
  out.set(enc.encode('MS3D000000'));
  view.setInt32(10, 4, true);
  view.setFloat32(22, 24, true);
  view.setInt32(30, 30, true);
  return out;
}

const woman4 = corpusAvailable('ms3d') ? readCorpusFile('glscene__Woman4.ms3d', 'ms3d') : undefined;
const flyff = corpusAvailable('o3d')
  ? Object.fromEntries(['mvr_AiBatt.o3d', 'mvr_AiBatt.chr', 'mvr_AiBatt_stand.ani', 'mvr_AiBatt_walk.ani'].map((f) => [`/flyff/${f}`, readCorpusFile(f, 'o3d')]))
  : undefined;
const INDEX_HTML = enc.encode('<!doctype html>\n<html><head><title>app</title></head><body></body></html>');

const files: Record<string, Uint8Array> = {
  '/models/empty.ms3d': emptyMs3d(),
  ...(woman4 ? { '/models/Woman4.ms3d': woman4 } : {}),
  '/models/ship.tri': enc.encode('TRI1\nC:\\art\\hull.png'),
  '/models/hull.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
  '/models/quake.tri': enc.encode('IDPO\x06\x00\x00\x00'),
  // A game folder: the texture sits in Texture/ beside the model.
  '/game/boat.tri': enc.encode('TRI1\nD:\\work\\sail.png'),
  '/game/Texture/sail.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 9]),
  ...flyff,
};
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '');
    const body = files[url];
    // /app/ behaves like a dev server or single-page host: a missing path gets the index page, 200.
    if (!body && url.startsWith('/app/')) return void res.writeHead(200, { 'content-type': url.includes('untyped') ? 'application/octet-stream' : 'text/html' }).end(INDEX_HTML);
    res.writeHead(body ? 200 : 404).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('RelicLoader', () => {
  it('is a THREE.Loader that fetches, detects, parses, resolves companions by base name and converts', async () => {
    const loader = new RelicLoader(undefined, { formats: [triFormat], threeOptions: { decodeImage: async (b) => ({ width: b.length, height: 1 }) as unknown as ImageBitmap } });
    expect(loader).toBeInstanceOf(THREE.Loader);
    const result = await loader.loadAsync(`${base}/models/ship.tri`);
    expect(result.format.id).toBe('tri');
    expect(result.scene.nodes[0].name).toBe('ship.tri');
    expect(result.scene.extras.companionBytes).toBe(7);
    expect(result.root.children[0].userData.sourceName).toBe('ship.tri');
    expect(result.root.children[0].name).toBe('shiptri'); // sanitised for track paths
    expect(result.textures[0].image).toEqual({ width: 7, height: 1 });
  });

  it('honours setPath', async () => {
    const loader = new RelicLoader().setFormats([triFormat]).setPath(`${base}/models/`);
    const result = await loader.loadAsync('ship.tri');
    expect(result.scene.format).toBe('tri');
  });

  it('rejects with a FormatError naming a foreign file', async () => {
    const loader = new RelicLoader(undefined, { formats: [triFormat] });
    const error = await loader.loadAsync(`${base}/models/quake.tri`).catch((e: unknown) => e);
    expect(isFormatError(error)).toBe(true);
    expect((error as FormatError).code).toBe('FOREIGN_FORMAT');
    expect((error as FormatError).message).toContain('Quake 1 MDL');
  });

  it('passes a parser FormatError through with its offset', async () => {
    const loader = new RelicLoader(undefined, { formats: [triFormat] });
    const error = await loader.parse(enc.encode('TRI1'), 'x.tri').catch((e: unknown) => e);
    expect((error as FormatError).offset).toBe(4);
  });

  it('says how to configure it when no format is known', async () => {
    await expect(new RelicLoader(undefined, { formats: [] }).parse(new Uint8Array(4))).rejects.toThrow(/setFormats/);
  });

  it('rejects a missing file with "not found", also when the server answers with its HTML index page', async () => {
    const loader = new RelicLoader(undefined, { formats: [triFormat] });
    await expect(loader.loadAsync(`${base}/nope.tri`)).rejects.toThrow(/nope\.tri was not found \(404/);
    await expect(loader.loadAsync(`${base}/app/nope.tri`)).rejects.toThrow(/nope\.tri was not found: the server answered with an HTML page/);
    // Served as bytes, yet an HTML page all the same.
    await expect(loader.loadAsync(`${base}/app/untyped/nope.tri`)).rejects.toThrow(/was not found: the server answered with an HTML page/);
  });

  it('finds companions in Texture/ beside the model, and never takes an HTML page for one', async () => {
    const decodeImage = async (b: Uint8Array) => ({ width: b.length, height: 1 }) as unknown as ImageBitmap;
    const boat = await new RelicLoader(undefined, { formats: [triFormat], threeOptions: { decodeImage } }).loadAsync(`${base}/game/boat.tri`);
    expect(boat.scene.extras.companionBytes).toBe(6);
    expect(boat.textures[0].image).toEqual({ width: 6, height: 1 });
    const onWarning = vi.fn();
    const app = await new RelicLoader(undefined, { formats: [triFormat], threeOptions: { decodeImage, onWarning } }).parse(enc.encode('TRI1\nhull.png'), 'x.tri', new RelicLoader().urlResolver(`${base}/app/x.tri`));
    expect(app.scene.extras.companionBytes).toBe(0);
    expect(onWarning.mock.calls.map(([w]) => w.code)).toEqual(['TEXTURE_MISSING']);
  });

  describe.skipIf(!flyff)('Flyff motions (corpus mvr_AiBatt: 14 bones; stand 31 frames, walk 27 frames at 30 fps)', () => {
    it('fetches the named motions as <skeleton>_<name>.ani next to the model', async () => {
      const model = await new RelicLoader(undefined, { parseOptions: { motions: ['stand', 'walk'] } }).loadAsync(`${base}/flyff/mvr_AiBatt.o3d`);
      expect(model.format.id).toBe('o3d');
      expect(model.skeletons[0].bones).toHaveLength(14);
      expect(model.clips.map((c) => c.name)).toEqual(['stand', 'walk']);
      // The last key of an N-frame motion sits at (N − 1) / 30 s.
      expect(model.clips[0].duration).toBeCloseTo(30 / 30, 5);
      expect(model.clips[1].duration).toBeCloseTo(26 / 30, 5);
      expect(model.scene.warnings.map((w) => w.code)).not.toContain('O3D_MOTIONS_UNLISTED');
    });

    it("finds every motion of the model's skeleton through a resolver that lists its folder ('auto')", async () => {
      const names = Object.keys(flyff!).map((p) => p.slice('/flyff/'.length));
      const resolve = Object.assign((name: string) => flyff![`/flyff/${name.split(/[\\/]/).pop()}`], { list: () => names });
      const model = await new RelicLoader(undefined, { resolve }).loadAsync(`${base}/flyff/mvr_AiBatt.o3d`);
      expect(model.clips.map((c) => c.name)).toEqual(['stand', 'walk']);
      expect(model.scene.warnings.map((w) => w.code)).not.toContain('O3D_MOTIONS_UNLISTED');
    });

    it('passes a format\'s own options through parseOptions untouched', async () => {
      const model = await new RelicLoader(undefined, { parseOptions: { motions: ['walk'] } }).loadAsync(`${base}/flyff/mvr_AiBatt.o3d`);
      expect(model.clips.map((c) => c.name)).toEqual(['walk']);
    });

    it('a skinned model whose folder cannot be listed gets the parser\'s warning saying how to name its motions', async () => {
      const model = await new RelicLoader().loadAsync(`${base}/flyff/mvr_AiBatt.o3d`);
      expect(model.skeletons[0].bones).toHaveLength(14);
      expect(model.clips).toEqual([]);
      const warning = model.scene.warnings.find((w) => w.code === 'O3D_MOTIONS_UNLISTED');
      expect(warning?.message).toMatch(/cannot list the folder of mvr_AiBatt\.o3d.*motions: \['stand', 'walk'\].*mvr_AiBatt_stand\.ani/i);
      // Named motions that are not there: the parser says which.
      const none = await new RelicLoader(undefined, { parseOptions: { motions: ['fly'] } }).loadAsync(`${base}/flyff/mvr_AiBatt.o3d`);
      expect(none.scene.warnings.filter((w) => w.code === 'O3D_MISSING_MOTION').map((w) => w.message)).toEqual([expect.stringMatching(/_fly\.ani' was not found/)]);
      // 'none' asked for no motion: nothing to warn about.
      const still = await new RelicLoader(undefined, { parseOptions: { motions: 'none' } }).loadAsync(`${base}/flyff/mvr_AiBatt.o3d`);
      expect(still.scene.warnings.map((w) => w.code)).not.toContain('O3D_MOTIONS_UNLISTED');
      // The loader itself knows no format's rules.
      expect([...model.warnings, ...none.warnings].map((w) => w.code)).not.toContain('RELIC_NO_MOTIONS');
    });
  });

  describe("with no formats given: core's registry", () => {
    it('detects among the formats @relic3d/formats registered', async () => {
      expect(registeredFormats().map((f) => f.id)).toEqual(['ms3d', 'ase', 'o3d', 'mdl', 'lod', 'gltf']);
      const loader = new RelicLoader();
      const result = await loader.loadAsync(`${base}/models/empty.ms3d`);
      expect(result.format.id).toBe('ms3d');
      expect(validateScene(result.scene)).toEqual([]);
      expect((await loader.formats()).map((f) => f.id)).toEqual(['ms3d', 'ase', 'o3d', 'mdl', 'lod', 'gltf']);
      // The explicit path still wins.
      expect(await new RelicLoader(undefined, { formats: [triFormat] }).formats()).toEqual([triFormat]);
    });

    it.skipIf(!woman4)('loads Woman4 with new RelicLoader().loadAsync(url) (MANIFEST: 31 joints, 3450 triangles, animated)', async () => {
      const model = await new RelicLoader().loadAsync(`${base}/models/Woman4.ms3d`);
      expect(model.format.id).toBe('ms3d');
      expect(model.skeletons[0].bones).toHaveLength(31);
      const triangles = model.meshes.reduce((n, m) => n + (m as THREE.Mesh).geometry.index!.count / 3, 0);
      expect(triangles).toBe(3450);
      expect(model.clips[0].duration).toBeGreaterThan(1);
    });

    it('a FormatError from a relic3d format passes through', async () => {
      const error = await new RelicLoader().parse(enc.encode('MS3D000000\x03\0\0\0'), 'old.ms3d').catch((e: unknown) => e);
      expect(isFormatError(error)).toBe(true);
    });

    it('says what to import when nothing is registered', async () => {
      // A fresh module graph: a core whose registry nothing has filled.
      vi.resetModules();
      try {
        const { RelicLoader: Isolated } = await import('../src/loader.js');
        expect(await new Isolated().formats()).toEqual([]);
        const error = (await new Isolated().parse(emptyMs3d(), 'a.ms3d').catch((e: unknown) => e)) as Error;
        expect(error.message).toMatch(/import '@relic3d\/formats'.*\{ formats/);
        expect(isFormatError(error)).toBe(false);
      } finally {
        vi.resetModules();
      }
    });
  });
});
