// Crafted inputs from the security audit (issue 15): valid or nearly valid files whose cost grows
// faster than their size. Each run starts with them (unmutated), so the budgets are checked on the
// worst shapes known, not only on what random mutation happens to reach.
import { ByteWriter } from '@relic3d/test-harness/byte-writer';
import { writeMs3d } from '@relic3d/fixtures/ms3d';
import { IDENTITY, writeO3d, type WObject } from '@relic3d/fixtures/o3d';
import * as hostile from '@relic3d/fixtures/gltf-hostile';
import { writeRes } from '@relic3d/res';
import type { FormatId, Seed } from './types.js';

const text = (s: string) => new TextEncoder().encode(s);
const ASE_HEAD = '*3DSMAX_ASCIIEXPORT 200\n*SCENE {\n*SCENE_FIRSTFRAME 0\n*SCENE_LASTFRAME 100\n*SCENE_FRAMESPEED 30\n*SCENE_TICKSPERFRAME 160\n}\n';

/** Item 3: TCB rotation keys 100 frames apart, ~1.3 MB: each key was resampled per frame into plain arrays. */
function aseTcbKeys(): Uint8Array {
  const parts = [ASE_HEAD];
  for (let n = 0; n < 9; n++) {
    parts.push(`*HELPEROBJECT {\n*NODE_NAME "k${n}"\n*TM_ANIMATION {\n*NODE_NAME "k${n}"\n*CONTROL_ROT_TCB {\n`);
    for (let k = 0; k < 3000; k++) parts.push(`*CONTROL_TCB_ROT_KEY ${k * 16000} 0 0 1 ${(k % 7) * 0.3} 0 0 0 0 0\n`);
    parts.push('}\n}\n}\n');
  }
  return text(parts.join(''));
}

/** Item 5: a 50,000-object *NODE_PARENT chain (cycle detection was quadratic: 80,000 took 13.7 s). */
function aseParentChain(): Uint8Array {
  const parts = [ASE_HEAD];
  for (let n = 0; n < 50_000; n++) parts.push(`*HELPEROBJECT {\n*NODE_NAME "n${n}"\n${n ? `*NODE_PARENT "n${n - 1}"\n` : ''}}\n`);
  return text(parts.join(''));
}

/** Item 6: 200,000 stray braces, one warning each (the warning list was spread into push()). */
function aseStrayBraces(): Uint8Array {
  return text(`${ASE_HEAD}${'}\n'.repeat(200_000)}`);
}

/** Item 6: 200,000 unknown chunks inside LOD1, one warning each. */
function lodUnknownChunks(): Uint8Array {
  const n = 200_000;
  const w = new ByteWriter(12 * n + 64).ascii('LODka3D1').ascii('LOD1').i32(12 * n).i32(n);
  for (let i = 0; i < n; i++) w.ascii('XXXX').i32(0).i32(0);
  return w.result();
}

/** Item 12: group triangle lists of 2.5 M references (5 MB) to 3 triangles: each reference was amplified ~30× before the check. */
function ms3dGroupReferences(): Uint8Array {
  const triangles = Array.from({ length: 65_535 }, (_, i) => i % 3);
  return writeMs3d({
    vertices: [{ position: [0, 0, 0] }, { position: [1, 0, 0] }, { position: [0, 1, 0] }],
    triangles: [0, 1, 2].map(() => ({ v: [0, 1, 2] as [number, number, number] })),
    groups: Array.from({ length: 38 }, (_, g) => ({ name: `g${g}`, triangles })),
  });
}

/**
 * Item 4: a valid ~0.9 MB .o3d with an embedded 16,000-frame motion and three LOD groups of 800
 * objects, one per group on the bone (a follower): every baked frame recomputed every node.
 */
function o3dFollowers(): Uint8Array {
  const frames = 16_000;
  const empty = { vertices: [], indices: [], blocks: [] };
  const group = (): WObject[] => [{ type: 0, parent: 0, parentType: 2, geometry: empty }, ...Array.from({ length: 800 }, (): WObject => ({ type: 0, geometry: empty }))];
  return writeO3d({
    name: 'stress_followers.o3d',
    version: 22,
    lod: true,
    frameCount: frames,
    skeleton: {
      base: [IDENTITY],
      inverse: [IDENTITY],
      motion: [{ name: 'root', parent: -1, keys: Array.from({ length: frames }, (_, f) => [0, 0, Math.sin(f / 100), Math.cos(f / 100), f / 1000, 0, 0]) }],
    },
    groups: [group(), group(), group()],
  });
}

interface Stress {
  /** Stable id, e.g. `ase-tcb`. */
  key: string;
  name: string;
  fileName: string;
  build: () => Uint8Array;
}

export const STRESS: Record<FormatId, Stress[]> = {
  res: [
    { key: 'res-empty-entries', name: '65,535 empty entries (issue 27)', fileName: 'stress_empty.res', build: () => writeRes(Array.from({ length: 0xffff }, (_, i) => ({ name: `e${i}.dds`, bytes: new Uint8Array() })), { key: 7 }) },
  ],
  ase: [
    { key: 'ase-tcb', name: 'TCB rotation keys 100 frames apart (item 3)', fileName: 'stress_tcb.ase', build: aseTcbKeys },
    { key: 'ase-chain', name: '50,000-object parent chain (item 5)', fileName: 'stress_chain.ase', build: aseParentChain },
    { key: 'ase-braces', name: '200,000 stray braces (item 6)', fileName: 'stress_braces.ase', build: aseStrayBraces },
  ],
  lod: [{ key: 'lod-chunks', name: '200,000 unknown chunks (item 6)', fileName: 'stress_chunks.lod', build: lodUnknownChunks }],
  ms3d: [{ key: 'ms3d-groups', name: '2.5 M group triangle references (item 12)', fileName: 'stress_groups.ms3d', build: ms3dGroupReferences }],
  o3d: [{ key: 'o3d-followers', name: 'LOD followers of a 16,000-frame motion (item 4)', fileName: 'stress_followers.o3d', build: o3dFollowers }],
  mdl: [],
  gltf: [
    { key: 'gltf-shared-sampler', name: 'one sampler shared by 20,000 channels (issue 26: 2.8 GB)', fileName: 'stress_shared_sampler.glb', build: () => hostile.sharedSamplerGlb(20_000, 20_000) },
    { key: 'gltf-shared-sampler-5k', name: 'one sampler shared by 5,000 channels of 20,000 keys', fileName: 'stress_shared_sampler_5k.glb', build: () => hostile.sharedSamplerGlb(5000, 20_000) },
    { key: 'gltf-accessors', name: '2,000 accessors over one 1 MB view (issue 26: 2.0 GB)', fileName: 'stress_accessors.glb', build: () => hostile.accessorsOverOneViewGlb(2000, 1 << 20) },
    { key: 'gltf-joints', name: 'a skin of 1,000,000 joint entries (issue 26: 500 MB)', fileName: 'stress_joints.glb', build: () => hostile.skinJointsGlb(1_000_000) },
    { key: 'gltf-chain', name: 'a 100,000-level node chain (issue 26: 373 MB)', fileName: 'stress_chain.glb', build: () => hostile.nodeChainGlb(100_000) },
    { key: 'gltf-chain-10k', name: 'a 10,000-level node chain (within the object budget)', fileName: 'stress_chain_10k.glb', build: () => hostile.nodeChainGlb(10_000) },
    { key: 'gltf-zero-filled', name: '32 MB of zero-filled accessors in 1 MB (issue 26: 64× allowed)', fileName: 'stress_zero_filled.glb', build: () => hostile.zeroFilledGlb(2_000_000, 1 << 20) },
    { key: 'gltf-names', name: 'names that are not text (issue 26: invalid .glb, writer TypeErrors)', fileName: 'stress_names.glb', build: hostile.nonStringNamesGlb },
    { key: 'gltf-deep-extras', name: 'extras nested 5,000 deep (issue 26)', fileName: 'stress_deep_extras.glb', build: () => hostile.deepExtrasGlb(5000) },
    { key: 'gltf-deep-top', name: 'a top-level array nested 100,000 deep (issue 26: Array.join overflow)', fileName: 'stress_deep_top.glb', build: () => hostile.deepTopLevelGlb(100_000) },
    { key: 'gltf-outlier-1e9', name: 'a key at 1e9 s (issue 26)', fileName: 'stress_outlier_1e9.glb', build: () => hostile.outlierKeyGlb(1e9) },
    { key: 'gltf-outlier-2.5e38', name: 'a key at 2.5e38 s (issue 26)', fileName: 'stress_outlier_2e38.glb', build: () => hostile.outlierKeyGlb(2.5e38) },
  ],
};

/** The crafted inputs of a format, built on demand (some are megabytes). */
export function stressSeed(format: FormatId, k: number): Seed {
  const s = STRESS[format][k];
  return { name: `stress:${s.name}`, fileName: s.fileName, bytes: s.build(), companions: {}, source: 'synthetic' };
}

