// Hostile scenes: past the format's limits, broken data, nothing at all. Each gives a WriteError
// naming the limit and the numbers, or a file that reads back cleanly (with the warning).
import { addNode, computeWorldMatrices, createScene, math, type Scene } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { firstPrimitive, grid, meshScene, refusal, roundTrip, triangle } from './helpers.js';

/** `count` joints, at most 256 under each (a root, its children, their children), and a skinned triangle using the last. */
function manyJoints(count: number): Scene {
  const scene = meshScene(triangle(), 'skeleton', 'body');
  const root = addNode(scene, { name: 'root', joint: true });
  const joints = [root];
  for (let i = 0; i < count - 1; i++) {
    const parent = i < 256 ? root : joints[1 + Math.floor((i - 256) / 256)];
    joints.push(addNode(scene, { name: `bone ${i}`, joint: true, translation: [i % 256, 0, 0] }, parent));
  }
  const world = computeWorldMatrices(scene);
  const inverseBind = new Float32Array(joints.length * 16);
  joints.forEach((j, k) => inverseBind.set(math.invert(world.subarray(j * 16, j * 16 + 16))!, k * 16));
  scene.skins.push({ joints, inverseBindMatrices: inverseBind });
  const p = scene.meshes[0].primitives[0];
  p.attributes.JOINTS_0 = Uint16Array.from([0, 0, 0, 0, count - 1, 0, 0, 0, count - 1, 0, 0, 0]);
  p.attributes.WEIGHTS_0 = Float32Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
  scene.nodes[0].skin = 0;
  return scene;
}

describe('hostile scenes', () => {
  it('70,000 vertices in one primitive: 4-byte indices (the spec allows 2 or 4), read back whole', () => {
    const scene = meshScene(grid(264)); // 265² = 70,225 vertices
    const { file, back, codes } = roundTrip(scene);
    expect(codes).toEqual([]);
    expect(file.root.lods[0].meshes[0].indexSize).toBe(4);
    expect(file.root.lods[0].meshes[0].vertexCount).toBe(70_225);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { skip: ['meshNodes', 'lodLevels'] })).toEqual([]);
  });

  it('200 joints are fine; more than 65,535 bones cannot be numbered by the u16 ids', () => {
    const { file, back } = roundTrip(manyJoints(200));
    expect(file.root.bones[0].children).toHaveLength(199);
    expect(back.skins[0].joints).toHaveLength(200);
    const error = refusal(manyJoints(65_537));
    expect([error.code, error.limit, error.value, error.max]).toEqual(['OVER_LIMIT', 'bones', 65_537, 65_535]);
    expect(error.message).toContain('by 2');
  });

  it('refuses nodes nested deeper than the reader follows', () => {
    const scene = createScene('test');
    let parent = -1;
    for (let i = 0; i < 300; i++) parent = addNode(scene, { name: `n${i}` }, parent);
    const error = refusal(scene);
    expect([error.code, error.limit, error.value, error.max]).toEqual(['OVER_LIMIT', 'levels of nesting', 299, 255]);
  });

  it('writes names of any length whole (ISTRINGs have an i32 length)', () => {
    const long = 'x'.repeat(100_000);
    const { back, codes } = roundTrip(meshScene(triangle(), 'long', long));
    expect(codes).toEqual([]);
    expect(back.nodes[0].name).toBe(long);
  });

  it('writes non-finite values as 0 with a warning; the file reads back finite', () => {
    const t = triangle();
    t.attributes.POSITION = Float32Array.of(NaN, 0, 0, 1, Infinity, 0, 0, 1, -Infinity);
    const scene = meshScene(t);
    scene.nodes[0].translation = [NaN, 0, 0];
    const { back, codes } = roundTrip(scene);
    expect(codes).toContain('MDL_WRITE_NOT_FINITE');
    expect(back.warnings.map((w) => w.code)).not.toContain('MDL_NOT_FINITE');
    expect(Array.from(firstPrimitive(back).attributes.POSITION)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(back.nodes[0].translation).toEqual([0, 0, 0]);
    expect(scene.meshes[0].primitives[0].attributes.POSITION[0]).toBeNaN(); // the scene is untouched
  });

  it('writes zero-area triangles as they are', () => {
    const t = triangle({ indices: Uint16Array.of(0, 1, 2, 0, 0, 0, 1, 1, 2) });
    expect(firstPrimitive(roundTrip(meshScene(t)).back).indices!.length).toBe(9);
  });

  it('writes an empty scene as one empty top NODE', () => {
    const scene = createScene('test');
    const { file, back, codes } = roundTrip(scene);
    expect(codes).toEqual([]);
    expect([file.root.name, file.root.lods.length, file.root.children.length]).toEqual(['', 0, 0]);
    expect(back.nodes).toHaveLength(1);
  });

  it('refuses indices past the vertices, a broken hierarchy, a version or code page it does not write', () => {
    const bad = meshScene(triangle({ indices: Uint16Array.of(0, 1, 7) }));
    const error = refusal(bad);
    expect([error.code, error.limit]).toEqual(['INVALID_SCENE', 'INDEX_RANGE']);
    expect(error.message).toContain('index 2 is 7, vertex count is 3');
    const cycle = meshScene(triangle());
    addNode(cycle, { name: 'child' }, 0);
    cycle.nodes[0].parent = 1;
    cycle.roots = [];
    expect(refusal(cycle).code).toBe('INVALID_SCENE');
    expect(refusal(meshScene(triangle()), { version: 303 as 302 }).limit).toBe('version');
    expect(refusal(meshScene(triangle()), { codePage: 'no-such-page' }).limit).toBe('code page');
  });

  it('never changes the scene it writes', () => {
    const scene = manyJoints(3);
    scene.animations.push({ name: 'a', duration: 1, channels: [{ node: 1, path: 'translation', interpolation: 'LINEAR', times: Float32Array.of(0, 1), values: Float32Array.of(0, 0, 0, 1, 1, 1) }] });
    const before = structuredClone(scene);
    roundTrip(scene);
    expect(scene).toEqual(before);
  });
});
