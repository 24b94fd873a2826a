// The write budget (core/write/budget.ts): 8 × the scene's own typed-array bytes + 64 MB, and the
// checks every writer makes with it before allocating.
import { describe, expect, it } from 'vitest';
import { addNode, checkDrawnCopies, createScene, drawnCopies, isWriteError, sampleClipFrames, sampledFrames, sceneDataBytes, writeBudget, type Scene } from '../src/index.js';

/** One 4-vertex, 2-triangle mesh (48 + 24 bytes) drawn by `nodes` nodes, and one 2-key clip. */
function scene(nodes: number, end = 1): Scene {
  const s = createScene('test');
  s.meshes.push({ name: 'quad', primitives: [{ attributes: { POSITION: new Float32Array(12) }, indices: new Uint32Array([0, 1, 2, 0, 2, 3]) }] });
  for (let n = 0; n < nodes; n++) addNode(s, { name: `n${n}`, mesh: 0 });
  s.animations.push({ name: 'move', duration: end, channels: [{ node: 0, path: 'translation', interpolation: 'LINEAR', times: Float32Array.of(0, end), values: new Float32Array(6) }] });
  return s;
}

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(isWriteError(e)).toBe(true);
    return e as { code: string; limit: string; value: unknown; max: unknown };
  }
  throw new Error('not refused');
};

describe('writeBudget', () => {
  it('is 8 × the typed-array bytes + 64 MB; a mesh drawn by many nodes counts once', () => {
    // 48 position bytes + 24 index bytes + 8 time bytes + 24 value bytes.
    expect(sceneDataBytes(scene(1))).toBe(104);
    expect(sceneDataBytes(scene(1000))).toBe(104);
    expect(writeBudget(scene(3))).toBe(8 * 104 + 64 * 1024 * 1024);
  });

  it('counts views of one buffer once (glTF accessors share their buffer)', () => {
    const s = scene(1);
    const buffer = new ArrayBuffer(4096);
    s.animations[0].channels[0].times = new Float32Array(buffer, 0, 2);
    s.animations[0].channels[0].values = new Float32Array(buffer, 8, 6);
    expect(sceneDataBytes(s)).toBe(48 + 24 + 4096);
  });
});

describe('drawn copies', () => {
  it('count a mesh once per drawing node, refused past the budget with the counts', () => {
    expect(drawnCopies(scene(5))).toEqual({ draws: 5, vertices: 20, triangles: 10 });
    const e = refusal(() => checkDrawnCopies('test', scene(5), 1e6, 0, 1e7));
    expect(e).toMatchObject({ code: 'OVER_LIMIT', value: 2e7, max: 1e7 });
    expect(e.limit).toContain('5 nodes, 20 vertices, 10 triangles');
  });
});

describe('sampled frames', () => {
  it('are span × rate + 1, refused before allocation past the budget or for an endless span', () => {
    expect(sampledFrames('test', 2, 30, 10, 1e6)).toBe(61);
    expect(refusal(() => sampledFrames('test', 1e9, 30, 40, 64 << 20))).toMatchObject({ code: 'OVER_LIMIT', value: 40 * (3e10 + 1) });
    expect(refusal(() => sampledFrames('test', Infinity, 30, 40, 64 << 20)).code).toBe('OVER_LIMIT');
  });

  it('sampleClipFrames refuses a clip of 2.5e38 s at once (never an allocation of 10⁴⁰ frames)', () => {
    const e = refusal(() => sampleClipFrames(scene(1, 2.5e38), 0, 30, { format: 'test' }));
    expect(e.code).toBe('OVER_LIMIT');
    expect(sampleClipFrames(scene(1, 2), 0, 30).frames).toBe(61);
  });
});
