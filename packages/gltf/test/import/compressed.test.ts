// Compressed and quantised glTF in: every corpus model written with toGlb, then optimised by
// glTF-Transform itself (reorder + quantize + meshopt, or quantize + Draco, with the encoders from
// meshoptimizer and draco3dgltf), reads back with the triangles, joints, clips and bounds of the
// legacy file (bounds within quantisation: 14-bit positions are ~1e-4 of the box).
import { describe, expect, it } from 'vitest';
import { validateScene, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { compressGlb, extensionsUsed, type Compression } from '@relic3d/fixtures/gltf-compressed';
import { fromGltf } from '../../src/index.js';
import { MSFTLod } from '../../src/extensions/msft-lod.js';
import type { CorpusEntry } from '@relic3d/test-harness';
import { corpusConversion, corpusGlb, corpusModels } from '../corpus-scenes.js';

const all = corpusModels();
/** Quantisation moves each corner by up to half a step of 2^14 over the box, skinning can add to it. */
const TOLERANCE = 2e-3;

/**
 * Triangles whose corners meet on glTF-Transform's quantize grid (14 bits over each mesh's box):
 * Draco's encoder drops them, so the Draco file draws that many fewer (meshopt keeps every one).
 * Counted once per node that draws the mesh.
 */
function collapsedByQuantisation(scene: Scene): number {
  let collapsed = 0;
  scene.meshes.forEach((mesh, m) => {
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (const p of mesh.primitives) {
      const pos = p.attributes.POSITION;
      for (let i = 0; pos && i < pos.length; i++) {
        min[i % 3] = Math.min(min[i % 3], pos[i]);
        max[i % 3] = Math.max(max[i % 3], pos[i]);
      }
    }
    const step = (Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]) || 1) / (2 ** 14 - 1);
    let n = 0;
    for (const p of mesh.primitives) {
      const pos = p.attributes.POSITION;
      if (!pos || !p.indices || (p.mode ?? 4) !== 4) continue;
      const cell = (v: number) => [0, 1, 2].map((c) => Math.round((pos[v * 3 + c] - min[c]) / step)).join(',');
      for (let t = 0; t + 2 < p.indices.length; t += 3) {
        const [a, b, c] = [cell(p.indices[t]), cell(p.indices[t + 1]), cell(p.indices[t + 2])];
        if (a === b || b === c || a === c) n++;
      }
    }
    collapsed += n * scene.nodes.filter((node) => node.mesh === m).length;
  });
  return collapsed;
}

/**
 * The legacy model's facts and its Draco-collapsed triangles, from one parse shared by both compressions
 * (each parsed it again; ASE's text is most of the parse) and by the .glb's conversion when this suite
 * makes it (corpusConversion). Facts only are kept, not the scene.
 */
const legacy = new Map<string, Promise<{ facts: ReturnType<typeof sceneFacts>; collapsed: number }>>();
function legacyFacts(entry: CorpusEntry) {
  let facts = legacy.get(entry.path);
  if (!facts) legacy.set(entry.path, (facts = corpusConversion(entry).then(({ scene }) => ({ facts: sceneFacts(scene), collapsed: collapsedByQuantisation(scene) }))));
  return facts;
}

describe.each<[Compression, string]>([
  ['meshopt', 'EXT_meshopt_compression'],
  ['draco', 'KHR_draco_mesh_compression'],
])('corpus models optimised by glTF-Transform with %s', (compression, extension) => {
  it('finds the corpus', () => {
    if (all.length) expect(all.length).toBeGreaterThanOrEqual(95);
  });

  it.each(all)('%s', async (_name, entry) => {
    const { facts, collapsed } = await legacyFacts(entry);
    const glb = await compressGlb(await corpusGlb(entry), compression, [MSFTLod]);
    if (facts.triangles > 0) {
      const used = extensionsUsed(glb);
      expect(used).toContain(extension);
      expect(used).toContain('KHR_mesh_quantization');
    }
    const back = await fromGltf(glb);
    expect(validateScene(back)).toEqual([]);
    // Draco may split vertices at attribute seams, so vertex counts are not compared; quantize
    // moves meshes of animated nodes onto new child nodes, so mesh node names are not either.
    const only = ['joints', 'jointParents', 'materials', 'textures', 'clips', 'lodLevels', 'morphTargets', 'bounds', 'posed'] as const;
    const got = sceneFacts(back);
    expect(compareSceneFacts(facts, got, { only, tolerance: TOLERANCE })).toEqual([]);
    expect(got.triangles).toBe(facts.triangles - (compression === 'draco' ? collapsed : 0));
    // Positions come back as floats, never as the quantised integers.
    for (const mesh of back.meshes) for (const p of mesh.primitives) expect(p.attributes.POSITION).toBeInstanceOf(Float32Array);
  });
});
