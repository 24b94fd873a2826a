// An ASE object whose corners were crafted against the kernels' unweld hash (issue 25): 131,073
// corners over 16 vertices, each a distinct (vertex, texture vertex, colour vertex) with one normal,
// searched so that every row unweld gets (the chains per vertex run out first) lands in one window
// of 1/64 of its table. Linear probing packed them into one run and walked it per row: O(k²),
// tens of CPU seconds for this file before the kernels' probe budget
// (bench/src/unweld-hostile-files.ts). Both kernel paths must parse it within the hostile-input
// budget, to the same scene.
import { validateScene, type Scene } from '@relic3d/core';
import { ASE_UP_NORMAL_BITS, craftedAse } from '@relic3d/fixtures/unweld-collisions-files';
import { ready } from '@relic3d/kernels';
import { expectWithinBudget, sceneDifferences } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../src/index.js';

const { bytes, rows, corners } = craftedAse();

describe('ASE corners crafted into one window of unweld slots', () => {
  it('are distinct (vertex, texture, colour) corners (an independent count)', () => {
    const distinct = new Set<string>();
    for (let c = 0; c < corners; c++) distinct.add(rows.subarray(c * 3, c * 3 + 3).join(','));
    expect([corners, distinct.size]).toEqual([131_073, corners]);
  });

  it('parse within the hostile budget on the WASM and TypeScript paths, to the same scene', async () => {
    await ready();
    const scenes: Scene[] = [];
    for (const kernels of ['wasm', 'js'] as const) {
      const m = await expectWithinBudget((b) => parseSync(b, { kernels }), bytes, `crafted corners (${kernels})`);
      scenes.push(m.result as Scene);
    }
    for (const scene of scenes) {
      expect(validateScene(scene)).toEqual([]);
      const [p] = scene.meshes[0].primitives;
      expect([scene.meshes.length, scene.meshes[0].primitives.length, p.indices!.length, p.attributes.POSITION!.length / 3]).toEqual([1, 1, corners, corners]);
      // The one normal the rows were aimed with: every vertex has its bits.
      const normal = new Uint32Array((p.attributes.NORMAL as Float32Array).buffer);
      const wrong: number[] = [];
      for (let v = 0; v < corners; v++) if (normal[v * 3] !== ASE_UP_NORMAL_BITS[0] || normal[v * 3 + 1] !== ASE_UP_NORMAL_BITS[1] || normal[v * 3 + 2] !== ASE_UP_NORMAL_BITS[2]) wrong.push(v);
      expect(wrong).toEqual([]);
    }
    const [wasm, js] = scenes.map((s) => s.meshes[0].primitives[0]);
    // Bit for bit (sceneDifferences): toEqual's typed-array check lists every element's key as a string.
    const arrays = (p: typeof wasm) => ({ indices: p.indices, ...Object.fromEntries((['POSITION', 'NORMAL', 'TEXCOORD_0', 'COLOR_0'] as const).map((name) => [name, p.attributes[name]])) });
    expect(sceneDifferences(arrays(wasm), arrays(js))).toEqual([]);
  }, 60_000);
});
