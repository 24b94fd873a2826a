// Synthetic O3D: the viewer sample model is valid and its pose moves the top, not the base.
import { describe, expect, it } from 'vitest';
import { computeWorldMatrices, computeSkinMatrices, sampleAnimation, skinVerticesReference, validateScene } from '@relic3d/core';
import { parseSync as parseO3d } from '../../src/index.js';
import { writeSampleO3d } from '@relic3d/fixtures/o3d';

describe('the viewer sample', () => {
  it('is a valid skinned, animated model whose pose moves the top and keeps the base', () => {
    const { o3d, chr, ani } = writeSampleO3d();
    const scene = parseO3d(o3d, { fileName: 'mvr_sample.o3d', skeleton: chr, motions: { sway: ani } });
    expect(validateScene(scene)).toEqual([]);
    expect(scene.warnings).toEqual([]);
    expect(scene.skins[0].joints.length).toBe(3);
    expect(scene.animations[0].duration).toBeCloseTo(1);
    const prim = scene.meshes[0].primitives[0];
    expect(prim.indices!.length).toBe(28 * 3);
    const skinAt = (time: number) => {
      const pose = sampleAnimation(scene, 0, time);
      const world = computeWorldMatrices(scene, pose.locals);
      const out = new Float32Array(prim.attributes.POSITION.length);
      skinVerticesReference(prim.attributes.POSITION, prim.attributes.JOINTS_0!, prim.attributes.WEIGHTS_0!, computeSkinMatrices(scene, 0, world), out);
      return out;
    };
    const bind = prim.attributes.POSITION;
    const rest = skinAt(0);
    for (let i = 0; i < bind.length; i++) expect(rest[i]).toBeCloseTo(bind[i], 5);
    const swayed = skinAt(0.25);
    let maxTop = 0, maxBase = 0;
    for (let v = 0; v < bind.length / 3; v++) {
      const d = Math.hypot(swayed[v * 3] - bind[v * 3], swayed[v * 3 + 1] - bind[v * 3 + 1], swayed[v * 3 + 2] - bind[v * 3 + 2]);
      if (bind[v * 3 + 1] === 0) maxBase = Math.max(maxBase, d);
      if (bind[v * 3 + 1] === 3) maxTop = Math.max(maxTop, d);
    }
    expect(maxBase).toBeLessThan(1e-5);
    expect(maxTop).toBeGreaterThan(0.5);
  });
});
