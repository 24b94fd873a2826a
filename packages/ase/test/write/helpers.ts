// Shared helpers of the writer tests: write, read back, and a minimal line dump of the written text
// (independent of the reader) for byte-level facts.
import { computeWorldMatrices, validateScene, type Scene, type WriteResult } from '@relic3d/core';
import { expect } from 'vitest';
import { parseSync, writeAse, type WriteAseOptions } from '../../src/index.js';

export interface Written extends WriteResult {
  /** The main file as text (one char per byte). */
  text: string;
  bytes: Uint8Array;
  /** The file read back, validated. */
  back: Scene;
}

export function write(scene: Scene, options: WriteAseOptions = {}, parseOptions = {}): Written {
  const result = writeAse(scene, { name: 'out', ...options });
  const bytes = result.files['out.ase'];
  expect(bytes, `files: ${Object.keys(result.files).join(', ')}`).toBeDefined();
  const back = parseSync(bytes, parseOptions);
  expect(validateScene(back)).toEqual([]);
  return { ...result, bytes, text: latin1(bytes), back };
}

/** One char per byte (Windows-1252 for the names; the structure is ASCII). */
export const latin1 = (bytes: Uint8Array) => new TextDecoder('windows-1252').decode(bytes);
export const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code);

/** The values after `*KEYWORD` on every line that starts with it (numbers where they parse). */
export function values(text: string, keyword: string): (number | string)[][] {
  const out: (number | string)[][] = [];
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t.startsWith(`*${keyword} `) && t !== `*${keyword}`) continue;
    out.push(t.slice(keyword.length + 1).trim().split(/\s+/).filter(Boolean).map((v) => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v)));
  }
  return out;
}

export const numbers = (text: string, keyword: string) => values(text, keyword).map((v) => v.map(Number));

export const close = (a: ArrayLike<number>, b: ArrayLike<number>, tol = 1e-4, what = '') => {
  expect(a.length, what).toBe(b.length);
  for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i]), `${what}[${i}] ${a[i]} vs ${b[i]}`).toBeLessThan(tol);
};

export const nodeNamed = (scene: Scene, name: string) => {
  const i = scene.nodes.findIndex((n) => n.name === name);
  expect(i, `node "${name}" in ${scene.nodes.map((n) => n.name).join(', ')}`).toBeGreaterThanOrEqual(0);
  return i;
};

export const worldOf = (scene: Scene, name: string, locals?: Float32Array) => {
  const i = nodeNamed(scene, name);
  return Array.from(computeWorldMatrices(scene, locals).subarray(i * 16, i * 16 + 16));
};

/** World positions of a node's triangle vertices, in index order (what a renderer draws). */
export function drawnCorners(scene: Scene, name: string): number[][] {
  const i = nodeNamed(scene, name);
  const m = computeWorldMatrices(scene).subarray(i * 16, i * 16 + 16);
  const out: number[][] = [];
  for (const p of scene.meshes[scene.nodes[i].mesh!].primitives) {
    const P = p.attributes.POSITION;
    const idx = p.indices ?? Uint32Array.from({ length: P.length / 3 }, (_, k) => k);
    for (const v of idx) {
      const x = P[v * 3], y = P[v * 3 + 1], z = P[v * 3 + 2];
      out.push([m[0] * x + m[4] * y + m[8] * z + m[12], m[1] * x + m[5] * y + m[9] * z + m[13], m[2] * x + m[6] * y + m[10] * z + m[14]]);
    }
  }
  return out;
}
