// Shared helpers of the synthetic ASE tests: parse and validate, the Y-up mapping, Max rows, box checks.
import { computeWorldMatrices, validateScene, type Scene } from '@relic3d/core';
import { expect } from 'vitest';
import { parseSync } from '../../src/index.js';
import { enc, type Rows, type V3 } from '@relic3d/fixtures/ase';

export const load = (text: string | Uint8Array, options = {}): Scene => {
  const scene = parseSync(typeof text === 'string' ? enc(text) : text, options);
  expect(validateScene(scene)).toEqual([]);
  return scene;
};
export const codes = (s: Scene) => s.warnings.map((w) => w.code);
export const yUp = ([x, y, z]: number[]) => [x, z, -y];
export const close = (a: ArrayLike<number>, b: ArrayLike<number>, tol = 1e-4) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i]), `[${i}] ${a[i]} vs ${b[i]}`).toBeLessThan(tol);
};
export const worldOf = (scene: Scene, name: string, locals?: Float32Array) => {
  const i = scene.nodes.findIndex((n) => n.name === name);
  return computeWorldMatrices(scene, locals).subarray(i * 16, i * 16 + 16);
};
/** Max row matrix for a rotation of `deg` about Z plus a translation. */
export const rotZ = (deg: number, t: V3 = [0, 0, 0]): Rows => {
  const a = (deg * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
  return [[c, s, 0], [-s, c, 0], [0, 0, 1], t];
};
export const applyRows = (p: number[], m: Rows) => [0, 1, 2].map((j) => p[0] * m[0][j] + p[1] * m[1][j] + p[2] * m[2][j] + m[3][j]);
export const worldBox = (points: number[][]) => {
  const ys = points.map(yUp);
  return { min: [0, 1, 2].map((k) => Math.min(...ys.map((p) => p[k]))), max: [0, 1, 2].map((k) => Math.max(...ys.map((p) => p[k]))) };
};
export const expectBox = (b: { min: number[]; max: number[] }, e: { min: number[]; max: number[] }, tol = 1e-3) => {
  close(b.min, e.min, tol);
  close(b.max, e.max, tol);
};
