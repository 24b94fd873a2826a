// Hostile scenes: over the client's limits, broken or non-finite data. Each gives a typed refusal
// naming the limit, or files that read back cleanly with warnings saying what changed.
import { describe, expect, it } from 'vitest';
import { addNode, createScene, isWriteError, type Primitive, type WriteError } from '@relic3d/core';
import { compareSceneFacts, sceneFacts } from '@relic3d/scene-facts';
import { readO3d, writeO3d } from '../../src/index.js';
import { readBack } from './helpers.js';
import { meshScene, skinnedStrip, triangle } from './scenes.js';

const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code);

/** A grid of `n`×`n` quads (two triangles each), unwelded: 4 vertices per quad. */
function grid(n: number): Primitive {
  const p = new Float32Array(n * n * 12), idx = new Uint32Array(n * n * 6);
  for (let q = 0; q < n * n; q++) {
    const x = q % n, y = Math.floor(q / n);
    p.set([x, y, 0, x + 1, y, 0, x + 1, y + 1, 0, x, y + 1, 0], q * 12);
    idx.set([q * 4, q * 4 + 1, q * 4 + 2, q * 4, q * 4 + 2, q * 4 + 3], q * 6);
  }
  return { attributes: { POSITION: p }, indices: idx };
}

function refusal(fn: () => unknown): WriteError {
  try {
    fn();
  } catch (e) {
    expect(isWriteError(e)).toBe(true);
    return e as WriteError;
  }
  throw new Error('not refused');
}

describe('hostile scenes', () => {
  it('splits a 70,000-vertex mesh into objects of at most 65,535 vertices', async () => {
    const scene = meshScene('big', [[grid(133)]]);
    const result = writeO3d(scene);
    expect(codes(result)).toEqual(expect.arrayContaining(['O3D_WRITE_OBJECT_SPLIT', 'O3D_WRITE_NORMALS']));
    const objects = readO3d(result.files['big.o3d']).groups[0];
    expect(objects.length).toBe(2);
    for (const o of objects) expect(o.geometry.positions.length / 3).toBeLessThanOrEqual(65535);
    const back = await readBack(result);
    expect(compareSceneFacts(sceneFacts(scene), sceneFacts(back), { only: ['triangles', 'bounds'] })).toEqual([]);
    // A quad cut between the two objects has its shared corners in both.
    expect(sceneFacts(back).vertices - sceneFacts(scene).vertices).toBeLessThanOrEqual(4);
  });

  it('refuses a scene with broken references, naming what is broken', () => {
    const scene = meshScene('broken', [[triangle()]]);
    scene.nodes[1].mesh = 7;
    const error = refusal(() => writeO3d(scene));
    expect([error.code, error.limit, error.where]).toEqual(['INVALID_SCENE', 'BAD_REFERENCE', 'nodes[1].mesh']);
  });

  it('refuses a node with a non-finite transform', () => {
    const scene = meshScene('nan', [[triangle()]]);
    scene.nodes[1].translation = [NaN, 0, 0];
    expect(refusal(() => writeO3d(scene)).code).toBe('INVALID_SCENE');
  });

  it('writes non-finite vertex values as 0, drops triangles past the vertices, keeps zero-area triangles', async () => {
    const p = triangle();
    p.attributes.POSITION[4] = Infinity;
    p.attributes.NORMAL![0] = NaN;
    const degenerate: Primitive = { attributes: { POSITION: Float32Array.of(1, 1, 1, 1, 1, 1, 1, 1, 1) }, indices: Uint16Array.of(0, 1, 2) };
    const bad: Primitive = { ...triangle(), indices: Uint16Array.of(0, 1, 2, 0, 1, 9, 1) };
    const result = writeO3d(meshScene('odd', [[p, degenerate, bad]]));
    expect(codes(result)).toEqual(expect.arrayContaining(['O3D_WRITE_NOT_FINITE', 'O3D_WRITE_INDEX']));
    const back = await readBack(result);
    expect(back.meshes[0].primitives.map((q) => q.indices!.length)).toEqual([3, 3, 3]);
    expect(back.meshes[0].primitives[0].attributes.POSITION[4]).toBe(0);
  });

  it('cuts names longer than their fields (model, bones) and says so', async () => {
    const scene = skinnedStrip('m'.repeat(80), 3);
    scene.nodes[1].name = 'b'.repeat(40);
    const result = writeO3d(scene);
    expect(codes(result)).toEqual(expect.arrayContaining(['O3D_WRITE_FILE_NAME', 'WRITE_NAME_TRUNCATED']));
    const model = Object.keys(result.files).find((n) => n.endsWith('.o3d'))!;
    expect(model.length).toBe(63);
    const back = await readBack(result);
    expect(back.nodes.find((n) => n.joint)!.name).toBe('b'.repeat(31));
  });

  it('writes an empty scene as a model without objects', async () => {
    const result = writeO3d(createScene('test'));
    expect(Object.keys(result.files)).toEqual(['model.o3d']);
    const back = await readBack(result);
    expect(back.meshes).toEqual([]);
  });

  it('warns about morph targets, cameras, lights and non-triangle primitives', async () => {
    const scene = meshScene('extras', [[{ ...triangle(), targets: [{ POSITION: new Float32Array(9) }] }, { ...triangle(), mode: 'LINES' }]]);
    scene.cameras.push({ type: 'perspective', znear: 0.1 });
    scene.lights.push({ type: 'point', color: [1, 1, 1], intensity: 1 });
    addNode(scene, { name: 'camera', camera: 0 });
    const result = writeO3d(scene);
    expect(codes(result)).toEqual(expect.arrayContaining(['O3D_WRITE_MORPHS', 'O3D_WRITE_CAMERAS', 'O3D_WRITE_LIGHTS', 'O3D_WRITE_PRIMITIVE_MODE']));
    expect((await readBack(result)).meshes[0].primitives).toHaveLength(1);
  });

  it('binds vertices whose joints the skin does not have to their node\'s bone, and says so', async () => {
    const scene = skinnedStrip('badjoints', 3);
    scene.meshes[0].primitives[0].attributes.JOINTS_0![0] = 99;
    scene.meshes[0].primitives[0].attributes.WEIGHTS_0![4] = -1;
    const result = writeO3d(scene);
    expect(codes(result)).toContain('O3D_WRITE_WEIGHTS');
    await readBack(result);
  });

  it('never changes the scene it writes', () => {
    const scene = skinnedStrip('frozen', 4);
    const before = JSON.stringify(scene, (_, v) => (ArrayBuffer.isView(v) ? Array.from(v as Float32Array) : v));
    writeO3d(scene);
    expect(JSON.stringify(scene, (_, v) => (ArrayBuffer.isView(v) ? Array.from(v as Float32Array) : v))).toBe(before);
  });
});
