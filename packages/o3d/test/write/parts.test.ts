// Parts of the output built in place (src/write/bytes/scratch.ts): a part whose place is not aligned for
// its typed view is built up to 3 bytes past it, in the output itself, and moved down, so no scratch
// space is made; without room there (the end of the output) it is built in scratch space and copied.
import { describe, expect, it } from 'vitest';
import { finishPart, partMemory, WriteScratch } from '../../src/write/bytes/scratch.js';

/** Writes 1000 + k at word k of a part of `words` words at byte `at` of a `size`-byte output; returns the output and the scratch's size. */
function writePart(size: number, at: number, words: number): { out: Uint8Array; scratchBytes: number } {
  const out = new Uint8Array(size).fill(0xee);
  const view = new DataView(out.buffer);
  const scratch = new WriteScratch();
  const memory = partMemory(view, at, words * 4, 4, scratch);
  const part = new Int32Array(memory.buffer, memory.offset, words);
  for (let k = 0; k < words; k++) part[k] = 1000 + k;
  finishPart(memory, view, at, part);
  return { out, scratchBytes: scratch.spaceOf(0).byteLength };
}

describe('parts built in place', () => {
  it.each([0, 1, 2, 3])('writes a part at offset %i: the same bytes, the bytes before it untouched, no scratch while the output has room', (at) => {
    const { out, scratchBytes } = writePart(64, at, 8);
    const view = new DataView(out.buffer);
    expect(Array.from({ length: 8 }, (_, k) => view.getInt32(at + k * 4, true))).toEqual([1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007]);
    expect(Array.from(out.subarray(0, at))).toEqual(new Array(at).fill(0xee));
    expect(scratchBytes).toBe(0);
  });

  it('builds a part in scratch space when it ends the output unaligned (no room past it), with the same bytes', () => {
    const { out, scratchBytes } = writePart(33, 1, 8);
    const view = new DataView(out.buffer);
    expect(Array.from({ length: 8 }, (_, k) => view.getInt32(1 + k * 4, true))).toEqual([1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007]);
    expect([out[0], scratchBytes]).toEqual([0xee, 32]);
  });
});
