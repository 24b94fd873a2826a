// Shared helpers of the writer tests: write → read back, an independent chunk walk, small scenes.
import { addNode, createScene, defaultMaterial, isWriteError, validateScene, type Mesh, type Primitive, type Scene, type WriteResult } from '@relic3d/core';
import { expect } from 'vitest';
import { parseSync, writeLod, type LodParseOptions, type WriteLodOptions } from '../../src/index.js';

/** The .lod file a write returned. */
export function lodOf(result: WriteResult): Uint8Array {
  const names = Object.keys(result.files).filter((n) => n.endsWith('.lod'));
  expect(names).toHaveLength(1);
  return result.files[names[0]];
}

export const codes = (result: { warnings: { code: string }[] }) => [...new Set(result.warnings.map((w) => w.code))].sort();

/**
 * Writes `scene`, reads the .lod back (a valid scene, no read warnings) and returns both. Scenes
 * built in the tests are compared field by field with what is stored, so they are written with the
 * identity axis (`upAxis: 'y'`) unless a test asks otherwise; a scene read from a .lod keeps the
 * writer's default (its read axis). The file is read back with the axis it was written with. The
 * default Z-up conversion of other scenes is tested in up-axis.test.ts.
 */
export function roundTrip(scene: Scene, options: WriteLodOptions = {}, read: LodParseOptions = {}): { result: WriteResult; file: Uint8Array; back: Scene } {
  const fromLod = scene.extras.signature === 'LODka3D1';
  const write: WriteLodOptions = fromLod ? options : { upAxis: 'y', ...options };
  const result = writeLod(scene, write);
  const file = lodOf(result);
  const writtenAxis = write.upAxis ?? (scene.extras.upAxis === 'y' ? 'y' : 'z');
  const back = parseSync(file, { upAxis: writtenAxis, ...read });
  expect(validateScene(back)).toEqual([]);
  expect(back.warnings).toEqual([]);
  return { result, file, back };
}

/** The WriteError a write throws. */
export function refusal(fn: () => unknown): { code: string; limit: string; value: number | string; max?: number | string; message: string } {
  try {
    fn();
  } catch (e) {
    expect(isWriteError(e)).toBe(true);
    return e as never;
  }
  throw new Error('expected a WriteError');
}

export interface ChunkEntry {
  id: string;
  size: number;
  count: number;
  /** Offset of the data (after the 12-byte header). */
  data: number;
  children?: ChunkEntry[];
}

const CONTAINERS = new Set(['MAL1', 'TXTL', 'SHDL', 'MSL1', 'ANS1', 'LGS1', 'PXL1', 'CLL1']);

/**
 * An independent walk of the chunk tree from the spec's header layout (docs/formats/lod.md §1.3,
 * §1.4): LOD1's children, and the children of container chunks. Shares no code with the reader.
 */
export function chunkTree(bytes: Uint8Array): { signature: string; lod: ChunkEntry; trailing: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number, n: number) => String.fromCharCode(...bytes.subarray(at, at + n));
  const header = (at: number): ChunkEntry => ({ id: ascii(at, 4), size: view.getInt32(at + 4, true), count: view.getInt32(at + 8, true), data: at + 12 });
  const walk = (start: number, end: number): ChunkEntry[] => {
    const out: ChunkEntry[] = [];
    for (let at = start; at < end; ) {
      const h = header(at);
      if (CONTAINERS.has(h.id)) h.children = walk(h.data, h.data + h.size);
      out.push(h);
      at = h.data + h.size;
      expect(at).toBeLessThanOrEqual(end);
    }
    return out;
  };
  const lod = header(8);
  lod.children = walk(lod.data, lod.data + lod.size);
  return { signature: ascii(0, 8), lod, trailing: bytes.length - (lod.data + lod.size) };
}

/** The bytes of a chunk's data. */
export const dataOf = (bytes: Uint8Array, c: ChunkEntry) => bytes.subarray(c.data, c.data + c.size);

/** A triangle primitive from plain arrays. */
export function triangle(positions: number[], extra: Partial<Primitive['attributes']> = {}, indices = [0, 1, 2]): Primitive {
  return { attributes: { POSITION: Float32Array.from(positions), ...extra }, indices: Uint16Array.from(indices), mode: 'TRIANGLES' };
}

/** A scene with one node drawing `primitives`, a material each. */
export function meshScene(name: string, primitives: Primitive[], node: Partial<Scene['nodes'][number]> = {}): Scene {
  const scene = createScene('test');
  scene.name = name;
  primitives.forEach((p, i) => {
    scene.materials.push(defaultMaterial(`m${i}`));
    p.material ??= i;
  });
  const mesh: Mesh = { name, primitives };
  scene.meshes.push(mesh);
  addNode(scene, { name, mesh: 0, ...node });
  return scene;
}

/** Unit normal of triangle k of a primitive (right-handed, counter-clockwise front). */
export function faceNormal(p: Primitive, k = 0): number[] {
  const P = p.attributes.POSITION;
  const idx = p.indices ?? Uint32Array.from({ length: P.length / 3 }, (_, i) => i);
  const [a, b, c] = [0, 1, 2].map((j) => Array.from(P.subarray(idx[k * 3 + j] * 3, idx[k * 3 + j] * 3 + 3)));
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const l = Math.hypot(...n);
  return n.map((x) => x / l);
}

export const closeTo = (a: ArrayLike<number>, b: ArrayLike<number>, digits = 5) => {
  expect(a.length).toBe(b.length);
  Array.from(a).forEach((v, i) => expect(v).toBeCloseTo(b[i], digits));
};
