// A glTF-Transform sample → fromGltf: clips with LINEAR / STEP / CUBICSPLINE keys as the file has
// them (quantized rotations dequantized), and the posed boxes the spec's sampler and skinning give.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '@gltf-transform/core';
import { computeBounds, type Scene } from '@relic3d/core';
import { elements, referenceBounds } from './reference.js';
import { readSample } from './sample.js';

let json: Record<string, any>, doc: Document, scene: Scene;
beforeAll(async () => ({ json, doc, scene } = await readSample()));
const close = (a: ArrayLike<number>, b: ArrayLike<number>, digits = 6) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < b.length; i++) expect(a[i]).toBeCloseTo(b[i], digits);
};

describe('glTF-Transform sample: animation', () => {
  it('has every clip with its duration (the last key) and extras', () => {
    expect(scene.animations.map((a) => [a.name, a.duration])).toEqual([
      ['Walk', 2],
      ['Morph', 1],
      ['Quantized', 1],
    ]);
    expect(scene.animations[0].extras).toEqual({ loop: true });
  });

  it('keeps every channel as the document has it: node, path, interpolation, times, values', () => {
    const nodes = doc.getRoot().listNodes();
    doc.getRoot().listAnimations().forEach((animation, a) => {
      const channels = scene.animations[a].channels;
      expect(channels).toHaveLength(animation.listChannels().length);
      animation.listChannels().forEach((g, c) => {
        const ch = channels[c];
        const sampler = g.getSampler()!;
        expect([ch.node, ch.path, ch.interpolation]).toEqual([nodes.indexOf(g.getTargetNode()!), g.getTargetPath(), sampler.getInterpolation()]);
        close(ch.times, elements(sampler.getInput()!));
        close(ch.values, elements(sampler.getOutput()!), 4);
      });
    });
    expect(scene.animations.flatMap((a) => a.channels.map((c) => c.interpolation))).toEqual(['LINEAR', 'STEP', 'CUBICSPLINE', 'LINEAR', 'LINEAR']);
    expect(scene.animations[1].channels[0].extras).toEqual({ note: 'blend' });
  });

  it('dequantizes normalized int16 rotation keys', () => {
    const values = scene.animations[2].channels[0].values;
    expect(json.accessors[json.animations[2].samplers[0].output]).toMatchObject({ componentType: 5122, normalized: true });
    close(values.subarray(8, 12), [0, 0, -Math.sin(0.6), Math.cos(0.6)], 4);
  });

  it('draws the box the spec gives, at rest and at 0, 25, 50, 75 and 100% of every clip', () => {
    const box = (b: { min: ArrayLike<number>; max: ArrayLike<number> }) => [...Array.from(b.min), ...Array.from(b.max)];
    close(box(computeBounds(scene)), box(referenceBounds(json, doc)), 4);
    scene.animations.forEach((clip, a) => {
      for (const f of [0, 0.25, 0.5, 0.75, 1]) {
        const time = clip.duration * f;
        close(box(computeBounds(scene, { animation: a, time })), box(referenceBounds(json, doc, a, time)), 4);
      }
    });
  });
});
