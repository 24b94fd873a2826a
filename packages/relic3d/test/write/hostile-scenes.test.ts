// Hostile scenes into every writer: each is refused with a typed WriteError naming the limit, or
// written as files that read back as a valid scene, with a warning for what was changed. Never a
// broken file, never an untyped error.
import { describe, expect, it } from 'vitest';
import { writers } from '@relic3d/formats';
import { addNode, computeBounds, createScene, defaultMaterial, type Scene } from 'relic3d';
import { writeOutcome } from './written-files.js';

/** `count` vertices in a strip of tiny triangles, one mesh on one node. */
function strip(count: number, name = 'strip'): Scene {
  const scene = createScene('test');
  const positions = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) positions.set([(i >> 1) * 0.01, i & 1, (i % 3) * 0.001], i * 3);
  const triangles = Math.floor(count / 3);
  const indices = new Uint32Array(triangles * 3).map((_, i) => i);
  scene.materials.push({ ...defaultMaterial(), name: 'grey' });
  scene.meshes.push({ name, primitives: [{ attributes: { POSITION: positions }, indices, material: 0 }] });
  addNode(scene, { name, mesh: 0 });
  return scene;
}

/** A chain of `joints` joints skinning a strip, each vertex bound to one joint. */
function chain(joints: number): Scene {
  const scene = strip(joints * 3, 'body');
  const ids: number[] = [];
  let parent = -1;
  for (let j = 0; j < joints; j++) {
    parent = addNode(scene, { name: `bone${j}`, joint: true, translation: [0, j === 0 ? 0 : 0.1, 0] }, parent < 0 ? undefined : parent);
    ids.push(parent);
  }
  const ibm = new Float32Array(joints * 16);
  for (let j = 0; j < joints; j++) ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.1 * j, 0, 1], j * 16);
  scene.skins.push({ joints: ids, inverseBindMatrices: ibm });
  const count = joints * 3;
  const JOINTS_0 = new Uint16Array(count * 4), WEIGHTS_0 = new Float32Array(count * 4);
  for (let v = 0; v < count; v++) {
    JOINTS_0[v * 4] = Math.floor(v / 3);
    WEIGHTS_0[v * 4] = 1;
  }
  Object.assign(scene.meshes[0].primitives[0].attributes, { JOINTS_0, WEIGHTS_0 });
  scene.nodes[0].skin = 0;
  return scene;
}

const LONG = 'Ogre_Warlord_'.repeat(24);

const hostile: Record<string, () => Scene> = {
  'an empty scene': () => createScene('test'),
  '70,000 vertices': () => strip(70_002),
  '200 joints': () => chain(200),
  'names longer than any field': () => {
    const scene = chain(3);
    scene.nodes.forEach((n, i) => (n.name = `${LONG}${i}`));
    scene.materials[0].name = LONG;
    scene.meshes[0].name = LONG;
    return scene;
  },
  'NaN and Infinity positions': () => {
    const scene = strip(9);
    scene.meshes[0].primitives[0].attributes.POSITION.set([NaN, Infinity, -Infinity], 3);
    return scene;
  },
  'zero-area triangles': () => {
    const scene = strip(9);
    scene.meshes[0].primitives[0].indices = Uint32Array.of(0, 0, 1, 0, 1, 2, 3, 4, 5, 5, 5, 5);
    return scene;
  },
  'indices past the vertices': () => {
    const scene = strip(6);
    scene.meshes[0].primitives[0].indices = Uint32Array.of(0, 1, 2, 3, 4, 999);
    return scene;
  },
  'a line primitive': () => {
    const scene = strip(6);
    scene.meshes[0].primitives.push({ attributes: { POSITION: Float32Array.of(0, 0, 0, 5, 5, 5) }, mode: 'LINES' });
    return scene;
  },
};

describe.each(writers.map((w) => [w.id, w] as const))('%s writer on hostile scenes', (_, writer) => {
  it.each(Object.keys(hostile))('%s: a typed refusal or a valid file', async (name) => {
    const outcome = await writeOutcome(writer, hostile[name]());
    if ('refused' in outcome) {
      expect(['OVER_LIMIT', 'UNSUPPORTED', 'INVALID_SCENE']).toContain(outcome.refused.code);
      expect(outcome.refused.message).toMatch(new RegExp(`^${writer.id}: `));
      return;
    }
    const bounds = computeBounds(outcome.scene);
    for (const v of [...bounds.min, ...bounds.max]) expect(Number.isNaN(v)).toBe(false);
    if (name === 'NaN and Infinity positions') {
      for (const v of [...bounds.min, ...bounds.max]) expect(Number.isFinite(v)).toBe(true);
      expect(outcome.result.warnings.length, 'non-finite positions are changed with a warning').toBeGreaterThan(0);
    }
    // Cut names and dropped lines are warned; a format that holds them gives them back whole.
    if (name === 'names longer than any field' && outcome.result.warnings.length === 0) {
      expect(outcome.scene.nodes.map((n) => n.name)).toEqual(expect.arrayContaining([`${LONG}0`, `${LONG}1`, `${LONG}2`]));
    }
    if (name === 'a line primitive' && outcome.result.warnings.length === 0) {
      expect(outcome.scene.meshes.flatMap((m) => m.primitives).some((p) => p.mode === 'LINES' || p.mode === 'LINE_STRIP')).toBe(true);
    }
    if (name === 'indices past the vertices') expect(outcome.result.warnings.length).toBeGreaterThan(0);
  });

  it('writes a plain scene (the baseline the hostile cases are measured against)', async () => {
    const outcome = await writeOutcome(writer, chain(4));
    expect('scene' in outcome && outcome.scene.meshes.length > 0, 'refused' in outcome ? outcome.refused.message : '').toBe(true);
  });
});

describe('the limits the issue names', () => {
  it('MS3D refuses 70,000 vertices saying by how much', async () => {
    const outcome = await writeOutcome(writers.find((w) => w.id === 'ms3d')!, strip(70_002));
    expect('refused' in outcome && outcome.refused).toMatchObject({ code: 'OVER_LIMIT', limit: 'vertices', value: 70_002, max: 65_534 });
  });
});
