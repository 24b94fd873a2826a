/**
 * Reusable space of one O3D write (no module state): the weld's table, map and first vertices, and
 * words for parts of the output that are not aligned for a typed view. Typed stores measured 1.3–1.7×
 * faster than DataView ones here (records of 65,535 vertices: 7.5 ms aligned in place, 10 ms into
 * this space and copied, 12.5 ms through a DataView).
 */
import { keepMapAlive } from '@relic3d/core';
import { LITTLE_ENDIAN, leBytes } from './arrays.js';

export class WriteScratch {
  /** The weld's hash slots (vertex-list.ts). */
  table = new Int32Array(0);
  /** Written vertex → list entry. */
  map = new Uint16Array(0);
  /** The first written vertex of each list entry. */
  first = new Uint32Array(0);
  private space = new ArrayBuffer(0);
  /** The largest part `expect` was told of. */
  private largest = 0;

  /**
   * A part of `bytes` this write may build in scratch space (told on the counting pass too), so the
   * space is made once at the largest size: growing it part by part made 3.2 MB of buffers for the
   * 1.5 MB the bench's skinned model needs.
   */
  expect(bytes: number): void {
    if (bytes > this.largest) this.largest = bytes;
  }

  /** `bytes` of space whose contents are left over from an earlier use. */
  spaceOf(bytes: number): ArrayBuffer {
    if (this.space.byteLength < bytes) this.space = new ArrayBuffer(Math.max(bytes, this.largest));
    return this.space;
  }
}

/**
 * Where to build a part of the output: its own memory (little-endian host), at its place when that is
 * aligned, else up to 3 bytes later and moved down by `finishPart`; scratch space when the output has
 * no room there (or on a big-endian host), which `finishPart` copies in.
 */
export interface PartMemory {
  buffer: ArrayBuffer;
  offset: number;
  inPlace: boolean;
}

export function partMemory(view: DataView, at: number, bytes: number, align: 2 | 4, scratch: WriteScratch): PartMemory {
  const offset = view.byteOffset + at;
  if (LITTLE_ENDIAN) {
    const shift = (align - (offset % align)) % align;
    // The output is written in order: the bytes after a part are not written yet, so it may be built a little later
    // there (no 2.5 MB of scratch per skinned bench write: the census in bench/src/o3dw-alloc.ts).
    if (at + bytes + shift <= view.byteLength) return { buffer: view.buffer as ArrayBuffer, offset: offset + shift, inPlace: shift === 0 };
  }
  return { buffer: scratch.spaceOf(bytes), offset: 0, inPlace: false };
}

/**
 * Moves a part built past its place (`words`, a typed view of it) to `at` of `view`, or copies one
 * built in scratch space there. A plain function, not a closure per part: a new closure at one call
 * site deoptimised the hot loops around it.
 */
export function finishPart(memory: PartMemory, view: DataView, at: number, words: Int32Array | Uint32Array | Uint16Array | Float32Array): void {
  if (memory.inPlace) return;
  const to = view.byteOffset + at;
  if (memory.buffer === view.buffer) new Uint8Array(view.buffer).copyWithin(to, memory.offset, memory.offset + words.byteLength);
  else new Uint8Array(view.buffer, to, words.byteLength).set(leBytes(words));
}

// One record kept, fields in the order partMemory makes them: a literal's map is held by no literal (V8's map cache holds it weakly), and the loops that read these
// records were compiled again after every full GC that took a write's records (ms3d's output.ts).
keepMapAlive({ buffer: new ArrayBuffer(0), offset: 0, inPlace: false } satisfies PartMemory);
