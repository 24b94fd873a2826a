// Scenes past MS3D's limits or broken: a WriteError naming the limit and the numbers, or a
// warning and a file that reads back cleanly. Never a file MilkShape would refuse.
import { addNode, createScene, type Scene } from '@relic3d/core';
import { sceneFacts } from '@relic3d/scene-facts';
import { describe, expect, it } from 'vitest';
import { writeMs3d } from '../../src/index.js';
import { dumpMs3d } from '../reference.js';
import { fieldsOf } from './fields.js';
import { material, meshScene, primitive, quadPrimitive, refusal, roundTrip } from './helpers.js';

/** `count` separate triangles (3 distinct vertices each, all different positions). */
function soup(triangles: number): Scene {
  const positions = new Float32Array(triangles * 9);
  for (let i = 0; i < positions.length; i++) positions[i] = i * 0.001;
  return meshScene('soup', [{ attributes: { POSITION: positions, NORMAL: new Float32Array(triangles * 9).fill(1) }, mode: 'TRIANGLES' }]);
}

describe('hostile scenes', () => {
  it('refuses 70,002 vertices: MS3D holds 65,534', () => {
    const error = refusal(() => writeMs3d(soup(23334)));
    expect([error.code, error.limit, error.value, error.max]).toEqual(['OVER_LIMIT', 'vertices', 70002, 65534]);
    expect(error.message).toBe("ms3d: 70002 vertices exceed the format's limit of 65534 by 4468");
  });

  it('refuses 70,000 triangles even on few vertices', () => {
    const indices = new Uint32Array(70000 * 3).map((_, i) => i % 3);
    const scene = meshScene('fan', [{ ...quadPrimitive(), indices }]);
    const error = refusal(() => writeMs3d(scene));
    expect([error.code, error.limit, error.value, error.max]).toEqual(['OVER_LIMIT', 'triangles', 70000, 65534]);
  });

  it('refuses more than 65,535 keys on a joint track', () => {
    const scene = createScene('test');
    addNode(scene, { name: 'bone', joint: true });
    const times = Float32Array.from({ length: 70000 }, (_, k) => k / 30);
    scene.animations.push({ name: 'long', duration: times[times.length - 1], channels: [{ node: 0, path: 'translation', interpolation: 'LINEAR', times, values: new Float32Array(70000 * 3) }] });
    const error = refusal(() => writeMs3d(scene));
    expect([error.code, error.limit, error.value, error.max, error.where]).toEqual(['OVER_LIMIT', 'position keys', 70000, 65535, 'joint "bone"']);
  });

  it('writes non-finite positions, normals and UVs as 0 (warned); the file reads back', () => {
    const scene = meshScene('nan', [primitive([NaN, 0, 0, 1, Infinity, 0, 0, 1, -Infinity], [0, 1, 2], { NORMAL: new Float32Array([NaN, 0, 1, 0, 0, 1, 0, 0, 1]), TEXCOORD_0: new Float32Array([NaN, 0, 0, 0, 0, 0]) })]);
    const trip = roundTrip(scene);
    expect(trip.warnings).toEqual(['MS3D_WRITE_NOT_FINITE']);
    expect(dumpMs3d(trip.bytes).positions).toEqual([[0, 0, 0], [1, 0, 0], [0, 1, 0]]);
  });

  it("leaves the scene's own arrays as they were: non-finite values, transforms and texture transforms are applied to copies", () => {
    const attributes = { NORMAL: new Float32Array([NaN, 0, 1, 0, 0, 1, 0, 0, 1]), TEXCOORD_0: new Float32Array([NaN, 0.5, 0, 0, 0, 0]) };
    const scene = meshScene('nan', [primitive([NaN, 0, 0, 1, Infinity, 0, 0, 1, -Infinity], [0, 1, 2], attributes, 0)], { translation: [5, 0, 0] });
    scene.materials.push(material('stone', { baseColorTexture: { texture: 0, texCoord: 0, transform: { offset: [0.25, 0], rotation: 0, scale: [2, 2] } } }));
    const before = scene.meshes[0].primitives[0].attributes;
    const copies = Object.fromEntries(Object.entries(before).map(([name, values]) => [name, Array.from(values as Float32Array)]));
    writeMs3d(scene);
    for (const [name, values] of Object.entries(before)) expect([name, Array.from(values as Float32Array)]).toEqual([name, copies[name]]);
    expect(copies.POSITION.slice(0, 2)).toEqual([NaN, 0]);
  });

  it('takes sourceVertices past the u16 vertex numbers as no stored vertices: written in use order, nothing sized by them', () => {
    const scene = meshScene('far', [{ ...primitive([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 2]), extras: { sourceVertices: new Uint32Array([2_000_000_000, 0, 1]) } }]);
    const trip = roundTrip(scene);
    expect(dumpMs3d(trip.bytes).positions).toEqual([[0, 0, 0], [1, 0, 0], [0, 1, 0]]);
  });

  it('keeps zero-area triangles (MilkShape does); their computed normals are finite', () => {
    const trip = roundTrip(meshScene('flat', [primitive([0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0], [0, 1, 2, 0, 0, 3])]));
    expect(trip.warnings).toEqual(['MS3D_WRITE_NORMALS']);
    const f = fieldsOf(trip.bytes);
    expect(f.triangles).toHaveLength(2);
    for (const t of f.triangles) for (const n of t.normals) expect(n.every(Number.isFinite)).toBe(true);
  });

  it('leaves out triangles with an index past the vertices, and a trailing partial triangle (warned)', () => {
    const trip = roundTrip(meshScene('bad', [{ ...quadPrimitive(), indices: new Uint32Array([0, 1, 2, 0, 2, 99, 0, 2]) }]));
    expect(trip.warnings).toEqual(['MS3D_WRITE_BAD_INDEX', 'MS3D_WRITE_BAD_INDEX', 'MS3D_WRITE_UNUSED_VERTICES']);
    expect(sceneFacts(trip.back).triangles).toBe(1);
  });

  it('leaves out keys with a non-finite value or a time out of order (warned)', () => {
    const scene = createScene('test');
    scene.name = 'keys';
    addNode(scene, { name: 'bone', joint: true });
    scene.animations.push({ name: 'keys', duration: 1, channels: [{ node: 0, path: 'translation', interpolation: 'LINEAR', times: Float32Array.from([0, 0.5, 0.25, 1]), values: Float32Array.from([0, 0, 0, NaN, 1, 0, 0, 2, 0, 0, 3, 0]) }] });
    const trip = roundTrip(scene);
    expect(trip.warnings).toEqual(['MS3D_WRITE_BAD_KEYS']);
    // 0.5 has a NaN value; 0.25 then follows 0 in order.
    expect(dumpMs3d(trip.bytes).joints[0].posKeys).toEqual([[0, 0, 0, 0], [0.25, 0, 2, 0], [1, 0, 3, 0]]);
  });

  it('writes an empty scene as an empty MilkShape file', () => {
    const trip = roundTrip(createScene('test'));
    const d = dumpMs3d(trip.bytes);
    expect([d.nVertices, d.nTriangles, d.nGroups, d.nMaterials, d.joints.length, d.fps, d.totalFrames]).toEqual([0, 0, 0, 0, 0, 24, 30]);
    expect(d.end).toBe(trip.bytes.length);
  });

  it('merges primitives by material past 255 groups (warned)', () => {
    const scene = meshScene('many', []);
    scene.materials.push(material('a'), material('b'));
    for (let i = 0; i < 300; i++) scene.meshes[0].primitives.push(primitive([i, 0, 0, i + 1, 0, 0, i, 1, 0], [0, 1, 2], { NORMAL: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]) }, i % 2));
    const trip = roundTrip(scene);
    expect(trip.warnings).toEqual(['MS3D_WRITE_GROUPS_MERGED']);
    expect(fieldsOf(trip.bytes).groups.map((g) => [g.material, g.triangles.length])).toEqual([[0, 150], [1, 150]]);
    expect(sceneFacts(trip.back).triangles).toBe(300);
  });

  it('warns what MS3D cannot hold: points, lines, morphs, cameras, lights, colliders, LODs', () => {
    const scene = meshScene('all', [quadPrimitive(), { ...quadPrimitive(), mode: 'LINES' }, { ...quadPrimitive(), mode: 'POINTS' }]);
    scene.meshes[0].primitives[0].targets = [{ POSITION: new Float32Array(12).fill(1) }];
    scene.meshes[0].weights = [0.5];
    scene.cameras.push({ type: 'perspective', znear: 0.1, yfov: 1 });
    scene.lights.push({ type: 'point', color: [1, 1, 1], intensity: 1 });
    scene.colliders.push({ shape: { type: 'sphere', radius: 1 } });
    const low = addNode(scene, { name: 'low', mesh: 0 }, 0);
    scene.nodes[0].lods = [{ node: 0 }, { node: low }];
    const trip = roundTrip(scene);
    expect(trip.warnings.sort()).toEqual(['MS3D_WRITE_CAMERAS', 'MS3D_WRITE_COLLIDERS', 'MS3D_WRITE_LIGHTS', 'MS3D_WRITE_LODS', 'MS3D_WRITE_MORPHS', 'MS3D_WRITE_PRIMITIVE_MODE', 'MS3D_WRITE_PRIMITIVE_MODE']);
    // The base shape with the default morph weight (0.5 × 1) applied; level 0 only.
    expect(dumpMs3d(trip.bytes).positions[0]).toEqual([0.5, 0.5, 0.5]);
    expect(sceneFacts(trip.back).triangles).toBe(2);
  });

  it('never changes the scene it writes', () => {
    const scene = meshScene('same', [quadPrimitive(0)], { translation: [1, 2, 3] });
    scene.materials.push(material('m'));
    scene.animations.push({ name: 'a', duration: 1, channels: [{ node: 0, path: 'rotation', interpolation: 'STEP', times: Float32Array.from([0, 1]), values: Float32Array.from([0, 0, 0, 1, 0, 1, 0, 0]) }] });
    const before = structuredClone(scene);
    writeMs3d(scene);
    expect(scene).toEqual(before);
  });

  it('writes the same bytes every time', () => {
    const scene = meshScene('same', [quadPrimitive()]);
    expect(writeMs3d(scene).files['same.ms3d']).toEqual(writeMs3d(scene).files['same.ms3d']);
  });
});
