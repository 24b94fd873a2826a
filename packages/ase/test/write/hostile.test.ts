// Hostile scenes: refused with a typed WriteError, or written (with warnings) into a file that parses cleanly.
import { addNode, createScene, isWriteError, type Scene } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { writeAse } from '../../src/index.js';
import { codes, numbers, write } from './helpers.js';
import { cube } from './scenes.js';

function refusal(scene: Scene, options = {}) {
  try {
    writeAse(scene, options);
  } catch (error) {
    expect(isWriteError(error)).toBe(true);
    return error as Error & { code: string; limit: string; value: unknown; max?: unknown };
  }
  throw new Error('not refused');
}

describe('hostile scenes', () => {
  it('an empty scene: a file with no objects that parses', () => {
    const w = write(createScene('test'));
    expect(w.text.startsWith('*3DSMAX_ASCIIEXPORT\t200\n')).toBe(true);
    expect(numbers(w.text, 'MATERIAL_COUNT')).toEqual([[0]]);
    expect(w.back.nodes).toEqual([]);
    expect(w.back.warnings).toEqual([]);
  });

  it('70,000 vertices: ASE has no vertex limit; all are written and read back', () => {
    const scene = createScene('test');
    const n = 70_000;
    const position = new Float32Array(n * 3);
    for (let v = 0; v < n; v++) position.set([v % 300, Math.floor(v / 300), (v % 7) * 0.1], v * 3);
    const indices = new Uint32Array((n - 2) * 3);
    for (let t = 0; t < n - 2; t++) indices.set(t % 2 ? [t, t + 2, t + 1] : [t, t + 1, t + 2], t * 3);
    scene.meshes.push({ name: 'strip', primitives: [{ attributes: { POSITION: position }, indices }] });
    addNode(scene, { name: 'Strip', mesh: 0 });
    const w = write(scene);
    expect(codes(w)).toEqual([]);
    expect(/\*MESH_NUMVERTEX (\d+)/.exec(w.text)?.[1]).toBe(String(n));
    expect(w.back.meshes[0].primitives[0].attributes.POSITION.length).toBe(n * 3);
  });

  it('a parent cycle or a reference past the arrays: INVALID_SCENE, naming the problem', () => {
    const scene = createScene('test');
    addNode(scene, { name: 'A' });
    addNode(scene, { name: 'B' }, 0);
    scene.nodes[0].parent = 1;
    scene.nodes[1].children.push(0);
    scene.roots.length = 0;
    const e = refusal(scene);
    expect(e.code).toBe('INVALID_SCENE');
    expect(e.message).toMatch(/NODE_/);
    const bad = createScene('test');
    bad.meshes.push({ name: 'box', primitives: cube().map((p) => ({ ...p, material: 3 })) });
    addNode(bad, { name: 'Box', mesh: 0 });
    expect(refusal(bad).message).toMatch(/BAD_REFERENCE.*material 3/);
  });

  it('decimals outside 0..9: OVER_LIMIT with the value and the range', () => {
    const e = refusal(createScene('test'), { decimals: 12 });
    expect([e.code, e.limit, e.value, e.max]).toEqual(['OVER_LIMIT', 'decimals', '12', '0..9']);
  });

  it('non-finite node transforms and key values are written as 0, warned', () => {
    const scene = createScene('test');
    scene.meshes.push({ name: 'box', primitives: cube() });
    addNode(scene, { name: 'Box', mesh: 0, translation: [NaN, 0, 0] });
    scene.animations.push({ name: 'a', duration: 1, channels: [{ node: 0, path: 'scale', times: Float32Array.of(0, 1), values: Float32Array.of(1, 1, 1, Infinity, 1, 1), interpolation: 'LINEAR' }] });
    const w = write(scene);
    expect(codes(w)).toContain('ASE_WRITE_NON_FINITE');
    expect(w.text).not.toMatch(/nan|inf/i);
    expect(w.back.warnings).toEqual([]);
  });

  it('fewer than three indices, or a count that is not a multiple of 3: the incomplete triangle is left out', () => {
    const scene = createScene('test');
    const [p] = cube();
    scene.meshes.push({ name: 'box', primitives: [{ ...p, indices: p.indices!.slice(0, 35) }, { ...p, indices: p.indices!.slice(0, 2) }] });
    addNode(scene, { name: 'Box', mesh: 0 });
    const w = write(scene);
    expect(codes(w)).toContain('ASE_WRITE_BAD_INDEX');
    expect(numbers(w.text, 'MESH_NUMFACES')).toEqual([[11]]);
  });
});
