// Hostile input to optimizeGlb: typed errors only, and the memory budget (8 × input + 64 MB) checked
// before glTF-Transform allocates what a small compressed file declares.
import { describe, expect, it } from 'vitest';
import { isFormatError, isWriteError } from '@relic3d/core';
import { memoryBudget, peakOf } from '@relic3d/test-harness/peak-memory';
import { corpusModels } from '../corpus-scenes.js';
import { optimizeGlb } from '../../src/index.js';
import { plainGlb } from './helpers.js';

/** A .glb of `json` and `bin`, each chunk padded to 4 bytes. */
function glbOf(json: unknown, bin = new Uint8Array(0)): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = Math.ceil(text.length / 4) * 4;
  const binLength = Math.ceil(bin.length / 4) * 4;
  const total = 12 + 8 + jsonLength + (bin.length ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(text, 20);
  if (bin.length) {
    view.setUint32(20 + jsonLength, binLength, true);
    view.setUint32(24 + jsonLength, 0x004e4942, true);
    out.set(bin, 28 + jsonLength);
  }
  return out;
}

/** One triangle whose POSITION accessor claims `count` vertices (a meshopt-style decompression bomb). */
const bomb = (count: number) =>
  glbOf(
    {
      asset: { version: '2.0' },
      buffers: [{ byteLength: 36 }],
      bufferViews: [{ buffer: 0, byteLength: 36 }],
      accessors: [{ bufferView: 0, componentType: 5126, count, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      nodes: [{ mesh: 0 }],
      scenes: [{ nodes: [0] }],
    },
    new Uint8Array(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]).buffer),
  );

async function rejection(input: Uint8Array): Promise<unknown> {
  try {
    await optimizeGlb(input);
  } catch (e) {
    return e;
  }
  throw new Error('optimizeGlb accepted hostile input');
}

describe('optimizeGlb refuses hostile input with typed errors', () => {
  it('an accessor declaring 2^30 vertices in a 200-byte file: WriteError OVER_LIMIT, nothing allocated for it', async () => {
    const input = bomb(2 ** 30);
    const { error, peak } = await peakOf(() => optimizeGlb(input));
    expect(isWriteError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'OVER_LIMIT', format: 'glb' });
    expect(peak).toBeLessThan(memoryBudget(input.byteLength));
  });

  it('an accessor past its buffer view (declared 1000 vertices, 3 stored) is a FormatError BAD_SIZE naming it', async () => {
    const e = await rejection(bomb(1000));
    expect(isFormatError(e), String(e)).toBe(true);
    expect(e).toMatchObject({ code: 'BAD_SIZE', message: expect.stringContaining('accessors[0]') });
  });

  it('a buffer view past its buffer is a FormatError BAD_SIZE', async () => {
    const e = await rejection(glbOf({ asset: { version: '2.0' }, buffers: [{ byteLength: 4 }], bufferViews: [{ buffer: 0, byteLength: 4096 }] }, new Uint8Array(4)));
    expect(e).toMatchObject({ code: 'BAD_SIZE', message: expect.stringContaining('bufferViews[0]') });
  });

  it.each([
    ['no bytes', new Uint8Array(0)],
    ['not glTF', new TextEncoder().encode('solid cube\nendsolid')],
    ['a truncated header', new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0])],
    ['JSON that is not an object', glbOf([1, 2, 3])],
    ['glTF version 1', glbOf({ asset: { version: '1.0' } })],
  ])('%s: FormatError', async (_label, input) => {
    const e = await rejection(input);
    expect(isFormatError(e), String(e)).toBe(true);
  });

  it('a required extension nobody knows: FormatError UNSUPPORTED', async () => {
    const e = await rejection(glbOf({ asset: { version: '2.0' }, extensionsUsed: ['EXT_from_the_future'], extensionsRequired: ['EXT_from_the_future'] }));
    expect(isFormatError(e), String(e)).toBe(true);
    expect(e).toMatchObject({ code: 'UNSUPPORTED' });
  });
});

describe('memory of a real optimisation', () => {
  it('the largest corpus model optimises within 8 × its .glb + 64 MB', async () => {
    const all = corpusModels();
    if (!all.length) return;
    let largest: Uint8Array | undefined;
    for (const [, entry] of all) {
      const glb = await plainGlb(entry);
      if (!largest || glb.byteLength > largest.byteLength) largest = glb;
    }
    await optimizeGlb(largest!); // encoders loaded before measuring: they are loaded once per process
    const { error, peak } = await peakOf(() => optimizeGlb(largest!));
    expect(error).toBeUndefined();
    expect(peak).toBeLessThan(memoryBudget(largest!.byteLength));
  });
});
