// Positions and normals welded in the scene's space and converted as they are written
// (src/write/scene-space.ts): the file holds (x, −z, y) of each row, at every byte alignment; −0 is
// welded and written as 0; NaN and nodes of several primitives take the converting path instead.
import type { Scene } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { readLod, writeLod } from '../../src/index.js';
import { allFinite } from '../../src/write/scene-space.js';
import { lodOf, meshScene } from './helpers.js';

/** A quad of two triangles with its own normals (rows distinct, none zero). */
function quad(name: string, positions: number[], normals?: number[]): Scene {
  const attributes = { POSITION: Float32Array.from(positions), ...(normals ? { NORMAL: Float32Array.from(normals) } : {}) };
  return meshScene(name, [{ attributes, indices: Uint32Array.of(0, 1, 2, 0, 2, 3), mode: 'TRIANGLES' }]);
}

const P = [1.5, 2.25, -3, 4, 5.5, 6, -7, 8, 9.75, 10, -11, 12.5];
const N = [0, 1, 0, 0.6, 0, 0.8, 0, 0, 1, -1, 0, 0];
/** Y-up rows as Z-up, (x, 0 − z, y), as float32 values. */
const zUp = (rows: number[]) => rows.flatMap((_, i) => (i % 3 ? [] : [rows[i], 0 - rows[i + 2], rows[i + 1]].map(Math.fround)));
const file = (scene: Scene, upAxis: 'y' | 'z' = 'z') => readLod(lodOf(writeLod(scene, { upAxis }))).meshes[0];

describe('rows welded in scene space, converted as written', () => {
  it('writes (x, −z, y) of each position and normal at all four byte alignments of the output', () => {
    for (const name of ['a', 'ab', 'abc', 'abcd']) {
      const mesh = file(quad(name, P, N));
      expect([name, Array.from(mesh.positions)]).toEqual([name, zUp(P)]);
      expect([name, Array.from(mesh.normals)]).toEqual([name, zUp(N)]);
    }
  });

  it('leaves the scene as it was (its own arrays are welded and read, never written)', () => {
    const scene = quad('q', P, N);
    const positions = scene.meshes[0].primitives[0].attributes.POSITION;
    file(scene);
    expect(scene.meshes[0].primitives[0].attributes.POSITION).toBe(positions);
    expect(Array.from(positions)).toEqual(P);
  });

  it('one normal for every vertex (a flat quad): one row written, converted', () => {
    const mesh = file(quad('flat', P, [0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0]));
    expect(Array.from(mesh.normals)).toEqual([0, 0, 1]);
  });

  it('−0 is written as +0, and a row equal but for the sign of a zero welds with it, on both axes', () => {
    // Vertices 0 and 1 differ in the sign of a zero and in their normals: one position row, two normal rows.
    const positions = [0, 1, 2, -0, 1, 2, 3, 4, 5, 6, 7, 8];
    for (const up of ['y', 'z'] as const) {
      const mesh = file(quad('signed', positions, N), up);
      const rows = [0, 1, 2, 3, 4, 5, 6, 7, 8];
      expect([up, Array.from(mesh.positions)]).toEqual([up, up === 'y' ? rows : zUp(rows)]);
      expect([up, Array.from(mesh.positions).some((v) => Object.is(v, -0))]).toEqual([up, false]);
    }
  });

  it('a NaN takes the converting path: written as 0 with a warning, the rest converted', () => {
    const result = writeLod(quad('nan', [NaN, ...P.slice(1)], N), { upAxis: 'z' });
    expect(result.warnings.map((w) => w.code)).toEqual(['LOD_WRITE_NOT_FINITE']);
    expect(Array.from(readLod(lodOf(result)).meshes[0].positions)).toEqual(zUp([0, ...P.slice(1)]));
  });

  it('a node of two primitives is converted before the weld, and their shared rows weld into one', () => {
    const scene = quad('two', P, N);
    // The second primitive repeats the first's last two vertices and adds one.
    const more = { POSITION: Float32Array.from([...P.slice(6), 20, 21, 22]), NORMAL: Float32Array.from([...N.slice(6), 0, 1, 0]) };
    scene.meshes[0].primitives.push({ attributes: more, indices: Uint32Array.of(0, 1, 2), mode: 'TRIANGLES', material: 0 });
    const mesh = file(scene);
    expect(Array.from(mesh.positions)).toEqual(zUp([...P, 20, 21, 22]));
    expect(mesh.normals.length).toBe(12);
  });

  it('allFinite: −0, denormals and the largest floats pass; NaN and the infinities do not', () => {
    expect(allFinite(Float32Array.of(0, -0, 1, -1, 1e-45, 3.4e38, -3.4e38))).toBe(true);
    for (const bad of [NaN, Infinity, -Infinity]) expect([bad, allFinite(Float32Array.of(1, 2, bad, 3))]).toEqual([bad, false]);
  });
});
