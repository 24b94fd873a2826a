// compactTriangles (a block's triangles over its own vertices) on every path against its twin, and
// a hand-checked block.
import { describe, expect, it } from 'vitest';
import { compactTriangles, withInput } from '../src/index.js';
import { compactTrianglesJS } from '../src/reference.js';
import { rng, variants } from './setup.js';

describe('compactTriangles', () => {
  it('renumbers by first use in a, c, b order, reverses the winding and drops triangles past the vertices', async () => {
    // Vertices 7, 3, 9 then 9, 3, 5; a triangle naming vertex 12 of 10 is dropped.
    const indices = Uint16Array.of(7, 3, 9, 12, 0, 1, 9, 3, 5, 4, 4);
    for (const variant of [...(await variants()), undefined]) {
      const r = compactTriangles(indices, 10, undefined, { variant, kernels: variant ? 'wasm' : 'js' });
      // a=7 → 0, c=9 → 1, b=3 → 2; then a=9 (1), c=5 → 3, b=3 (2); the trailing pair is no triangle.
      expect(Array.from(r.source)).toEqual([7, 9, 3, 5]);
      expect(Array.from(r.indices)).toEqual([0, 1, 2, 1, 3, 2]);
      expect(r.indices).toBeInstanceOf(Uint16Array);
      expect(r.dropped).toBe(1);
    }
  });

  it('gives the twin\'s arrays on random blocks, u16 and u32 input, small and > 65,535 vertex lists, placed or copied', async () => {
    const random = rng(31);
    for (const [vertexCount, triangles, Ctor] of [[0, 3, Uint16Array], [50, 200, Uint16Array], [60000, 20000, Uint16Array], [70000, 30000, Uint32Array], [300, 100, Uint32Array]] as const) {
      const values = Array.from({ length: triangles * 3 }, () => Math.floor(random() * (vertexCount * 1.01 + 1)));
      const indices = Ctor === Uint16Array ? Uint16Array.from(values) : Uint32Array.from(values);
      const remap = new Int32Array(vertexCount).fill(-1);
      const expected = compactTrianglesJS(indices, vertexCount, remap);
      expect(remap.every((x) => x === -1)).toBe(true);
      const fresh = compactTrianglesJS(indices, vertexCount);
      for (const variant of await variants()) {
        for (const r of [compactTriangles(indices, vertexCount, undefined, { variant }), withInput(new Uint8Array(indices.buffer), () => compactTriangles(indices, vertexCount, undefined, { variant }), { variant })]) {
          expect(r.indices.constructor).toBe(expected.indices.constructor);
          expect(Array.from(r.indices)).toEqual(Array.from(expected.indices));
          expect(Array.from(r.source)).toEqual(Array.from(expected.source));
          expect(r.dropped).toBe(expected.dropped);
        }
      }
      expect(Array.from(fresh.indices)).toEqual(Array.from(expected.indices));
    }
  });

  it('refuses an index array of another type or a vertex count that is no count', async () => {
    for (const variant of [...(await variants()), undefined]) {
      const options = { variant, kernels: variant ? ('wasm' as const) : ('js' as const) };
      expect(() => compactTriangles(Float32Array.of(0, 1, 2) as never, 3, undefined, options)).toThrow(TypeError);
      expect(() => compactTriangles(Uint16Array.of(0, 1, 2), -1, undefined, options)).toThrow(RangeError);
    }
  });
});
