// The glTF target's mutators: each edits the JSON or binary chunk of a real .glb and packs a .glb
// again (or declines), stacked many times without throwing.
import { describe, expect, it } from 'vitest';
import { rng } from '@relic3d/test-harness';
import { nonStringNamesGlb, outlierKeyGlb, sharedSamplerGlb, skinJointsGlb } from '@relic3d/fixtures/gltf-hostile';
import { gltfMutators, splitGlb } from '../src/mutate/gltf.js';

const seeds = [sharedSamplerGlb(4, 6), outlierKeyGlb(1e9, 6), nonStringNamesGlb(), skinJointsGlb(3)];

describe('glTF mutators', () => {
  it('each applies to some seed and gives a .glb whose JSON reads back (or one nested too deep to pack again)', () => {
    const kinds = new Set<string>();
    for (const [m, mutator] of gltfMutators.entries()) {
      let applied = 0;
      for (let seed = 1; seed <= 40; seed++) {
        const out = mutator(seeds[seed % seeds.length], rng(seed), { donors: [] });
        if (!out) continue;
        applied++;
        kinds.add(out.label.split(' ')[0]);
        expect(out.label, `mutator ${m}`).toMatch(/^gltf\.\w+ /);
        const split = splitGlb(out.bytes);
        if (!out.label.includes(' deep ')) expect(split, `mutator ${m}: ${out.label}`).toBeDefined();
      }
      expect(applied, `mutator ${m} never applied`).toBeGreaterThan(0);
    }
    expect([...kinds].sort()).toEqual(['gltf.accessor', 'gltf.deep', 'gltf.keys', 'gltf.leaf', 'gltf.name', 'gltf.node', 'gltf.ref', 'gltf.sampler', 'gltf.skin', 'gltf.view']);
  });

  it('stacked 30 deep on one input without throwing (a deep splice ends the structured steps)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = rng(seed);
      let bytes = seeds[seed % seeds.length];
      for (let step = 0; step < 30; step++) bytes = gltfMutators[Math.floor(random() * gltfMutators.length)](bytes, random, { donors: [] })?.bytes ?? bytes;
      expect(bytes.length).toBeGreaterThan(20);
    }
  });

  it('a shared-sampler edit adds channels on one sampler', () => {
    const sampler = gltfMutators[4];
    for (let seed = 1; seed < 50; seed++) {
      const out = sampler(seeds[0], rng(seed), { donors: [] });
      if (!out?.label.includes('shared by')) continue;
      const { json } = splitGlb(out.bytes)!;
      const n = Number(/shared by (\d+)/.exec(out.label)![1]);
      expect(json.animations[0].channels).toHaveLength(4 + n);
      expect(json.animations[0].channels.every((c: { sampler: number }) => c.sampler === 0)).toBe(true);
      return;
    }
    throw new Error('no shared-sampler edit in 50 seeds');
  });
});
