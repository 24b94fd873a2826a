// A MilkShape file whose corners were crafted against the kernels' unweld hash (issue 25): every
// corner on file vertex 0 with its own normal, s and t, chosen so that all (vertex, normal, s, t)
// rows share one FNV hash. unweldByVertex's chains run out, the rows go to unweld, and linear
// probing walked every earlier row per row: O(k²), 10–30 CPU s for this file before the kernels'
// probe budget (bench/src/unweld-hostile-files.ts). Both kernel paths must parse it within the
// hostile-input budget, to the same scene.
import { validateScene, type Scene } from '@relic3d/core';
import { craftedMs3d } from '@relic3d/fixtures/unweld-collisions-files';
import { ready } from '@relic3d/kernels';
import { expectWithinBudget, sceneDifferences } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../src/index.js';

const { bytes, rows, corners } = craftedMs3d();

describe('MS3D corners crafted to share one unweld hash', () => {
  it('are distinct rows (an independent count), so every corner is its own vertex', () => {
    const distinct = new Set<string>();
    for (let c = 0; c < corners; c++) distinct.add(rows.subarray(c * 6, c * 6 + 6).join(','));
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
      // Vertices numbered by first corner, each corner its own: vertex v has corner v's normal bits (MS3D is Y-up).
      const normal = new Uint32Array((p.attributes.NORMAL as Float32Array).buffer);
      const wrong: number[] = [];
      for (let v = 0; v < corners; v++) if (normal[v * 3] !== rows[v * 6 + 1] || normal[v * 3 + 2] !== rows[v * 6 + 3]) wrong.push(v);
      expect(wrong).toEqual([]);
    }
    const [wasm, js] = scenes.map((s) => s.meshes[0].primitives[0]);
    // Bit for bit (sceneDifferences): toEqual's typed-array check lists every element's key as a string.
    const arrays = (p: typeof wasm) => ({ indices: p.indices, ...Object.fromEntries((['POSITION', 'NORMAL', 'TEXCOORD_0'] as const).map((name) => [name, p.attributes[name]])) });
    expect(sceneDifferences(arrays(wasm), arrays(js))).toEqual([]);
  }, 60_000);
});
