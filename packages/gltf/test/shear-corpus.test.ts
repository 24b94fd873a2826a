// Corpus: the sheared skeletons of mvr_mushpang.chr and mvr_Scopicon.chr against computeBounds and the scene.
import { describe, expect, it } from 'vitest';
import { computeBounds, localMatrix, type Scene } from '@relic3d/core';
import { o3dFormat } from '@relic3d/o3d';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { mul, worldMatrices, worldVertices, type Gltf } from './gltf-json.js';
import { expectSameVertices, exportChecked, codes } from './shear-helpers.js';

// Real skeletons whose .chr bone matrices are sheared (the MANIFEST: 14 and 53 bones, a stand motion each).
describe('corpus: the sheared skeletons of mvr_mushpang.chr and mvr_Scopicon.chr', () => {
  const corpus = corpusFiles('o3d', ['.o3d', '.chr', '.ani']);
  const cases: [model: string, bones: number][] = [
    ['mvr_mushpang', 14],
    ['mvr_Scopicon', 53],
  ];

  async function load(model: string): Promise<Scene> {
    const entry = corpus.find((e) => e.file === `${model}.o3d`)!;
    const read = (name: string) => {
      const hit = corpus.find((e) => e.file.toLowerCase() === name.replace(/\\/g, '/').split('/').pop()!.toLowerCase());
      return hit ? readCorpusFile(hit) : undefined;
    };
    return o3dFormat.parse(readCorpusFile(entry), { fileName: entry.file, resolve: read, motions: [`${model}_stand.ani`] } as Parameters<typeof o3dFormat.parse>[1]);
  }

  /** The world box of every mesh the glTF draws, from its JSON and binary data alone. */
  function jsonBounds(gltf: Gltf, clip?: number, time = 0) {
    const world = worldMatrices(gltf, clip, time);
    const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
    gltf.json.nodes.forEach((_: unknown, i: number) => {
      for (const { positions } of worldVertices(gltf, world, i)) {
        for (let k = 0; k < positions.length; k++) {
          min[k % 3] = Math.min(min[k % 3], positions[k]);
          max[k % 3] = Math.max(max[k % 3], positions[k]);
        }
      }
    });
    return { min, max };
  }

  const expectSameBox = (a: { min: number[]; max: number[] }, b: { min: number[]; max: number[] }, what: string) => {
    for (let c = 0; c < 3; c++) {
      expect(Math.abs(a.min[c] - b.min[c]), `${what}: min[${c}]`).toBeLessThan(1e-6);
      expect(Math.abs(a.max[c] - b.max[c]), `${what}: max[${c}]`).toBeLessThan(1e-6);
    }
  };

  it.each(cases)('%s (%i bones) with its .chr and stand motion poses like computeBounds at 1/4, 1/2 and 3/4 of the clip', async (model, bones) => {
    if (!corpus.length) return;
    const scene = await load(model);
    expect(scene.skins[0].joints).toHaveLength(bones);
    // The one warning the corpus test allows too: the skinned mesh sits under the model's node.
    const { gltf } = await exportChecked(scene, ['NODE_SKINNED_MESH_NON_ROOT']);
    const clip = scene.animations.findIndex((a) => a.name === 'stand');
    expect(clip).toBeGreaterThanOrEqual(0);
    const last = Math.max(...scene.animations[clip].channels.map((ch) => ch.times[ch.times.length - 1]));
    expectSameBox(jsonBounds(gltf), computeBounds(scene), 'rest');
    for (const f of [0.25, 0.5, 0.75]) expectSameBox(jsonBounds(gltf, clip, f * last), computeBounds(scene, { animation: clip, time: f * last }), `stand at ${f * 100} %`);
  });

  it.each(cases)('%s (%i bones) at rest, each sheared bone matrix on its joint (no shear node): the scene exactly', async (model) => {
    if (!corpus.length) return;
    const scene = await load(model);
    scene.animations = [];
    let folded = 0;
    scene.nodes.forEach((node) => {
      if (node.extras?.shearOf === undefined) return;
      // The shear node and its joint multiply to the bone's sheared rest matrix.
      const [joint] = node.children;
      const child = scene.nodes[joint];
      child.matrix = mul(Array.from(localMatrix(node)), Array.from(localMatrix(child)));
      delete child.translation, delete child.rotation, delete child.scale;
      delete node.translation, delete node.rotation, delete node.scale;
      folded++;
    });
    expect(folded).toBeGreaterThan(0);
    const { gltf, warnings } = await exportChecked(scene, ['NODE_SKINNED_MESH_NON_ROOT']);
    expectSameBox(jsonBounds(gltf), computeBounds(scene), 'rest');
    expectSameVertices(gltf, scene, 'rest');
    expect(codes(warnings, 'GLTF_MATRIX_SPLIT')).toHaveLength(folded);
  });
});
