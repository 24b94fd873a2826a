// Clips: one .ani per clip that moves the skeleton (Flyff's <model>_<motion>.ani naming, found again
// by the reader), keys at Flyff's 30 frames per second (a little less, so a clip keeps its length),
// any interpolation evaluated; object motion in the O3D's own frames.
import { describe, expect, it } from 'vitest';
import { addNode, math } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { findCompanions, readAni, readO3d, writeO3d } from '../../src/index.js';
import { readBack } from './helpers.js';
import { aboutZ, bendClip, box, meshScene, skinnedStrip } from './scenes.js';

const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code);
const joints = [1, 2, 3, 4, 5, 6];

describe('clips', () => {
  it('writes every clip as <model>_<clip>.ani, which findCompanions finds again', async () => {
    const scene = skinnedStrip('mvr_snake', 6);
    scene.animations.push(bendClip('stand', joints, 1, 0.3), bendClip('walk', joints, 0.5, -0.4, 'STEP'), bendClip('atk1', joints, 2, 0.8, 'CUBICSPLINE'));
    const result = writeO3d(scene);
    const listing = Object.keys(result.files);
    expect(findCompanions('mvr_snake.o3d', listing)).toEqual({ skeleton: 'mvr_snake.chr', motions: { stand: 'mvr_snake_stand.ani', walk: 'mvr_snake_walk.ani', atk1: 'mvr_snake_atk1.ani' } });
    const stand = readAni(result.files['mvr_snake_stand.ani']);
    expect([stand.frameCount, stand.perSlerp]).toEqual([31, 0.5]);
    const back = await readBack(result);
    expect(back.animations.map((a) => [a.name, a.duration])).toEqual([
      ['atk1', expect.closeTo(2, 6)],
      ['stand', expect.closeTo(1, 6)],
      ['walk', expect.closeTo(0.5, 6)],
    ]);
    // LINEAR keys are exact, a cubic spline is sampled at 30 frames per second; a step takes one frame.
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { skip: ['meshNodes', 'materials'], tolerance: 2e-3 }).filter((d) => !d.includes('"walk"'))).toEqual([]);
    expect(codes(result)).toContain('O3D_WRITE_STEP_KEYS');
    const walk = readAni(result.files['mvr_snake_walk.ani']).motion.tracks[1].keys!;
    const angle = (f: number) => 2 * Math.atan2(walk[f * 7 + 2], walk[f * 7 + 3]);
    for (let f = 0; f < 16; f++) expect(angle(f)).toBeCloseTo(f < 7.5 ? 0 : f < 15 ? -0.2 : -0.4, 5);
  });

  it('keeps the length of a clip that is no whole number of frames (perSlerp a little under 0.5)', async () => {
    const scene = skinnedStrip('odd', 6);
    scene.animations.push(bendClip('sway', joints, 0.55, 0.4, 'CUBICSPLINE'));
    const result = writeO3d(scene);
    const ani = readAni(result.files['odd_sway.ani']);
    expect(ani.frameCount).toBe(18);
    expect(ani.perSlerp * 60).toBeCloseTo(17 / 0.55, 4);
    const back = await readBack(result);
    expect(back.animations[0].duration).toBeCloseTo(0.55, 5);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['posed', 'clips'], tolerance: 2e-3 })).toEqual([]);
  });

  it.each([
    [24, 0.4],
    [10, 0.5],
  ])('keeps linear keys at %i fps on frames (perSlerp %f), exactly', async (rate, perSlerp) => {
    const scene = skinnedStrip('grid', 6);
    const times = Float32Array.from({ length: rate + 1 }, (_, k) => k / rate);
    const values = Float32Array.from(Array.from(times).flatMap((t) => aboutZ(Math.sin(7 * t))));
    scene.animations.push({ name: 'shake', duration: 1, channels: joints.map((node) => ({ node, path: 'rotation' as const, times, values, interpolation: 'LINEAR' as const })) });
    const result = writeO3d(scene);
    expect(readAni(result.files['grid_shake.ani']).perSlerp).toBeCloseTo(perSlerp, 6);
    const back = await readBack(result);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['posed', 'clips'], tolerance: 1e-5 })).toEqual([]);
  });

  it('puts a rigid animation in the O3D\'s own frames (read back as "embedded"), one clip only', async () => {
    const scene = meshScene('spinner', [[box(1, [1, 0, 0])], [box(0.5)]]);
    const spin = (node: number, name: string) => ({ name, duration: 1, channels: [{ node, path: 'rotation' as const, times: Float32Array.of(0, 1), values: Float32Array.from([...aboutZ(0), ...aboutZ(2)]), interpolation: 'LINEAR' as const }] });
    scene.animations.push(spin(1, 'spin'), spin(2, 'other'));
    const result = writeO3d(scene);
    expect(codes(result)).toEqual(expect.arrayContaining(['O3D_WRITE_CLIP_NAME', 'O3D_WRITE_CLIP_DROPPED', 'O3D_WRITE_OBJECT_MOTION']));
    const o3d = readO3d(result.files['spinner.o3d']);
    expect(o3d.frameCount).toBe(31);
    expect(o3d.groups[0][0].tmAnimation?.length).toBe(31 * 7);
    expect(o3d.groups[0][1].tmAnimation).toBeUndefined();
    const back = await readBack(result);
    expect(back.animations.map((a) => a.name)).toEqual(['embedded']);
    const source = sceneFacts(scene), read = sceneFacts(back);
    expect(read.posed.embedded).toEqual(source.posed.spin.map((b) => ({ min: b!.min.map((v) => expect.closeTo(v, 4)), max: b!.max.map((v) => expect.closeTo(v, 4)) })));
  });

  it('moves an object under an animated node without a mesh (the node folds into its keys)', async () => {
    const scene = meshScene('pivot', [[box(1, [2, 0, 0])]]);
    const pivot = addNode(scene, { name: 'pivot', translation: [0, 1, 0] }, 0);
    scene.nodes[0].children = [pivot];
    scene.nodes[1].parent = pivot;
    scene.nodes[pivot].children = [1];
    scene.animations.push({ name: 'embedded', duration: 2, channels: [{ node: pivot, path: 'rotation', times: Float32Array.of(0, 2), values: Float32Array.from([...aboutZ(0), ...aboutZ(3)]), interpolation: 'LINEAR' }] });
    const back = await readBack(writeO3d(scene));
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['posed', 'bounds', 'clips'] })).toEqual([]);
  });

  it('embeds the skeleton when the O3D\'s own clip moves bones as well as objects', async () => {
    const scene = skinnedStrip('both', 4);
    scene.meshes.push({ name: 'box', primitives: [box(0.5, [2, 0, 0])] });
    const prop = addNode(scene, { name: 'prop', mesh: 1 }, 0);
    const clip = bendClip('dance', [1, 2, 3, 4], 1, 0.5);
    clip.channels.push({ node: prop, path: 'rotation', times: Float32Array.of(0, 1), values: Float32Array.from([...aboutZ(0), ...aboutZ(1)]), interpolation: 'LINEAR' });
    scene.animations.push(clip);
    const result = writeO3d(scene);
    expect(Object.keys(result.files)).toEqual(['both.o3d']);
    const o3d = readO3d(result.files['both.o3d']);
    expect(o3d.skeleton?.baseTMs).toHaveLength(4);
    expect(o3d.skeleton?.motion?.bones.map((b) => b.name)).toEqual(['joint 0', 'joint 1', 'joint 2', 'joint 3']);
    const back = await readBack(result);
    const source = sceneFacts(scene), read = sceneFacts(back);
    expect(read.posed.embedded).toEqual(source.posed.dance.map((b) => ({ min: b!.min.map((v) => expect.closeTo(v, 3)), max: b!.max.map((v) => expect.closeTo(v, 3)) })));
  });

  it('names .ani files safely and uniquely, and says how they read back', async () => {
    const scene = skinnedStrip('mvr_x', 6);
    scene.animations.push(bendClip('a/b', joints, 1, 0.3), bendClip('A_B', joints, 1, 0.2), bendClip('x'.repeat(80), joints, 1, 0.1));
    const result = writeO3d(scene);
    const anis = Object.keys(result.files).filter((n) => n.endsWith('.ani'));
    expect(anis).toHaveLength(3);
    expect(anis[0]).toBe('mvr_x_a_b.ani');
    expect(anis[1]).toBe('mvr_x_A_B_2.ani');
    expect(anis[2].length).toBeLessThanOrEqual(63);
    expect(codes(result).filter((c) => c === 'O3D_WRITE_CLIP_NAME')).toHaveLength(3);
  });

  it('evaluates a node\'s matrix rest pose and scale keys it cannot hold as rotations (warned)', () => {
    const scene = skinnedStrip('scaled', 3);
    scene.nodes[2].matrix = Array.from(math.fromTRS([0, 1, 0], [0, 0, 0, 1], [1, 1, 1]));
    scene.animations.push({ name: 'grow', duration: 1, channels: [{ node: 2, path: 'scale', times: Float32Array.of(0, 1), values: Float32Array.of(1, 1, 1, 2, 2, 2), interpolation: 'LINEAR' }] });
    expect(codes(writeO3d(scene))).toContain('O3D_WRITE_BONE_SCALE');
  });
});
