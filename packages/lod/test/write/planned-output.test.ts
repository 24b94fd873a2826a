// The writer's two passes (chunks.ts, index.ts): counted, then written into one buffer of exactly
// that size. An over-size file is refused before any output exists; the counting pass says no
// warning; index lists narrowed straight into the output read back at either byte parity.
import { ByteWriter, addNode, createScene, type Scene } from '@relic3d/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeLod } from '../../src/index.js';
import { lodOf, meshScene, refusal, roundTrip } from './helpers.js';

afterEach(() => vi.restoreAllMocks());

/** A strip of `n` distinct vertices (n − 2 triangles), so its index lists are `n` wide. */
function strip(name: string, n: number): Scene {
  const POSITION = new Float32Array(n * 3);
  for (let v = 0; v < n; v++) POSITION.set([v >> 1, v & 1, v * 0.5], v * 3);
  const indices: number[] = [];
  for (let v = 0; v + 2 < n; v++) indices.push(v, v + 1, v + 2);
  return meshScene(name, [{ attributes: { POSITION }, indices: Uint32Array.from(indices), mode: 'TRIANGLES' }]);
}

describe('planned output', () => {
  it('unknown chunks adding up past the Integer Size of LOD1: refused by the counting pass, before the output is made', () => {
    const scene = createScene('test');
    // 129 chunks of one shared 16 MiB array: 2.1 GB of file from 16 MiB of scene.
    const data = new Uint8Array(2 ** 24);
    scene.extras.unknownChunks = Array.from({ length: 129 }, () => ({ id: 'USR1', parent: 'LOD1', count: 1, data }));
    const planned = vi.spyOn(ByteWriter, 'planned');
    const e = refusal(() => writeLod(scene));
    expect([e.code, e.limit, e.max]).toEqual(['OVER_LIMIT', 'LOD1 chunk bytes', 0x7fffffff]);
    expect(e.value).toBe(129 * (12 + 2 ** 24));
    expect(planned).not.toHaveBeenCalled();
  });

  it('says each warning once (the counting pass is silent) and counts non-finite values once', () => {
    const scene = strip('head\0tail', 4);
    // The colour is written as the light's diffuse and its specular (lights.ts): 2 values, not 4.
    scene.lights.push({ type: 'point', color: [NaN, 1, 1], intensity: 1 });
    addNode(scene, { name: 'lamp', light: 0 });
    // A chunk the reader skipped inside another container: not written back, said while writing the chunks.
    scene.extras.unknownChunks = [{ id: 'USR1', parent: 'MSL1', count: 0, data: Uint8Array.of(1) }];
    const result = writeLod(scene, { upAxis: 'y' });
    expect(result.warnings.map((w) => w.code).sort()).toEqual(['LOD_WRITE_NAME_NUL', 'LOD_WRITE_NOT_FINITE', 'LOD_WRITE_SKIPPED_CHUNKS']);
    expect(result.warnings.find((w) => w.code === 'LOD_WRITE_NOT_FINITE')!.message).toMatch(/^2 non-finite values/);
  });

  it('the file is the planned buffer itself: exactly its size, no slack and no final copy', () => {
    const file = lodOf(writeLod(strip('s', 40), { upAxis: 'y' }));
    expect([file.byteOffset, file.buffer.byteLength]).toEqual([0, file.length]);
  });

  it('two-byte index lists narrowed into the output read back at an even and an odd offset', () => {
    const lengths = ['a', 'ab'].map((name) => {
      const scene = strip(name, 300);
      const { file, back } = roundTrip(scene);
      const src = scene.meshes[0].primitives[0], got = back.meshes[0].primitives[0];
      const corners = src.indices!.length;
      expect(got.indices!.length).toBe(corners);
      const wrong: number[] = [];
      for (let c = 0; c < corners; c++) {
        for (let k = 0; k < 3; k++) if (got.attributes.POSITION[got.indices![c] * 3 + k] !== src.attributes.POSITION[src.indices![c] * 3 + k]) wrong.push(c);
      }
      expect(wrong).toEqual([]);
      return file.length;
    });
    // The name is written once, before the lists: the longer one moves them by one byte.
    expect(lengths[1] - lengths[0]).toBe(1);
  });
});
