import { validateScene } from '@relic3d/core';
import { activePath, ready, supported } from '@relic3d/kernels';
import { corpusFiles, readCorpusFile, sceneDifferences } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parse, parseSync as parseMdl, readMdl } from '../src/index.js';
import { sampleModel, writeMdl, writeSampleMdl, type WVertex } from '@relic3d/fixtures/mdl';

/** Synthetic files that reach every kernel call: vertices, morphs, skins with unweighted and bad-id vertices. */
function syntheticInputs(): [string, Uint8Array][] {
  const weighted = (x: number, y: number, bones: WVertex['bones'], weights: WVertex['weights']): WVertex => ({ position: [x, y, 0], bones, weights });
  const mixed = {
    name: 'mixed',
    vertices: [
      weighted(0, 0, [0, 1, 0, 0], [200, 55, 0, 0]),
      weighted(1, 0, [0, 0, 0, 0], [0, 0, 0, 0]), // unweighted: follows the model node
      weighted(0, 1, [1, 9, 0, 0], [100, 100, 0, 0]), // bone 9 does not exist
    ],
    indices: [0, 1, 2],
    morphs: [[{ position: [0, 0, 1] as [number, number, number] }, { position: [1, 0, 1] as [number, number, number] }, { position: [0, 1, 1] as [number, number, number] }]],
  };
  const bones = [{ name: 'a', children: [{ name: 'b', position: [0, 1, 0] as [number, number, number] }] }];
  return [
    ['sample G3D', writeSampleMdl()],
    ['sample as Ultra v302', writeMdl({ ...sampleModel(), variant: 'ultra', version: 302 })],
    ['G3D mixed weights and a morph', writeMdl({ variant: 'g3d', root: { lods: [{ meshes: [mixed] }], bones } })],
    ['Ultra mixed weights and a morph', writeMdl({ variant: 'ultra', version: 301, root: { lods: [{ meshes: [mixed] }], bones } })],
  ];
}

describe("kernels: 'wasm' and 'js' give identical scenes", () => {
  const inputs: [string, Uint8Array][] = [
    ...syntheticInputs(),
    ...corpusFiles('mdl', '.mdl').map((e): [string, Uint8Array] => [e.file, readCorpusFile(e)]),
  ];

  it('the WASM path is really active after ready()', async () => {
    await ready();
    if (supported) expect(activePath({ kernels: 'wasm' })).not.toBe('js');
    expect(activePath({ kernels: 'js' })).toBe('js');
  });

  for (const [name, bytes] of inputs) {
    it(name, async () => {
      await ready();
      const js = parseMdl(bytes, { kernels: 'js' });
      const wasm = parseMdl(bytes, { kernels: 'wasm' });
      expect(validateScene(wasm)).toEqual([]);
      expect(js.meshes.length).toBeGreaterThan(0);
      expect(sceneDifferences(wasm, js)).toEqual([]);
      expect(sceneDifferences(readMdl(bytes, { kernels: 'wasm' }), readMdl(bytes, { kernels: 'js' }))).toEqual([]);
      expect(sceneDifferences(await parse(bytes, { kernels: 'wasm' }), await parse(bytes, { kernels: 'js' }))).toEqual([]);
    });
  }

  it('the synthetic skins are what the kernels must reproduce (checked by hand)', () => {
    for (const [name, bytes] of syntheticInputs().slice(2)) {
      const scene = parseMdl(bytes, { kernels: 'wasm' });
      const p = scene.meshes[0].primitives[0];
      // Vertex 0: 200/255 and 55/255 already sum to 1. Vertex 1: unweighted → model joint (2).
      // Vertex 2: the bone-9 weight is dropped, the rest renormalised to 1.
      expect(Array.from(p.attributes.JOINTS_0!), name).toEqual([0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0]);
      const w = Array.from(p.attributes.WEIGHTS_0!);
      [200 / 255, 55 / 255, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0].forEach((x, k) => expect(w[k], `${name} weight ${k}`).toBeCloseTo(x, 6));
      expect(scene.warnings.map((x) => x.code), name).toContain('MDL_BAD_BONE_ID');
      expect(scene.skins[0].joints.map((j) => scene.nodes[j].name)).toEqual(['a', 'b', scene.nodes[0].name]);
    }
  });
});
