/**
 * A planned object's vertex records and indices, written straight from the scene's arrays into the
 * output (docs/formats/o3d.md §2.3, §2.4): positions and normals mirrored on Z, corners clockwise.
 */
import type { Span } from '../plan.js';

/** NORMALVERTEX records (position, normal, uv: 32 bytes) or SKINVERTEX records (position, w1 w2, idxA idxB as u16, normal, uv: 44 bytes). */
export function writeRecords(view: DataView, at: number, spans: readonly Span[], skin: boolean): void {
  const size = skin ? 44 : 32;
  for (const span of spans) {
    const { order, count } = span;
    const { positions: p, normals: n, uvs: t, influences, mirrored = false } = span.source;
    const base = at + span.first * size;
    // Position at 0; the normal after it, at 12 or (skinned, after weights and indices) at 24.
    const normalAt = skin ? 24 : 12;
    for (let k = 0, o = base; k < count; k++, o += size) {
      const v = order === undefined ? k : order[k];
      const v3 = v * 3;
      view.setFloat32(o, p[v3], true);
      view.setFloat32(o + 4, p[v3 + 1], true);
      view.setFloat32(o + 8, mirrored ? p[v3 + 2] : 0 - p[v3 + 2], true);
      if (n !== undefined) {
        view.setFloat32(o + normalAt, n[v3], true);
        view.setFloat32(o + normalAt + 4, n[v3 + 1], true);
        view.setFloat32(o + normalAt + 8, 0 - n[v3 + 2], true);
      }
      if (t !== undefined) {
        view.setFloat32(o + normalAt + 12, t[v * 2], true);
        view.setFloat32(o + normalAt + 16, t[v * 2 + 1], true);
      }
    }
    if (skin && influences) weightsAndIndices(view, base, span);
  }
}

/** w1, w2 and the stored indices of a skinned span's records (idxB is idxA's when w2 is 0). */
function weightsAndIndices(view: DataView, base: number, span: Span): void {
  const { order, count } = span;
  const { bones, weights } = span.source.influences!;
  const slots = span.slots!;
  for (let k = 0, o = base; k < count; k++, o += 44) {
    const v = order === undefined ? k : order[k];
    const w2 = weights[v * 2 + 1];
    view.setFloat32(o + 12, weights[v * 2], true);
    view.setFloat32(o + 16, w2, true);
    const a = slots[bones[v * 2]] ?? 0;
    view.setUint16(o + 20, a, true);
    view.setUint16(o + 22, w2 > 0 ? (slots[bones[v * 2 + 1]] ?? 0) : a, true);
  }
}

/** Every span's triangles as WORD indices of written vertices, clockwise (a, c, b). */
export function writeIndices(view: DataView, at: number, spans: readonly Span[]): void {
  for (const span of spans) {
    const { triangles: t, first, order, remap } = span;
    let o = at + span.start * 2;
    if (order === undefined) {
      for (let k = 0, n = t.length; k < n; k += 3, o += 6) {
        view.setUint16(o, first + t[k], true);
        view.setUint16(o + 2, first + t[k + 2], true);
        view.setUint16(o + 4, first + t[k + 1], true);
      }
      continue;
    }
    // The numbering the plan found (emit.ts), set again in the primitive's table and cleared after.
    const table = remap!;
    for (let k = 0; k < span.count; k++) table[order[k]] = first + k;
    for (let k = 0, n = t.length; k < n; k += 3, o += 6) {
      view.setUint16(o, table[t[k]], true);
      view.setUint16(o + 2, table[t[k + 2]], true);
      view.setUint16(o + 4, table[t[k + 1]], true);
    }
    for (let k = 0; k < span.count; k++) table[order[k]] = -1;
  }
}
