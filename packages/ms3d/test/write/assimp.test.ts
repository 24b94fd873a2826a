// A reader we did not write: assimp (assimpjs, assimp compiled to WASM) reads every MS3D file we
// write for the corpus and for synthetic skinned scenes, and agrees with our reader on the groups'
// triangles, vertices and bind-pose bounds, the bones each group uses, the joints and the clip.
// assimp's known differences, each checked as such:
// - it joins nearly equal vertices (aiProcess_JoinIdenticalVertices), so its vertex count lies
//   between our distinct (position, normal, UV) count and that of our vertices joined greedily
//   within its epsilons (positions 1e-4 of the box diagonal, normals and UVs 1e-5);
// - it reads the int32 comment counts as u16: the vertex-extra section is then out of its reach, so
//   every vertex has one bone (our boneId, the largest influence), and a file with group, material
//   or joint comments fails ("length field is out of range") — written with `comments: 'model'` it reads;
// - it refuses a file without groups ("Didn't get any group records"): skeleton-only files.
import { createRequire } from 'node:module';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import type { Primitive, Scene } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { parseSync, writeMs3d, type WriteMs3dOptions } from '../../src/index.js';
import { skinnedStrip } from './scenes.js';

interface AiMesh {
  vertices: number[];
  faces: number[][];
  bones?: { name: string; weights: [number, number][] }[];
}
interface AiNode {
  name: string;
  children?: AiNode[];
}
interface AiScene {
  meshes: AiMesh[];
  rootnode: AiNode;
  animations?: { channels: unknown[] }[];
}
type Ajs = {
  FileList: new () => { AddFile(name: string, bytes: Uint8Array): void };
  ConvertFileList(list: unknown, format: string): { IsSuccess(): boolean; FileCount(): number; GetFile(i: number): { GetContent(): Uint8Array }; GetErrorCode(): string };
};

const ajs: Promise<Ajs> = (createRequire(import.meta.url)('assimpjs') as () => Promise<Ajs>)();

async function assimpRead(files: Record<string, Uint8Array>): Promise<AiScene | string> {
  const lib = await ajs;
  const list = new lib.FileList();
  for (const [name, bytes] of Object.entries(files)) list.AddFile(name, bytes);
  const result = lib.ConvertFileList(list, 'assjson');
  if (!result.IsSuccess() || result.FileCount() === 0) return result.GetErrorCode();
  return JSON.parse(new TextDecoder().decode(result.GetFile(0).GetContent())) as AiScene;
}

/**
 * What assimp's vertex join (JoinVerticesProcess) leaves of our vertices: greedily, a vertex joins
 * an earlier kept one whose position is within 1e-4 of the box diagonal and whose normal and UV
 * are within 1e-5. Kept vertices are looked up in a grid of cells a little over that distance wide
 * (the cell and its 26 neighbours hold every one in reach), not in the list of all kept ones.
 */
function joinedVertexCount(p: Primitive): number {
  const { POSITION: P, NORMAL: N, TEXCOORD_0: T } = p.attributes;
  const box = boxOf(P);
  const eps = 1e-4 * Math.hypot(box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]);
  const d2 = (a: ArrayLike<number>, i: number, j: number, n: number) => {
    let s = 0;
    for (let c = 0; c < n; c++) s += (a[i * n + c] - a[j * n + c]) ** 2;
    return s;
  };
  // Cells wider than eps by far more than a quotient's rounding: points within eps are at most one
  // cell apart on each axis. eps 0 (all positions equal) or not finite: one cell, the distances decide.
  const cell = eps > 0 && eps < Infinity ? eps * (1 + 1e-9) : 0;
  const cellOf = (x: number) => (cell ? Math.floor(x / cell) : 0);
  const keyOf = (x: number, y: number, z: number) => Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791);
  const near = cell ? [-1, 0, 1] : [0];
  const grid = new Map<number, number[]>();
  let kept = 0;
  for (let v = 0; v < P.length / 3; v++) {
    const cx = cellOf(P[v * 3]), cy = cellOf(P[v * 3 + 1]), cz = cellOf(P[v * 3 + 2]);
    const joins = near.some((dx) => near.some((dy) => near.some((dz) => (grid.get(keyOf(cx + dx, cy + dy, cz + dz)) ?? []).some((k) => d2(P, v, k, 3) <= eps * eps && d2(N!, v, k, 3) <= 1e-10 && d2(T!, v, k, 2) <= 1e-10))));
    if (joins) continue;
    kept++;
    const key = keyOf(cx, cy, cz);
    const list = grid.get(key);
    if (list) list.push(v);
    else grid.set(key, [v]);
  }
  return kept;
}

/** Distinct (position, normal, UV) tuples: what an exact vertex join leaves (−0 is 0, as equal numbers are). */
function distinctCount(p: Primitive): number {
  const { POSITION: P, NORMAL: N, TEXCOORD_0: T } = p.attributes;
  const values = new Float32Array(8), bits = new Uint16Array(values.buffer);
  const seen = new Set<string>();
  for (let v = 0; v < P.length / 3; v++) {
    for (let c = 0; c < 3; c++) (values[c] = P[v * 3 + c] + 0), (values[3 + c] = N![v * 3 + c] + 0);
    for (let c = 0; c < 2; c++) values[6 + c] = T![v * 2 + c] + 0;
    // The tuple's float32 bits as a 16-character key (the values are float32, so equal bits are equal values).
    seen.add(String.fromCharCode(...bits));
  }
  return seen.size;
}

function boxOf(values: ArrayLike<number>) {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < values.length; i++) {
    min[i % 3] = Math.min(min[i % 3], values[i]);
    max[i % 3] = Math.max(max[i % 3], values[i]);
  }
  return { min, max };
}

/** The joints each of our groups binds its vertices to with their boneId (slot 0), by name. */
function boneNames(back: Scene, p: Primitive): string[] {
  const skin = back.skins[0];
  if (!skin || !p.attributes.JOINTS_0) return [];
  const names = new Set<string>();
  for (let v = 0; v < p.attributes.POSITION.length / 3; v++) {
    const node = back.nodes[skin.joints[p.attributes.JOINTS_0[v * 4]]];
    if (!node.extras?.ms3dRigid) names.add(node.name);
  }
  return [...names].sort();
}

function jointNames(node: AiNode): string[] {
  const root = node.children?.find((c) => c.name === '<MS3DJointRoot>');
  const out: string[] = [];
  const walk = (n: AiNode) => n.children?.forEach((c) => (out.push(c.name), walk(c)));
  if (root) walk(root);
  return out.sort();
}

/** Writes `scene`, reads it with both readers, and checks that they agree. */
async function expectAgreement(scene: Scene, options: WriteMs3dOptions = {}): Promise<void> {
  const { files } = writeMs3d(scene, options);
  const name = Object.keys(files).find((n) => n.endsWith('.ms3d'))!;
  const back = parseSync(files[name], { fileName: name });
  const ai = await assimpRead(files);
  if (typeof ai === 'string') throw new Error(`assimp failed: ${ai}`);
  const primitives = back.meshes[0]?.primitives ?? [];
  const emptyGroups = ((back.meshes[0]?.extras?.emptyGroups as unknown[]) ?? []).length;
  expect(ai.meshes.length).toBe(primitives.length + emptyGroups);
  const drawn = ai.meshes.filter((m) => m.faces.length > 0);
  primitives.forEach((p, g) => {
    const m = drawn[g];
    expect(m.faces.length, `group ${g} triangles`).toBe(p.indices!.length / 3);
    // Between our vertices joined as assimp joins them (greedy, with its epsilons) and our own count.
    expect(m.vertices.length / 3, `group ${g} vertices`).toBeGreaterThanOrEqual(joinedVertexCount(p));
    expect(m.vertices.length / 3, `group ${g} vertices`).toBeLessThanOrEqual(distinctCount(p));
    const ours = boxOf(p.attributes.POSITION), theirs = boxOf(m.vertices);
    for (let c = 0; c < 3; c++) {
      expect(theirs.min[c]).toBeCloseTo(ours.min[c], 4);
      expect(theirs.max[c]).toBeCloseTo(ours.max[c], 4);
    }
    expect((m.bones ?? []).map((b) => b.name).sort(), `group ${g} bones`).toEqual(boneNames(back, p));
    // One assertion for all weights (an expect each took 107 ms for the 2,917 weights).
    expect((m.bones ?? []).flatMap((b) => b.weights.filter(([, w]) => w !== 1).map(([v, w]) => `${b.name} vertex ${v}: ${w}`)), `group ${g} weights`).toEqual([]);
  });
  expect(jointNames(ai.rootnode)).toEqual(back.nodes.filter((n) => n.joint && !n.extras?.ms3dRigid).map((n) => n.name).sort());
  expect(ai.animations?.length ?? 0).toBe(back.animations.length);
}

const corpus = corpusFiles('ms3d', '.ms3d');

type Case = 'default' | 'comments' | 'skeleton';

/** How assimp meets a file: it reads it, fails on its group comments, or refuses it for having no group. */
function caseOf(scene: Scene): Case {
  if (!scene.meshes.length && !scene.extras.emptyGroups) return 'skeleton';
  const comments = [scene.meshes[0]?.primitives.some((p) => p.extras?.comment !== undefined), scene.materials.some((m) => m.extras?.comment !== undefined), scene.nodes.some((n) => n.extras?.comment !== undefined)];
  return comments.some(Boolean) ? 'comments' : 'default';
}

const TITLES: Record<Case, string> = {
  default: 'reads it as we do',
  comments: "fails on its group comments as on MilkShape's own file; reads it written with comments: 'model'",
  skeleton: 'refuses a file without groups, as it refuses the original',
};

describe.skipIf(corpus.length === 0)('assimp reads every corpus file as we write it', () => {
  const cases = corpus.map((entry) => {
    const scene = parseSync(readCorpusFile(entry), { fileName: entry.file });
    return [`${entry.file}: ${TITLES[caseOf(scene)]}`, entry.file, entry, scene] as const;
  });

  it.each(cases)('%s', async (_title, file, entry, scene) => {
    const kind = caseOf(scene);
    if (kind === 'default') return expectAgreement(scene);
    expect(await assimpRead(writeMs3d(scene).files)).toBe('import_error');
    expect(await assimpRead({ [file]: readCorpusFile(entry) })).toBe('import_error');
    if (kind === 'comments') await expectAgreement(scene, { comments: 'model' });
  });

  it('meets the corpus in the three known ways', () => {
    const kinds = cases.map(([, , , scene]) => caseOf(scene));
    expect({ default: kinds.filter((k) => k === 'default').length, comments: kinds.filter((k) => k === 'comments').length, skeleton: kinds.filter((k) => k === 'skeleton').length }).toEqual({ default: 18, comments: 1, skeleton: 2 });
  });
});

describe('assimp reads synthetic skinned files as we write them', () => {
  it('a 3-joint chain with 4 influences per vertex and a clip', async () => {
    await expectAgreement(skinnedStrip());
  });

  it('one influence per vertex, 6 joints', async () => {
    await expectAgreement(skinnedStrip({ joints: 6, influences: 1 }));
  });

  it('a chain under a scaled, turned armature node (as glTF exporters write it)', async () => {
    await expectAgreement(skinnedStrip({ armatureScale: 0.01 }));
  });
});
