// Deterministic generators for large inputs of each format. They build files with the format
// packages' own test-only writers (packages/fixtures/src/<format>.ts), so every generated file is one
// the readers' synthetic tests already accept; the content is seeded and the same on every run.
import { writeMs3d, type WJoint } from '@relic3d/fixtures/ms3d';
import { writeMdl, type WMesh, type WVertex as MdlVertex } from '@relic3d/fixtures/mdl';
import { writeO3d, type WObject } from '@relic3d/fixtures/o3d';
import { lodFile, mal1, mat1, msl1, type MeshSpec as LodMesh } from '@relic3d/fixtures/lod';
import { aseFile, geom } from '@relic3d/fixtures/ase';
import type { Resolver } from '@relic3d/core';
import { rng } from './timing.js';
import { writeSkinned } from './skinned.js';

type V3 = [number, number, number];

export interface Generated {
  format: string;
  name: string;
  bytes: Uint8Array;
  description: string;
  /** 'static' (default): meshes only; 'skinned': a skeleton, 4 influences (where the format holds them) and clips. */
  kind?: 'static' | 'skinned';
  /** Files the model reads beside it (O3D: its `.chr` and `.ani`). */
  companions?: Record<string, Uint8Array>;
}

/** A resolver over a generated file's companions (by base name, any case), or undefined. */
export function resolverOf(g: Pick<Generated, 'companions'>): Resolver | undefined {
  if (!g.companions || !Object.keys(g.companions).length) return undefined;
  const byName = new Map(Object.entries(g.companions).map(([n, b]) => [n.toLowerCase(), b]));
  const resolve = ((name: string) => byName.get(name.toLowerCase().replace(/^.*[\\/]/, ''))) as Resolver;
  resolve.list = () => Object.keys(g.companions!);
  return resolve;
}

/** Parse options for a generated file: its name, and its companions when it has any. */
export const parseOptionsOf = (g: Generated) => ({ fileName: g.name, ...(resolverOf(g) ? { resolve: resolverOf(g) } : {}) });

/** Its label in tables: 'o3d', 'o3d skinned'. */
export const labelOf = (g: Pick<Generated, 'format' | 'kind'>) => (g.kind === 'skinned' ? `${g.format} skinned` : g.format);

/** A grid of quads: `n` vertices on a wavy sheet, 2 triangles per cell. */
function grid(n: number, random: () => number) {
  const side = Math.max(2, Math.floor(Math.sqrt(n)));
  const rows = Math.max(2, Math.floor(n / side));
  const positions: V3[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < side; c++) positions.push([c * 0.1, Math.sin(c * 0.3) * Math.cos(r * 0.2), r * 0.1 + random() * 0.01]);
  const faces: V3[] = [];
  for (let r = 0; r + 1 < rows; r++) {
    for (let c = 0; c + 1 < side; c++) {
      const a = r * side + c;
      faces.push([a, a + side, a + 1], [a + 1, a + side, a + side + 1]);
    }
  }
  return { positions, faces };
}

/** MS3D at its 65,534-vertex/triangle cap, 64 joints, keys filling the rest to ~targetMB. */
export function generateMs3d(targetMB = 50, seed = 1, trailer = true, count = 65534): Generated {
  const random = rng(seed);
  const jointCount = 64;
  const vertices = Array.from({ length: count }, (_, i) => ({ position: [i % 256, Math.floor(i / 256), random()] as V3, boneId: i % jointCount }));
  const triangles = Array.from({ length: count }, (_, t) => {
    const a = t % (count - 2);
    return { v: [a, a + 1, a + 2] as V3, s: [0, 1, 0] as V3, t: [0, 0, 1] as V3, groupIndex: 0 };
  });
  const fixed = 14 + 2 + count * 15 + 2 + count * 70 + 2 + 36 + 2 * count + 2 + 361 + 12 + 2;
  const keyBytes = Math.max(0, targetMB * 1024 * 1024 - fixed - jointCount * 93);
  const keysPerJoint = Math.min(65535 * 2, Math.floor(keyBytes / 16 / jointCount));
  const rotKeys = Math.ceil(keysPerJoint / 2), posKeys = Math.floor(keysPerJoint / 2);
  const joints: WJoint[] = Array.from({ length: jointCount }, (_, j) => ({
    name: `joint${j}`,
    parent: j === 0 ? '' : `joint${Math.floor(random() * j)}`,
    rotation: [random() * 0.2, random() * 0.2, random() * 0.2],
    position: [random(), random(), random()],
    rotKeys: Array.from({ length: rotKeys }, (_, k) => [k / 30, Math.sin(k * 0.01 + j), Math.cos(k * 0.013), 0.1 * Math.sin(k * 0.02)] as [number, number, number, number]),
    posKeys: Array.from({ length: posKeys }, (_, k) => [k / 30, 0.01 * Math.sin(k * 0.05), 0, 0] as [number, number, number, number]),
  }));
  const bytes = writeMs3d({
    vertices,
    triangles,
    groups: [{ name: 'mesh', triangles: triangles.map((_, i) => i), material: 0 }],
    materials: [{ name: 'mat', texture: 'skin.png' }],
    fps: 30,
    totalFrames: rotKeys,
    joints,
    ...(trailer ? { comments: { groups: [], materials: [], joints: [] }, vertexExtra: { subVersion: 2, records: vertices.map((_, i) => ({ ids: [(i + 1) % jointCount, -1, -1] as V3, weights: [70, 30, 0] as V3, extra: [0] })) } } : {}),
  });
  return { format: 'ms3d', name: 'big.ms3d', bytes, description: `${count} vertices/triangles, ${jointCount} joints × ${rotKeys}+${posKeys} keys${trailer ? ', weights trailer' : ''}` };
}

/** Ultra MDL v300: 96-byte vertices in meshes of 65,535 (u16 indices), ~targetMB of vertices. */
export function generateMdl(targetMB = 50, seed = 2): Generated {
  const random = rng(seed);
  const perMesh = 65535;
  const total = Math.floor((targetMB * 1024 * 1024) / 96);
  const meshes: WMesh[] = [];
  for (let left = total, m = 0; left > 0; left -= perMesh, m++) {
    const n = Math.min(perMesh, left);
    const { positions, faces } = grid(n, random);
    const vertices: MdlVertex[] = positions.map((position) => ({ position, normal: [0, 1, 0], uv0: [position[0], position[2]], tangent: [1, 0, 0], color: [255, 255, 255, 255], displacement: 1 }));
    meshes.push({ name: `part${m}`, material: './big.mat', vertices, indices: faces.flat() });
  }
  const bytes = writeMdl({ variant: 'ultra', version: 300, root: { name: 'Big', lods: [{ meshes }] } });
  return { format: 'mdl', name: 'big.mdl', bytes, description: `${meshes.length} meshes, ${meshes.reduce((s, m) => s + m.vertices.length, 0)} vertices of 96 B` };
}

/** Flyff O3D: normal objects of 65,535 32-byte vertices (u16 indices), ~targetMB. */
export function generateO3d(targetMB = 50, seed = 3): Generated {
  const random = rng(seed);
  const perObject = 65535;
  const perVertex = 32 + 12 + 2 + 6 * 2; // record, vertex list, map, ~2 triangles of u16
  const total = Math.floor((targetMB * 1024 * 1024) / perVertex);
  const objects: WObject[] = [];
  for (let left = total; left > 0; left -= perObject) {
    const n = Math.min(perObject, left);
    const { positions, faces } = grid(n, random);
    objects.push({ type: 0, geometry: { vertices: positions.map((p) => ({ p, n: [0, 1, 0], uv: [p[0], p[2]] })), indices: faces.flat(), materials: [{ texture: 'big.dds' }] } });
  }
  const bytes = writeO3d({ name: 'big.o3d', groups: [objects] });
  return { format: 'o3d', name: 'big.o3d', bytes, description: `${objects.length} objects, ${objects.reduce((s, o) => s + o.geometry.vertices.length, 0)} vertices` };
}

/** LODka3D: one mesh with per-attribute index lists (positions, normals, UVs), ~targetMB. */
export function generateLod(targetMB = 50, seed = 4): Generated {
  const random = rng(seed);
  const perVertex = 12 + 12 + 8 + 2 * 3 * 3 * 4; // attributes + ~2 faces × 3 corners × 3 lists × 4 B
  const n = Math.floor((targetMB * 1024 * 1024) / perVertex);
  const { positions, faces } = grid(n, random);
  const corners = faces.flat();
  const mesh: LodMesh = {
    name: 'Big',
    mode: 3,
    positions: positions.flat(),
    normals: positions.flatMap(() => [0, 1, 0]),
    uvSets: [positions.flatMap((p) => [p[0], p[2]])],
    groups: [{ faceType: 2, name: 'all', materials: ['stone'], vertex: corners, smooth: faces.map(() => 1), normal: corners, uv: [corners] }],
    boneCount: 0,
  };
  const bytes = lodFile([mal1([mat1(3, [{ name: 'stone', texture: 'stone.png' }])], 1), msl1([mesh])]);
  return { format: 'lod', name: 'big.lod', bytes, description: `${positions.length} positions, ${faces.length} faces` };
}

/** 3ds Max ASE text: one object with UVs and normals, ~targetMB. */
export function generateAse(targetMB = 50, seed = 5): Generated {
  const random = rng(seed);
  const perVertex = 700; // measured: ~700 bytes of text per vertex with 2 faces, UVs and normals
  const n = Math.floor((targetMB * 1024 * 1024) / perVertex);
  const { positions, faces } = grid(n, random);
  const text = aseFile([
    geom('Big', { vertices: positions, faces, tverts: positions.map((p) => [p[0], p[2], 0] as V3), tfaces: faces, smoothing: faces.map(() => '1'), faceNormals: faces.map(() => [0, 1, 0] as V3), vertexNormals: faces.flatMap(() => [[0, 1, 0], [0, 1, 0], [0, 1, 0]] as V3[]) }),
  ]);
  return { format: 'ase', name: 'big.ase', bytes: new TextEncoder().encode(text), description: `${positions.length} vertices, ${faces.length} faces (text)` };
}

export const generators: Record<string, (targetMB?: number) => Generated> = {
  ms3d: generateMs3d,
  ase: generateAse,
  o3d: generateO3d,
  mdl: generateMdl,
  lod: generateLod,
};

/**
 * Skinned, animated inputs of every format (bench/src/skinned.ts): 48 joints, 4 influences per
 * vertex (O3D keeps 2), 4 clips of 120 frames, `vertices` vertices (MS3D's cap is 65,534), written by
 * each format's own writer (MS3D: at most 32,000 vertices). Flyff's is a character: `.o3d` with its `.chr` and `.ani` motions.
 */
export function generateSkinned(format: string, vertices = 60000): Generated {
  // MS3D stops at 65,534 triangles (docs/formats/ms3d.md): about two per vertex on this mesh.
  const count = format === 'ms3d' ? Math.min(vertices, 32000) : vertices;
  const written = writeSkinned(format, { vertices: count, joints: 48, influences: 4, clips: 4, frames: 120 });
  return { format, name: written.name, bytes: written.bytes, companions: written.companions, kind: 'skinned', description: written.description };
}

export const skinnedFormats = ['ms3d', 'ase', 'o3d', 'mdl', 'lod'] as const;
