import { describe, expect, it } from 'vitest';
import * as kernels from '../src/index.js';
import {
  bakeAnimation,
  deinterleave,
  groupRecords,
  packSkinWeights,
  skinVertices,
  unpackGroupedInfluences,
  unpackInfluences,
  unweld,
  unweldByVertex,
  widenIndices,
  type BakeClipInput,
  type InfluenceLayout,
} from '../src/index.js';
import { bakeAnimationJS, deinterleaveJS, skinVerticesJS, unweldByVertexJS, unweldJS, widenIndicesJS } from '../src/reference.js';
import { variants } from './setup.js';

/** Every path: the TypeScript reference ('js') and each WASM build. */
async function paths(): Promise<({ kernels: 'js' } | { variant: kernels.Variant })[]> {
  return [{ kernels: 'js' }, ...(await variants()).map((variant) => ({ variant }))];
}

const identity = Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

/** One joint with two translation keys; `offsets` replaced by the caller's array. */
function clip(offsets: ArrayLike<number>): BakeClipInput {
  return {
    parents: [-1],
    inverseBindMatrices: identity,
    translation: { offsets: offsets as Uint32Array, times: Float32Array.of(0, 1), values: Float32Array.of(0, 0, 0, 1, 2, 3) },
    frameTimes: Float32Array.of(0, 0.5, 1),
  };
}

describe('bakeAnimation refuses key offsets that are not a Uint32Array', () => {
  it('an Int32Array with negative offsets (the WASM path read before the key buffers)', async () => {
    // Non-decreasing and ending at 2, so the range checks pass; the first key would be at −4.
    const input = clip(Int32Array.of(-4, 2));
    for (const options of await paths()) {
      expect(() => bakeAnimation(input, options)).toThrow(TypeError);
      expect(() => bakeAnimation(input, options)).toThrow(/translation\.offsets must be a Uint32Array, got Int32Array\(2\)/);
    }
    expect(() => bakeAnimationJS(input)).toThrow(TypeError);
  });

  it('a Float32Array (its bit patterns were read as offsets) and a plain array', async () => {
    for (const offsets of [Float32Array.of(0, 2), [0, 2]]) {
      for (const options of await paths()) expect(() => bakeAnimation(clip(offsets), options)).toThrow(TypeError);
    }
  });

  it('other arrays of the wrong element type: times, values, frame times, matrices, rest pose', async () => {
    const good = clip(Uint32Array.of(0, 2));
    const bad: [string, BakeClipInput][] = [
      ['times', { ...good, translation: { ...good.translation!, times: Float64Array.of(0, 1) as never } }],
      ['values', { ...good, translation: { ...good.translation!, values: [0, 0, 0, 1, 2, 3] as never } }],
      ['frameTimes', { ...good, frameTimes: Float64Array.of(0, 1) as never }],
      ['inverseBindMatrices', { ...good, inverseBindMatrices: Array.from(identity) as never }],
      ['restRotation', { ...good, restRotation: Float64Array.of(0, 0, 0, 1) as never }],
      ['parents', { ...good, parents: 'x' as never }],
    ];
    for (const options of await paths()) {
      for (const [name, input] of bad) expect(() => bakeAnimation(input, options), name).toThrow(new RegExp(`${name}`));
    }
    // The good input still bakes, identically on every path.
    const ref = bakeAnimationJS(good);
    expect(Array.from(ref.subarray(16 + 12, 16 + 15))).toEqual([0.5, 1, 1.5]);
    for (const options of await paths()) expect(Array.from(bakeAnimation(good, options))).toEqual(Array.from(ref));
  });
});

describe('widenIndices refuses element types it has no kernel for', () => {
  it('a Float64Array skipped the vertex-count check on the WASM path', async () => {
    const indices = Float64Array.of(0, 70000, 1);
    for (const options of await paths()) {
      expect(() => widenIndices(indices as never, { ...options, vertexCount: 3 })).toThrow(TypeError);
      expect(() => widenIndices(indices as never, { ...options, vertexCount: 3 })).toThrow(/Uint8Array or Uint16Array or Uint32Array, got Float64Array\(3\)/);
    }
    expect(() => widenIndicesJS(Int16Array.of(-1) as never, { vertexCount: 3 })).toThrow(TypeError);
  });

  it('a vertex count that is not a non-negative integer (NaN skipped the check)', async () => {
    for (const options of await paths()) {
      for (const vertexCount of [NaN, -1, 1.5, '3' as never]) {
        expect(() => widenIndices(Uint8Array.of(200), { ...options, vertexCount })).toThrow(RangeError);
      }
    }
  });
});

describe('the other kernels check their array types on every path', () => {
  it('deinterleave, unweld, unweldByVertex', async () => {
    const layout = { a: { offset: 0, type: 'f32', components: 1 } } as const;
    for (const options of await paths()) {
      expect(() => deinterleave(new Float32Array(4) as never, 4, 4, layout, options)).toThrow(/bytes must be a Uint8Array/);
      expect(() => unweld(Float64Array.of(1, 2) as never, 1, 2, options)).toThrow(/keys must be a Uint32Array/);
      expect(() => unweld(Int32Array.of(1, 2) as never, 1, 2, options)).toThrow(TypeError);
      expect(() => unweldByVertex(Int32Array.of(0, 1) as never, 2, undefined, 0, options)).toThrow(/primary must be a Uint32Array/);
      expect(() => unweldByVertex(Uint32Array.of(0, 1), 2, Float32Array.of(1, 2) as never, 1, options)).toThrow(/keys must be a Uint32Array/);
    }
    expect(() => deinterleaveJS([1, 2, 3, 4] as never, 4, 1, layout)).toThrow(TypeError);
    expect(() => unweldJS([1] as never, 1, 1)).toThrow(TypeError);
    expect(() => unweldByVertexJS([0] as never, 1, undefined, 0)).toThrow(TypeError);
  });

  it('skin-weight packing and unpacking', async () => {
    for (const options of await paths()) {
      expect(() => packSkinWeights(1, 1, 'ab' as never, [1], options)).toThrow(/joints must be an array or a typed array/);
      expect(() => packSkinWeights(1, 1, [0], new DataView(new ArrayBuffer(8)) as never, options)).toThrow(TypeError);
      expect(() => packSkinWeights(1, 1, BigInt64Array.of(0n) as never, [1], options)).toThrow(TypeError);
      const layout: InfluenceLayout = { strides: [8], joints: [{ offset: 0, type: 'u16' }], weights: [{ offset: 4, type: 'f32' }] };
      expect(() => unpackInfluences([new Uint16Array(4) as never], 1, layout, options)).toThrow(/streams\[0\] must be a Uint8Array/);
      expect(() => unpackInfluences([new Uint8Array(8)], 1, layout, { ...options, palette: 'ab' as never })).toThrow(/palette must be an array/);
      expect(() => unpackGroupedInfluences([0, 0, 0, 0, 0, 0, 0, 0] as never, 1, 1, layout, { endMask: 0x80, maxPerVertex: 4 }, options)).toThrow(/bytes must be a Uint8Array/);
      expect(() => groupRecords(new Float32Array(2) as never, 1, 1, 8, { offset: 0, type: 'u16' }, { endMask: 0x80, maxPerVertex: 4 }, options)).toThrow(/bytes must be a Uint8Array/);
    }
  });

  it('skinVertices', async () => {
    const positions = new Float32Array(3), joints = new Uint16Array(4), weights = Float32Array.of(1, 0, 0, 0), out = new Float32Array(3);
    for (const options of await paths()) {
      // Uint32 joints were read as pairs of u16 on the WASM path.
      expect(() => skinVertices(positions, new Uint32Array(4) as never, weights, identity, out, undefined, undefined, options)).toThrow(/joints must be a Uint16Array/);
      expect(() => skinVertices(Float64Array.of(1, 2, 3) as never, joints, weights, identity, out, undefined, undefined, options)).toThrow(/positions must be a Float32Array/);
      expect(() => skinVertices(positions, joints, weights, identity, out, [0, 0, 1] as never, new Float32Array(3), options)).toThrow(/normals must be a Float32Array/);
    }
    skinVerticesJS(Float32Array.of(1, 2, 3), joints, weights, identity, out);
    expect(Array.from(out)).toEqual([1, 2, 3]);
  });
});

describe('raw module access stays inside the package', () => {
  it('the main entry exports no module, memory or pointer-taking function', () => {
    // wasmModule() handed out the instance: its kernels take raw addresses, so a caller could
    // overwrite the static weight tables (UNORM/PERCENT) and corrupt every later call.
    expect(Object.keys(kernels)).not.toContain('wasmModule');
    expect(Object.keys(kernels)).not.toContain('WasmModule');
    for (const [name, value] of Object.entries(kernels)) {
      expect(value instanceof WebAssembly.Memory || value instanceof WebAssembly.Instance || value instanceof WebAssembly.Module, name).toBe(false);
    }
  });

  it('u8 weights / 255 are exact after every other kernel has run', async () => {
    const records = new Uint8Array(8);
    records[4] = 255; // joint 0 at weight 255/255
    const layout: InfluenceLayout = { strides: [8], joints: [{ offset: 0, type: 'u16' }, { offset: 2, type: 'u16' }], weights: [{ offset: 4, type: 'u8' }, { offset: 5, type: 'u8' }], weightDivisor: 255 };
    for (const variant of await variants()) {
      widenIndices(new Uint8Array(1000).fill(7), { variant });
      const skin = unpackInfluences([records], 1, layout, { variant });
      expect(Array.from(skin.weights)).toEqual([1, 0, 0, 0]);
    }
  });
});
