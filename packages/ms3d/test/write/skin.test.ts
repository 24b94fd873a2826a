// Skins → MS3D joints and weights (docs/formats/ms3d.md §5.3, §5.5): joint binds, up to four
// influences in whole percents as MilkShape 1.8.x stores them, rigid and static vertices.
import { addNode, computeBounds, createScene, math, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { dumpMs3d, influences, referenceBounds } from '../reference.js';
import { material, meshScene, primitive, quadPrimitive, refusal, roundTrip } from './helpers.js';
import { skinnedStrip } from './scenes.js';

/** One triangle skinned to joints `joints` with `weights` on every vertex. */
function weightedTriangle(jointCount: number, joints: number[], weights: number[]): Scene {
  const scene = meshScene('tri', [primitive([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 2], { NORMAL: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]), JOINTS_0: new Uint16Array([...joints, ...joints, ...joints]), WEIGHTS_0: new Float32Array([...weights, ...weights, ...weights]) })], { skin: 0 });
  const nodes = Array.from({ length: jointCount }, (_, j) => addNode(scene, { name: `j${j}`, translation: [j, 0, 0], joint: true }));
  const ibm = new Float32Array(jointCount * 16);
  nodes.forEach((_, j) => math.invert(math.fromTRS([j, 0, 0]), ibm.subarray(j * 16, j * 16 + 16)));
  scene.skins.push({ joints: nodes, inverseBindMatrices: ibm });
  return scene;
}

describe('skinned scenes', () => {
  it('a bending chain with 4 influences per vertex keeps its facts, bind and posed', () => {
    const scene = skinnedStrip();
    const trip = roundTrip(scene);
    expect(trip.warnings).toEqual(['MS3D_WRITE_CLIP_NAME']);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(trip.back))).toEqual([]);
    // The independent evaluator (the viewer's rules) poses the written bytes like core poses the source.
    const d = dumpMs3d(trip.bytes);
    for (const t of [0, 0.3, 0.5, 1]) {
      const want = computeBounds(scene, { animation: 0, time: t });
      const got = referenceBounds(d, t);
      for (let c = 0; c < 3; c++) {
        expect(got.min[c]).toBeCloseTo(want.min[c], 4);
        expect(got.max[c]).toBeCloseTo(want.max[c], 4);
      }
    }
  });

  it('weights that are not whole percents move vertices by at most the rounding (0.5 % of a weight)', () => {
    const scene = skinnedStrip({ percents: false });
    const trip = roundTrip(scene);
    const want = computeBounds(scene, { animation: 0, time: 0.5 });
    const got = computeBounds(trip.back, { animation: 0, time: 0.5 });
    // The joints move by ~1.5 units at most: rounding moves a vertex by under 0.5 % × 4 of that.
    for (let c = 0; c < 3; c++) {
      expect(Math.abs(got.min[c] - want.min[c])).toBeLessThan(0.03);
      expect(Math.abs(got.max[c] - want.max[c])).toBeLessThan(0.03);
    }
  });

  it('under an armature node with scale 0.01 and a quarter turn (glTF exporters), poses the same', () => {
    const scene = skinnedStrip({ armatureScale: 0.01 });
    const trip = roundTrip(scene);
    // The uniform scale is folded into the joints' positions: nothing to warn but the clip name.
    expect(trip.warnings).toEqual(['MS3D_WRITE_CLIP_NAME']);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(trip.back))).toEqual([]);
    const d = dumpMs3d(trip.bytes);
    // Joint 1 sits 1 unit up the chain: 0.01 after the armature's scale.
    expect(Math.hypot(...d.joints[1].pos)).toBeCloseTo(0.01, 6);
  });

  it('stores weights as MilkShape does: largest first, whole percents summing to 100', () => {
    const d = dumpMs3d(roundTrip(weightedTriangle(4, [0, 1, 2, 3], [0.1, 0.2, 0.3, 0.4])).bytes);
    // boneId = joint 3 (40 %), then 2 (30), 1 (20), 0 (10, implied as 100 − the rest).
    expect([d.boneIds[0], ...d.extraIds[0]]).toEqual([3, 2, 1, 0]);
    expect(d.extraWeights[0]).toEqual([40, 30, 20]);
    influences(d, 0).forEach(([joint, weight], k) => {
      expect(joint).toBe([3, 2, 1, 0][k]);
      expect(weight).toBeCloseTo([0.4, 0.3, 0.2, 0.1][k], 12);
    });
  });

  it('one influence is ids −1 with weights [100, 0, 0]; thirds round to 34/33/33', () => {
    let d = dumpMs3d(roundTrip(weightedTriangle(2, [1, 0, 0, 0], [1, 0, 0, 0])).bytes);
    expect([d.boneIds[0], ...d.extraIds[0], ...d.extraWeights[0]]).toEqual([1, -1, -1, -1, 100, 0, 0]);
    d = dumpMs3d(roundTrip(weightedTriangle(3, [0, 1, 2, 0], [1 / 3, 1 / 3, 1 / 3, 0])).bytes);
    expect([d.boneIds[0], ...d.extraIds[0], ...d.extraWeights[0]]).toEqual([0, 1, 2, -1, 34, 33, 33]);
  });

  it('merges a joint listed twice and leaves out an influence below 0.5 % (warned)', () => {
    // Joint 0 twice (0.25 + 0.25), joint 1 0.496, joint 2 0.004: 50 / 49.6 / 0.4 → 50 / 50 / 0.
    const trip = roundTrip(weightedTriangle(3, [0, 1, 0, 2], [0.25, 0.496, 0.25, 0.004]));
    const d = dumpMs3d(trip.bytes);
    expect([d.boneIds[0], ...d.extraIds[0], ...d.extraWeights[0]]).toEqual([0, 1, -1, -1, 50, 50, 0]);
    expect(trip.warnings).toEqual(['MS3D_WRITE_WEIGHTS']);
  });

  it('a vertex with no weight is written unskinned (warned)', () => {
    const trip = roundTrip(weightedTriangle(1, [0, 0, 0, 0], [0, 0, 0, 0]));
    expect(dumpMs3d(trip.bytes).boneIds).toEqual([-1, -1, -1]);
    expect(trip.warnings).toEqual(['MS3D_WRITE_WEIGHTS']);
  });

  it('a static mesh beside a skinned one is written in world space with boneId −1', () => {
    const scene = skinnedStrip({ clip: false });
    scene.meshes.push({ name: 'prop', primitives: [quadPrimitive(0)] });
    addNode(scene, { name: 'prop', mesh: 1, translation: [5, 0, 0] });
    const trip = roundTrip(scene);
    const d = dumpMs3d(trip.bytes);
    const prop = d.positions.map((p, v) => [p, d.boneIds[v]] as const).filter(([p]) => p[0] >= 5);
    expect(prop.map(([, b]) => b)).toEqual([-1, -1, -1, -1]);
    expect(Math.min(...prop.map(([p]) => p[0]))).toBe(5);
    // The reader binds them to its identity joint; the joints of the source are all there.
    expect(sceneFacts(trip.back).joints).toEqual(['bone0', 'bone1', 'bone2', 'ms3d rigid']);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(trip.back), { skip: ['joints', 'jointParents', 'meshNodes'] })).toEqual([]);
  });

  it('a skin whose bind pose is not the rest pose is written in the rest pose (MS3D binds = rest)', () => {
    const scene = skinnedStrip({ clip: false });
    // Move joint 1 at rest: the skin's inverse binds still describe the straight chain.
    scene.nodes[scene.skins[0].joints[1]].rotation = [0, 0, Math.sin(0.3), Math.cos(0.3)];
    const trip = roundTrip(scene);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(trip.back))).toEqual([]);
    expect(referenceBounds(dumpMs3d(trip.bytes)).max[0]).toBeCloseTo(sceneFacts(scene).bounds!.max[0], 4);
  });

  it('two skins over one skeleton share its joints', () => {
    const scene = skinnedStrip({ clip: false });
    scene.skins.push({ ...scene.skins[0], name: 'copy' });
    scene.meshes.push({ name: 'again', primitives: scene.meshes[0].primitives });
    addNode(scene, { name: 'again', mesh: 1, skin: 1 });
    const trip = roundTrip(scene);
    expect(dumpMs3d(trip.bytes).joints.map((j) => j.name)).toEqual(['bone0', 'bone1', 'bone2']);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(trip.back), { skip: ['meshNodes'] })).toEqual([]);
  });

  it('refuses 200 joints: MilkShape holds 128', () => {
    const scene = createScene('test');
    scene.materials.push(material('m'));
    for (let j = 0; j < 200; j++) addNode(scene, { name: `bone${j}`, joint: true, translation: [0, 1, 0] }, j - 1);
    const error = refusal(() => roundTrip(scene));
    expect([error.code, error.limit, error.value, error.max]).toEqual(['OVER_LIMIT', 'joints', 200, 128]);
    expect(error.message).toContain('by 72');
  });
});
