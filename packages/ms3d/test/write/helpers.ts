// Shared helpers of the writer tests: write → read back (a valid scene), facts, small scenes.
import { addNode, createScene, isWriteError, validateScene, type Material, type Primitive, type Scene, type WriteError } from '@relic3d/core';
import { sceneFacts, type SceneFacts } from '@relic3d/scene-facts';
import { expect } from 'vitest';
import { parseSync, readMs3d, writeMs3d, type WriteMs3dOptions } from '../../src/index.js';

export interface RoundTrip {
  /** The .ms3d file written. */
  bytes: Uint8Array;
  files: Record<string, Uint8Array>;
  warnings: string[];
  /** The written file read back (checked valid). */
  back: Scene;
}

/** Writes `scene` and reads the .ms3d back with the reader; the result must be a valid scene. */
export function roundTrip(scene: Scene, options: WriteMs3dOptions = {}): RoundTrip {
  const result = writeMs3d(scene, options);
  const name = Object.keys(result.files).find((n) => n.endsWith('.ms3d'))!;
  expect(name).toBeDefined();
  const bytes = result.files[name];
  const back = parseSync(bytes, { fileName: name, kernels: 'js' });
  expect(validateScene(back)).toEqual([]);
  expect(back.warnings.map((w) => w.code), 'the reader has nothing to say about a written file').toEqual([]);
  return { bytes, files: result.files, warnings: result.warnings.map((w) => w.code), back };
}

/**
 * The scene's facts as MS3D reads them back: a group without material gets the reader's
 * 'ms3d default' material.
 */
export function factsOf(scene: Scene): SceneFacts {
  const facts = sceneFacts(scene);
  const bare = scene.nodes.some((n) => n.mesh !== undefined && scene.meshes[n.mesh]?.primitives.some((p) => p.material === undefined));
  if (bare) facts.materials = [...facts.materials, 'ms3d default'].sort();
  return facts;
}

/** The WriteError `fn` throws. */
export function refusal(fn: () => unknown): WriteError {
  try {
    fn();
  } catch (error) {
    expect(isWriteError(error), String(error)).toBe(true);
    return error as WriteError;
  }
  throw new Error('expected a WriteError');
}

export function material(name: string, extra: Partial<Material> = {}): Material {
  return { name, baseColorFactor: [1, 1, 1, 1], metallicFactor: 0, roughnessFactor: 1, emissiveFactor: [0, 0, 0], alphaMode: 'OPAQUE', doubleSided: false, ...extra };
}

/** A triangle primitive: positions (xyz), optional normals/uvs, indices. */
export function primitive(positions: number[], indices?: number[], extra: Partial<Primitive['attributes']> = {}, material?: number): Primitive {
  const p: Primitive = { attributes: { POSITION: new Float32Array(positions), ...extra }, mode: 'TRIANGLES' };
  if (indices) p.indices = new Uint32Array(indices);
  if (material !== undefined) p.material = material;
  return p;
}

/** A unit quad in the XY plane facing +Z (two CCW triangles) with normals and UVs. */
export function quadPrimitive(material?: number): Primitive {
  return primitive([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], [0, 1, 2, 0, 2, 3], {
    NORMAL: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]),
    TEXCOORD_0: new Float32Array([0, 1, 1, 1, 1, 0, 0, 0]),
  }, material);
}

/** A scene with one mesh node holding `primitives`. */
export function meshScene(name: string, primitives: Primitive[], node: Partial<Scene['nodes'][number]> = {}): Scene {
  const scene = createScene('test');
  scene.name = name;
  scene.meshes.push({ name, primitives });
  addNode(scene, { name, mesh: 0, ...node });
  return scene;
}

/** The reader's parse of a written file, as stored (sections, trailer). */
export const stored = (bytes: Uint8Array) => readMs3d(bytes);
