// writeSampleMdl (the viewer sample) loads as a skinned, animated, outward-facing mesh.
import { computeBounds } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { parseSync as parseMdl } from '../../src/index.js';
import { writeSampleMdl } from '@relic3d/fixtures/mdl';
import { valid } from './helpers.js';

describe('writeSampleMdl (the viewer sample)', () => {
  it('loads: a visible, skinned, animated mesh with a material and a collider', () => {
    const scene = valid(parseMdl(writeSampleMdl()));
    expect(scene.version).toBe(100);
    expect(scene.meshes[0].primitives[0].material).toBe(0);
    expect(scene.materials[0].extras!.materialPath).toBe('./sample.mat');
    expect(scene.skins[0].joints).toHaveLength(2);
    expect(scene.animations[0].duration).toBeCloseTo(61 / 60, 6);
    expect(scene.colliders[0].shape).toEqual({ type: 'box', size: [0.5, 2, 0.5] });
    expect(scene.nodes[0].extras!.user).toEqual({ sample: true });
    const b = computeBounds(scene);
    expect(b.min).toEqual([-0.25, 0, -0.25]);
    expect(b.max).toEqual([0.25, 2, 0.25]);
    // Mid-clip the top bends towards −x.
    const bent = computeBounds(scene, { animation: 0, time: 0.5 });
    expect(bent.min[0]).toBeLessThan(-0.9);
    // Outward-facing triangles after conversion (counter-clockwise seen from outside).
    const p = scene.meshes[0].primitives[0];
    const P = p.attributes.POSITION, I = p.indices!;
    for (let t = 0; t < I.length; t += 3) {
      const a = I[t] * 3, b2 = I[t + 1] * 3, c = I[t + 2] * 3;
      const ux = P[b2] - P[a], uz = P[b2 + 2] - P[a + 2], uy = P[b2 + 1] - P[a + 1];
      const vx = P[c] - P[a], vy = P[c + 1] - P[a + 1], vz = P[c + 2] - P[a + 2];
      const nx = uy * vz - uz * vy, nz = ux * vy - uy * vx;
      const cx = (P[a] + P[b2] + P[c]) / 3, cz = (P[a + 2] + P[b2 + 2] + P[c + 2]) / 3;
      expect(nx * cx + nz * cz).toBeGreaterThan(0);
    }
  });
});
