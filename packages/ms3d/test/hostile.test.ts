import { validateScene, type Scene } from '@relic3d/core';
import { expectWithinBudget, retainedBytes } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../src/index.js';
import { quad, writeMs3d } from '@relic3d/fixtures/ms3d';

describe('hostile input stays within the budget (time ≤ 2 s + 50 ms/MB, memory ≤ 8 × size + 64 MB)', () => {
  it('5 MB of group references to the same two triangles: bounded by the triangles, not the references', async () => {
    // 40 groups × 65,535 references (the u16 maximum), all to triangles 0 and 1.
    const refs = Array.from({ length: 65_535 }, (_, i) => i & 1);
    const bytes = writeMs3d(quad({ groups: Array.from({ length: 40 }, (_, g) => ({ name: `g${g}`, triangles: refs })) }));
    expect(bytes.length).toBeGreaterThan(5_000_000);
    const m = await expectWithinBudget((b) => parseSync(b), bytes, 'repeated group references');
    const scene = m.result as Scene;
    expect(validateScene(scene)).toEqual([]);
    // Each triangle is drawn once, by the first group that lists it.
    expect(scene.meshes[0].primitives.map((p) => p.indices!.length)).toEqual([6]);
    expect(scene.warnings.map((w) => w.message)).toEqual([`${40 * 65_535 - 2} group references name a triangle already listed (each triangle belongs to one group); dropped`]);
    // What the scene keeps is a fraction of the input, not a multiple (it was ~4.6×, with an 87 MB peak).
    expect(retainedBytes(scene, bytes.buffer)).toBeLessThan(bytes.length / 4);
  });
});
