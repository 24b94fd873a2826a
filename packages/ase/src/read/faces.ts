import type { Ctx } from './blocks.js';
import { faceRows } from './mesh-rows.js';
import { ints, type Grow } from './growable.js';
import { bytesOf, endEntry, listOther, openList } from './lists.js';

const KW_MESH_FACE = bytesOf('MESH_FACE');
const KW_MESH_SMOOTHING = bytesOf('MESH_SMOOTHING');
const KW_MESH_MTLID = bytesOf('MESH_MTLID');

/** `*MESH_FACE_LIST` entries in file order. */
export interface FaceLists {
  index: Grow<Int32Array>;
  /** A B C AB BC CA per entry (NaN never stored: a face without its corners fails). */
  data: Grow<Int32Array>;
  smooth: Grow<Int32Array>;
  mtl: Grow<Int32Array>;
}

/** Empty lists for `cap` faces; one shape, whose map hidden-classes.ts keeps. */
export const faceLists = (cap: number): FaceLists => ({ index: ints(cap), data: ints(cap * 6), smooth: ints(cap), mtl: ints(cap) });

/** Face lines: `i[:] A: a B: b C: c (AB: e BC: e CA: e)?`, then `*MESH_SMOOTHING` and `*MESH_MTLID` keywords. */
export function readFaceList(ctx: Ctx, lists: FaceLists, above32: number[]): void {
  const tk = ctx.tk;
  const groups: number[] = [];
  const { index, data, smooth, mtl } = lists;
  // A B C AB BC CA of the current line (typed, so values never box); `corners` marks A B C as given.
  const slots = new Int32Array(6);
  const scratch = new Int32Array(1);
  const row = ctx.row;
  const open = openList(tk, 'MESH_FACE_LIST');
  for (;;) {
    // The exporters' form, with its `*MESH_SMOOTHING g *MESH_MTLID m` when it follows, a run at a time.
    if (faceRows(tk, row, lists)) continue;
    if (tk.quickKeyword(KW_MESH_FACE)) {
      tk.numberInto(index.reserve(1), index.length++, true, 'a face index');
      slots[3] = slots[4] = slots[5] = -1;
      let corners = 0;
      let positional = 0;
      for (;;) {
        // Fast path: `A: 12` with the label and its value in the common forms.
        let label = tk.quickLabel();
        if (label >= 0) {
          if (tk.quickInto(slots, label, true)) {
            corners |= 1 << label;
            continue;
          }
        } else {
          if (!tk.hasValue()) break;
          label = tk.faceLabel();
          if (label >= 0) tk.take();
        }
        if (label >= 0) {
          if (tk.hasValue()) {
            tk.numberInto(slots, label, true, 'a face label value');
            corners |= 1 << label;
          }
        } else if (positional < 3) {
          tk.numberInto(slots, positional, true, 'a face corner');
          corners |= 1 << positional++;
        } else tk.take();
      }
      // Missing corners break the line; out-of-range corners are dropped later with a warning.
      if ((corners & 7) !== 7) tk.fail('A: B: C: corners of *MESH_FACE', 'BAD_VALUE');
      const out = data.reserve(6);
      for (let i = 0; i < 6; i++) out[data.length++] = slots[i];
      smooth.push(0);
      mtl.push(0);
      endEntry(tk);
    } else if (tk.quickKeyword(KW_MESH_SMOOTHING)) {
      if (index.length) {
        let mask = 0;
        // The common single group first, then any (comma) list.
        if (tk.quickInto(scratch, 0, true)) {
          const g = scratch[0];
          if (g >= 1 && g <= 32) mask |= 1 << (g - 1);
          else if (g > 32) above32.push(index.length - 1, g);
        }
        if (tk.hasValue()) {
          groups.length = 0;
          tk.intList(groups);
          for (const g of groups) {
            if (g >= 1 && g <= 32) mask |= 1 << (g - 1);
            else if (g > 32) above32.push(index.length - 1, g);
          }
        }
        smooth.data[smooth.length - 1] = mask;
      }
      endEntry(tk);
    } else if (tk.quickKeyword(KW_MESH_MTLID)) {
      if (index.length) tk.numberInto(mtl.data, mtl.length - 1, true, 'a material id');
      endEntry(tk);
    } else if (listOther(tk, tk.peek(), 'MESH_FACE_LIST', open)) return;
  }
}
