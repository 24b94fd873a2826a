// Clips: evenly spaced keys (1/60/speed s), key grids kept, interpolations sampled, node animation
// as bones, what cannot be animated warned.
import { addNode, createScene, math, type AnimationChannel, type Interpolation, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { parseSync, writeMdl } from '../../src/index.js';
import { roundTrip, triangle } from './helpers.js';

/** A box-ish triangle on node 'lid' under 'chest', animated by the given channels on 'lid'. */
function animated(channels: (lid: number) => AnimationChannel[], duration: number, name = 'open'): Scene {
  const scene = createScene('test');
  scene.meshes.push({ name: 'tri', primitives: [triangle()] });
  const chest = addNode(scene, { name: 'chest', mesh: 0 });
  const lid = addNode(scene, { name: 'lid', mesh: 0, translation: [0, 1, 0] }, chest);
  scene.animations.push({ name, duration, channels: channels(lid) });
  return scene;
}

const turn = (angle: number) => math.quatFromAxisAngle([1, 0, 0], angle);

describe('animation', () => {
  it('writes an animated node as a bone with its NODE hanging from it; posed bounds stay', () => {
    const scene = animated((lid) => [{ node: lid, path: 'rotation', interpolation: 'LINEAR', times: Float32Array.of(0, 0.5, 1), values: Float32Array.from([...turn(0), ...turn(1), ...turn(2)]) }], 1);
    const { file, back, codes } = roundTrip(scene);
    expect(codes).toEqual(['MDL_WRITE_NODES_AS_BONES']);
    expect(file.root.bones.map((b) => b.name)).toEqual(['lid']);
    const hanging = file.root.children.find((c) => c.name === 'lid')!;
    expect(hanging.attachBone).toBe(0);
    expect(hanging.position).toEqual([0, 0, 0]);
    // Keys on a 0.5 s grid, split to 60 a second: 60 keys, speed 1, and the grid keys exactly.
    const anim = file.root.animations[0];
    expect([anim.name, anim.keyframeCount, anim.speed, anim.tracks[0].flags]).toEqual(['open', 60, 1, 2]);
    const q = anim.tracks[0].rotation!;
    const half = turn(1);
    [0 - half[0], 0 - half[1], half[2], half[3]].forEach((v, c) => expect(q[30 * 4 + c]).toBeCloseTo(v, 6));
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { skip: ['lodLevels', 'meshNodes'] })).toEqual([]);
    expect(back.animations[0].duration).toBeCloseTo(1, 6);
  });

  it('samples STEP and CUBICSPLINE channels and clips off any grid at 60 keys a second', () => {
    for (const interpolation of ['STEP', 'CUBICSPLINE', 'LINEAR'] as Interpolation[]) {
      const times = Float32Array.of(0, 0.31, 0.77, 1.3);
      const keys = [0, 0.4, 1.1, 1.5].map(turn);
      const values = interpolation === 'CUBICSPLINE' ? Float32Array.from(keys.flatMap((k) => [0, 0, 0, 0, ...k, 0, 0, 0, 0])) : Float32Array.from(keys.flat());
      const scene = animated((lid) => [{ node: lid, path: 'rotation', interpolation, times, values }], 1.3);
      const { file, back } = roundTrip(scene);
      expect(file.root.animations[0].keyframeCount).toBe(78);
      // STEP holds each key to the next: a 60 Hz sampling misses the jump by up to 1/60 s.
      const tolerance = interpolation === 'STEP' ? 0.5 : 2e-3;
      expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['posed', 'clips', 'bounds'], tolerance }), interpolation).toEqual([]);
    }
  });

  it('keeps a 24 fps key grid exactly (linear keys come back unchanged at the grid)', () => {
    const times = Float32Array.from({ length: 7 }, (_, k) => (k + 1) / 24);
    const values = Float32Array.from(Array.from({ length: 7 }, (_, k) => [0, k * k * 0.1, 0]).flat());
    const scene = animated((lid) => [{ node: lid, path: 'translation', interpolation: 'LINEAR', times, values }], 7 / 24);
    const { file, back } = roundTrip(scene);
    const anim = file.root.animations[0];
    expect(anim.keyframeCount).toBe(21); // 1/24 s split in 3 reaches 60 a second
    expect(anim.tracks[0].position![3 * 3 + 1]).toBeCloseTo(0, 7); // the key at 1/24 s (held before)
    expect(anim.tracks[0].position![6 * 3 + 1]).toBeCloseTo(0.1, 6); // the key at 2/24 s
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['posed', 'clips'], tolerance: 1e-5 })).toEqual([]);
  });

  it('writes several clips in order; keeps speed and key count of a clip the reader made', () => {
    const scene = animated((lid) => [{ node: lid, path: 'scale', interpolation: 'LINEAR', times: Float32Array.of(0, 2), values: Float32Array.of(1, 1, 1, 2, 2, 2) }], 2, 'grow');
    const lid = scene.nodes.findIndex((n) => n.name === 'lid');
    scene.animations.push({ name: 'shake', duration: 0.5, channels: [{ node: lid, path: 'translation', interpolation: 'LINEAR', times: Float32Array.of(0, 0.25, 0.5), values: Float32Array.of(0, 1, 0, 0.2, 1, 0, 0, 1, 0) }] });
    const first = roundTrip(scene);
    expect(first.file.root.animations.map((a) => [a.name, a.keyframeCount, a.tracks[0].flags])).toEqual([['grow', 120, 4], ['shake', 30, 1]]);
    // A clip from the reader carries its speed and key count: written as they were.
    first.back.animations[0].extras = { ...first.back.animations[0].extras, speed: 0.5, keyframeCount: 60 };
    const second = roundTrip(first.back);
    expect(second.file.root.animations.map((a) => [a.name, a.speed, a.keyframeCount])).toEqual([['grow', 0.5, 60], ['shake', 1, 30]]);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(second.back), { only: ['clips', 'posed'] })).toEqual([]);
  });

  it('warns for what Ultra cannot animate: morph weights, a clip of no length', () => {
    const scene = animated((lid) => [{ node: lid, path: 'translation', interpolation: 'STEP', times: Float32Array.of(0), values: Float32Array.of(0, 2, 0) }], 0, 'pose');
    scene.meshes[0].primitives[0].targets = [{ POSITION: new Float32Array(9) }];
    scene.meshes[0].weights = [0];
    scene.animations.push({ name: 'blink', duration: 1, channels: [{ node: 0, path: 'weights', interpolation: 'LINEAR', times: Float32Array.of(0, 1), values: Float32Array.of(0, 1) }] });
    const { codes, back } = roundTrip(scene);
    expect(codes).toEqual(['MDL_WRITE_NODES_AS_BONES', 'MDL_WRITE_CLIP_DURATION', 'MDL_WRITE_MORPH_ANIMATION_DROPPED']);
    expect(back.animations.map((a) => [a.name, a.channels.length])).toEqual([['pose', 1], ['blink', 0]]);
  });

  it('warns that clips are dropped when nothing they drive can be a bone', () => {
    const scene = animated(() => [], 1);
    expect(writeMdl(scene).warnings.map((w) => w.code)).toEqual(['MDL_WRITE_ANIMATION_DROPPED']);
    expect(parseSync(Object.values(writeMdl(scene).files)[0]).animations).toEqual([]);
  });
});
