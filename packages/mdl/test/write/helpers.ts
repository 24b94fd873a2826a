// Shared helpers for the writer tests: scenes built with core's createScene/addNode, a write that
// reads its own output back (the .mat files through a resolver over the written files), and an
// independent walk of the written bytes (the layout of docs/formats/mdl.md §2, not the reader).
import { addNode, createScene, isWriteError, validateScene, type Primitive, type Scene, type WriteResult } from '@relic3d/core';
import { expect } from 'vitest';
import { parseSync, readMdl, writeMdl, type MdlFile, type WriteMdlOptions } from '../../src/index.js';

export interface RoundTrip {
  result: WriteResult;
  /** The .mdl bytes. */
  bytes: Uint8Array;
  file: MdlFile;
  back: Scene;
  codes: string[];
}

/** The written file names, case-insensitively, as a synchronous resolver. */
export function resolverOver(files: Record<string, Uint8Array>) {
  const byName = new Map(Object.entries(files).map(([name, bytes]) => [name.toLowerCase(), bytes]));
  return (name: string) => byName.get(name.toLowerCase());
}

/** Writes, checks the file set, and parses the .mdl again with its .mat files. */
export function roundTrip(scene: Scene, options: WriteMdlOptions = {}): RoundTrip {
  const result = writeMdl(scene, options);
  const main = Object.keys(result.files).find((n) => n.endsWith('.mdl'));
  expect(main).toBeDefined();
  for (const name of Object.keys(result.files)) expect(name).toMatch(/^[^\\/]+$/);
  const bytes = result.files[main!];
  const back = parseSync(bytes, { resolve: resolverOver(result.files), fileName: main });
  expect(validateScene(back)).toEqual([]);
  return { result, bytes, file: readMdl(bytes), back, codes: result.warnings.map((w) => w.code) };
}

/** The WriteError a write throws (anything else fails the test). */
export function refusal(scene: Scene, options: WriteMdlOptions = {}): Error & { code: string; limit: string; value: unknown; max?: unknown } {
  try {
    writeMdl(scene, options);
  } catch (error) {
    expect(isWriteError(error), String(error)).toBe(true);
    return error as Error & { code: string; limit: string; value: unknown; max?: unknown };
  }
  throw new Error('expected a WriteError');
}

/** A scene with one node drawing one primitive. */
export function meshScene(primitive: Primitive, name = 'model', nodeName = 'mesh'): Scene {
  const scene = createScene('test');
  scene.name = name;
  scene.meshes.push({ name: nodeName, primitives: [primitive] });
  addNode(scene, { name: nodeName, mesh: 0 });
  return scene;
}

/** One CCW triangle in the XY plane facing +Z (glTF), with UVs. */
export function triangle(extra: Partial<Primitive> = {}): Primitive {
  return {
    attributes: {
      POSITION: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0),
      NORMAL: Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1),
      TEXCOORD_0: Float32Array.of(0, 1, 1, 1, 0, 0),
    },
    indices: Uint16Array.of(0, 1, 2),
    ...extra,
  };
}

/** A quad grid of `n` × `n` cells in XZ (facing +Y), as triangles. */
export function grid(n: number): Primitive {
  const count = (n + 1) * (n + 1);
  const position = new Float32Array(count * 3), normal = new Float32Array(count * 3), uv = new Float32Array(count * 2);
  for (let z = 0, v = 0; z <= n; z++) {
    for (let x = 0; x <= n; x++, v++) {
      position.set([x, 0, z], v * 3);
      normal.set([0, 1, 0], v * 3);
      uv.set([x / n, z / n], v * 2);
    }
  }
  const indices = new Uint32Array(n * n * 6);
  for (let z = 0, o = 0; z < n; z++) {
    for (let x = 0; x < n; x++) {
      const a = z * (n + 1) + x, b = a + 1, c = a + n + 1, d = c + 1;
      indices.set([a, c, b, b, c, d], o);
      o += 6;
    }
  }
  return { attributes: { POSITION: position, NORMAL: normal, TEXCOORD_0: uv }, indices };
}

/** The first mesh primitive the reader built (level 0 of the top node). */
export function firstPrimitive(scene: Scene): Primitive {
  const node = scene.nodes.find((n) => n.mesh !== undefined);
  expect(node).toBeDefined();
  return scene.meshes[node!.mesh!].primitives[0];
}

/** A little-endian float32 at `at` (for reading written bytes independently of the reader). */
export function f32(bytes: Uint8Array, at: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset).getFloat32(at, true);
}

export function i32(bytes: Uint8Array, at: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset).getInt32(at, true);
}

/** Where the first vertex record starts: after MESH, polyVerts, two ISTRINGs, stride and count. */
export function firstVertexOffset(bytes: Uint8Array): number {
  const text = new TextDecoder('latin1').decode(bytes);
  let at = text.indexOf('MESH') + 8;
  for (let s = 0; s < 2; s++) at += 4 + i32(bytes, at);
  return at + 8;
}
