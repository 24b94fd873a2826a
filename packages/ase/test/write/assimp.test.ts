// A reader we did not write: assimp (assimpjs, WASM) reads every ASE we write — the corpus
// rewritten and synthetic scenes — and its triangle, vertex and bone counts and its bounds agree with
// ours. Known differences of assimp's ASE importer, accounted for below:
// - it makes one mesh per face corner, rebuilds normals from smoothing groups (its parser reads
//   `*MESH_SMOOTHING n` as group bit 0 whatever n is, so every face smooths with every other) and
//   joins identical vertices: its vertex count is the number of distinct (position, texture
//   coordinate, colour) per mesh, where ours also splits vertices by normal;
// - it keeps only bones that weigh some vertex;
// - camera and light targets become child nodes, and vertices are node-local (bounds compared in world space).
import { createRequire } from 'node:module';
import { computeBounds, math, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { corpusFiles } from '@relic3d/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSync, writeAse } from '../../src/index.js';
import { corpusBack, corpusWritten } from '../corpus-scenes.js';
import { skinnedScene, texturedScene, viewersScene } from './scenes.js';

interface AssNode {
  name: string;
  transformation: number[];
  meshes?: number[];
  children?: AssNode[];
}
interface AssMesh {
  vertices: number[];
  faces: number[][];
  bones?: { name: string; weights: number[][] }[];
}
interface AssScene {
  rootnode: AssNode;
  meshes?: AssMesh[];
  cameras?: unknown[];
  lights?: unknown[];
}

interface Assimp {
  FileList: new () => { AddFile(name: string, bytes: Uint8Array): void };
  ConvertFileList(list: unknown, format: string): { IsSuccess(): boolean; GetErrorCode(): string; GetFile(i: number): { GetContent(): Uint8Array } };
}

let ajs: Assimp;
beforeAll(async () => {
  ajs = await (createRequire(import.meta.url)('assimpjs') as () => Promise<Assimp>)();
  // The corpus rewritten and read back is shared with write/corpus.test.ts (corpus-scenes.ts), made on one path.
  await ready();
});

function assimpRead(bytes: Uint8Array): AssScene {
  const list = new ajs.FileList();
  list.AddFile('model.ase', bytes);
  const result = ajs.ConvertFileList(list, 'assjson');
  expect(result.IsSuccess(), result.IsSuccess() ? '' : result.GetErrorCode()).toBe(true);
  // assimp's JSON exporter escapes `'` as `\'`, which JSON does not have.
  return JSON.parse(new TextDecoder().decode(result.GetFile(0).GetContent()).replace(/\\'/g, "'")) as AssScene;
}

/** World box of assimp's meshes: node transforms are row-major 4×4. */
function assimpBounds(scene: AssScene): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  const visit = (node: AssNode, parent: number[]) => {
    const t = node.transformation;
    const m = math.multiply(parent, [t[0], t[4], t[8], t[12], t[1], t[5], t[9], t[13], t[2], t[6], t[10], t[14], t[3], t[7], t[11], t[15]], new Float64Array(16));
    for (const i of node.meshes ?? []) {
      const v = scene.meshes![i].vertices;
      for (let k = 0; k < v.length; k += 3) {
        const p = math.transformPoint(m, v[k], v[k + 1], v[k + 2]);
        for (let c = 0; c < 3; c++) {
          min[c] = Math.min(min[c], p[c]);
          max[c] = Math.max(max[c], p[c]);
        }
      }
    }
    for (const child of node.children ?? []) visit(child, m as unknown as number[]);
  };
  visit(scene.rootnode, math.identity(new Float64Array(16)) as unknown as number[]);
  return { min, max };
}

/** Distinct (position, first texture coordinate, colour) per node and material: assimp's vertices. */
function joinedVertices(scene: Scene): number {
  let n = 0;
  for (const node of scene.nodes) {
    if (node.mesh === undefined) continue;
    const groups = new Map<number, Set<string>>();
    for (const p of scene.meshes[node.mesh].primitives) {
      if ((p.mode ?? 'TRIANGLES') !== 'TRIANGLES') continue;
      const keys = groups.get(p.material ?? -1) ?? new Set<string>();
      groups.set(p.material ?? -1, keys);
      const { POSITION: P, TEXCOORD_0: T, COLOR_0: C } = p.attributes;
      for (let v = 0; v < P.length / 3; v++) keys.add(`${P[v * 3]},${P[v * 3 + 1]},${P[v * 3 + 2]}|${T ? `${T[v * 2]},${T[v * 2 + 1]}` : ''}|${C ? `${C[v * 4]},${C[v * 4 + 1]},${C[v * 4 + 2]}` : ''}`);
    }
    for (const keys of groups.values()) n += keys.size;
  }
  return n;
}

/** Names of the joints that weigh some vertex. */
function weighingJoints(scene: Scene): string[] {
  const names = new Set<string>();
  scene.nodes.forEach((node) => {
    if (node.mesh === undefined || node.skin === undefined) return;
    const joints = scene.skins[node.skin].joints;
    for (const p of scene.meshes[node.mesh].primitives) {
      const { JOINTS_0: J, WEIGHTS_0: W } = p.attributes;
      if (J && W) for (let i = 0; i < J.length; i++) if (W[i] > 0) names.add(scene.nodes[joints[J[i]]].name);
    }
  });
  return [...names].sort();
}

/** `ours` is the bytes parsed by us. */
function expectAgreement(bytes: Uint8Array, ours: Scene = parseSync(bytes)): void {
  const theirs = assimpRead(bytes);
  const meshes = theirs.meshes ?? [];
  let triangles = 0;
  for (const node of ours.nodes) if (node.mesh !== undefined) for (const p of ours.meshes[node.mesh].primitives) triangles += (p.indices?.length ?? 0) / 3;
  expect(meshes.reduce((n, m) => n + m.faces.length, 0)).toBe(triangles);
  expect(meshes.reduce((n, m) => n + m.vertices.length / 3, 0)).toBe(joinedVertices(ours));
  expect([...new Set(meshes.flatMap((m) => (m.bones ?? []).map((b) => b.name)))].sort()).toEqual(weighingJoints(ours));
  expect(theirs.cameras?.length ?? 0).toBe(ours.cameras.length);
  expect(theirs.lights?.length ?? 0).toBe(ours.lights.length);
  const a = assimpBounds(theirs), b = computeBounds(ours);
  const diagonal = Math.max(1, Math.hypot(b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]));
  for (let c = 0; c < 3; c++) {
    expect(Math.abs(a.min[c] - b.min[c]), `min[${c}] ${a.min[c]} vs ${b.min[c]}`).toBeLessThan(1e-3 * diagonal);
    expect(Math.abs(a.max[c] - b.max[c]), `max[${c}] ${a.max[c]} vs ${b.max[c]}`).toBeLessThan(1e-3 * diagonal);
  }
}

const files = corpusFiles('ase');

describe.skipIf(!files.length)('assimp reads the corpus rewritten', () => {
  it.each(files.map((f) => [f.file, f] as const))('%s', (_name, entry) => {
    expectAgreement(corpusWritten(entry).files['out.ase'], corpusBack(entry));
  });
});

describe('assimp reads synthetic scenes', () => {
  it('a hierarchy with two materials and textures', () => {
    expectAgreement(writeAse(texturedScene()).files['boxes.ase']);
  });

  it('cameras and lights', () => {
    expectAgreement(writeAse(viewersScene()).files['viewers.ase']);
  });

  it('a skinned, animated chain: bones and their weights', () => {
    const bytes = writeAse(skinnedScene()).files['arm.ase'];
    expectAgreement(bytes);
    const bones = assimpRead(bytes).meshes!.flatMap((m) => m.bones ?? []);
    // Every vertex's weights sum to 1 in assimp too (our weights are written with 4 decimals).
    const sums = new Map<number, number>();
    for (const b of bones) for (const [v, w] of b.weights) sums.set(v, (sums.get(v) ?? 0) + w);
    for (const s of sums.values()) expect(s).toBeCloseTo(1, 3);
  });
});
