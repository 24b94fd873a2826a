/**
 * A planned object's vertex records and indices, written straight from the scene's arrays into the
 * output (docs/formats/o3d.md §2.3, §2.4): positions and normals mirrored on Z, corners clockwise.
 * Typed views on the output where it is aligned, else on scratch space copied in once (scratch.ts).
 */
import type { Span } from '../plan.js';
import { finishPart, partMemory, type WriteScratch } from './scratch.js';

/** NORMALVERTEX records (position, normal, uv: 8 words) or SKINVERTEX records (position, w1 w2, idxA idxB as u16, normal, uv: 11 words). */
export function writeRecords(view: DataView, at: number, count: number, spans: readonly Span[], skin: boolean, scratch: WriteScratch): void {
  const size = skin ? 11 : 8;
  const memory = partMemory(view, at, count * size * 4, 4, scratch);
  const f32 = new Float32Array(memory.buffer, memory.offset, count * size);
  // The normal after the position, at word 3 or (skinned, after weights and indices) 6.
  const normalAt = skin ? 6 : 3;
  for (const span of spans) {
    const { order } = span;
    const { positions: p, normals: n, uvs: t, influences, mirrored = false } = span.source;
    const end = span.count;
    for (let k = 0, o = span.first * size; k < end; k++, o += size) {
      const v = order === undefined ? k : order[k];
      const v3 = v * 3;
      f32[o] = p[v3];
      f32[o + 1] = p[v3 + 1];
      f32[o + 2] = mirrored ? p[v3 + 2] : 0 - p[v3 + 2];
      // Absent normals and UVs are 0 (scratch space is not clean: written).
      const no = o + normalAt;
      if (n !== undefined) {
        f32[no] = n[v3];
        f32[no + 1] = n[v3 + 1];
        f32[no + 2] = 0 - n[v3 + 2];
      } else f32[no] = f32[no + 1] = f32[no + 2] = 0;
      if (t !== undefined) {
        f32[no + 3] = t[v * 2];
        f32[no + 4] = t[v * 2 + 1];
      } else f32[no + 3] = f32[no + 4] = 0;
    }
    if (skin) weightsAndIndices(f32, span, influences);
  }
  finishPart(memory, view, at, f32);
}

/** w1, w2 and the stored indices of a skinned span's records (idxB is idxA's when w2 is 0; none: all 0). */
function weightsAndIndices(f32: Float32Array, span: Span, influences: Span['source']['influences']): void {
  const { order, count } = span;
  const u32 = new Uint32Array(f32.buffer, f32.byteOffset, f32.length);
  const slots = span.slots;
  for (let k = 0, o = span.first * 11; k < count; k++, o += 11) {
    if (!influences || !slots) {
      f32[o + 3] = f32[o + 4] = 0;
      u32[o + 5] = 0;
      continue;
    }
    const v = order === undefined ? k : order[k];
    const w2 = influences.weights[v * 2 + 1];
    f32[o + 3] = influences.weights[v * 2];
    f32[o + 4] = w2;
    const a = (slots[influences.bones[v * 2]] ?? 0) & 0xffff;
    const b = w2 > 0 ? (slots[influences.bones[v * 2 + 1]] ?? 0) & 0xffff : a;
    // idxA then idxB, little-endian u16s: one word.
    u32[o + 5] = a | (b << 16);
  }
}

/** Every span's triangles as WORD indices of written vertices, clockwise (a, c, b). */
export function writeIndices(view: DataView, at: number, corners: number, spans: readonly Span[], scratch: WriteScratch): void {
  const memory = partMemory(view, at, corners * 2, 2, scratch);
  const out = new Uint16Array(memory.buffer, memory.offset, corners);
  for (const span of spans) {
    const { triangles: t, first, order, remap } = span;
    let o = span.start;
    if (order === undefined) {
      for (let k = 0, n = t.length; k < n; k += 3, o += 3) {
        out[o] = first + t[k];
        out[o + 1] = first + t[k + 2];
        out[o + 2] = first + t[k + 1];
      }
      continue;
    }
    // The numbering the plan found (emit.ts), set again in the primitive's table and cleared after.
    const table = remap!;
    for (let k = 0; k < span.count; k++) table[order[k]] = first + k;
    for (let k = 0, n = t.length; k < n; k += 3, o += 3) {
      out[o] = table[t[k]];
      out[o + 1] = table[t[k + 2]];
      out[o + 2] = table[t[k + 1]];
    }
    for (let k = 0; k < span.count; k++) table[order[k]] = -1;
  }
  finishPart(memory, view, at, out);
}
