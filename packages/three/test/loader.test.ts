import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as THREE from 'three';
import { addNode, createScene, FormatError, isFormatError, registeredFormats, validateScene, type Format, type ParseOptions } from '@relic3d/core';
import { corpusAvailable, readCorpusFile } from '@relic3d/test-harness';
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

const files: Record<string, Uint8Array> = {
  '/models/empty.ms3d': emptyMs3d(),
  ...(woman4 ? { '/models/Woman4.ms3d': woman4 } : {}),
  '/models/ship.tri': enc.encode('TRI1\nC:\\art\\hull.png'),
  '/models/hull.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
  '/models/quake.tri': enc.encode('IDPO\x06\x00\x00\x00'),
};
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = files[decodeURIComponent(req.url ?? '')];
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

  it('rejects on a missing file', async () => {
    await expect(new RelicLoader(undefined, { formats: [triFormat] }).loadAsync(`${base}/nope.tri`)).rejects.toBeDefined();
  });

  describe('with no formats given and an empty registry', () => {
    it('imports the optional peer relic3d and detects among its formats', async () => {
      expect(registeredFormats()).toHaveLength(0);
      const loader = new RelicLoader();
      const result = await loader.loadAsync(`${base}/models/empty.ms3d`);
      expect(result.format.id).toBe('ms3d');
      expect(validateScene(result.scene)).toEqual([]);
      expect((await loader.formats()).map((f) => f.id)).toEqual(['ms3d', 'ase', 'o3d', 'mdl', 'lod']);
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

    it('says how to fix it when relic3d is not installed', async () => {
      vi.resetModules();
      vi.doMock('relic3d', () => {
        throw new Error("Cannot find package 'relic3d'");
      });
      try {
        const { RelicLoader: Isolated } = await import('../src/loader.js');
        const error = (await new Isolated().parse(emptyMs3d(), 'a.ms3d').catch((e: unknown) => e)) as Error;
        expect(error.message).toMatch(/install the relic3d package.*\{ formats/);
        expect(isFormatError(error)).toBe(false);
      } finally {
        vi.doUnmock('relic3d');
        vi.resetModules();
      }
    });
  });
});
