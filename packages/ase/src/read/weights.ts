import type { AseSkinWeights } from '../file.js';
import { block, type Ctx } from './blocks.js';
import { boneVertexRow } from './fast-rows.js';
import { bytesOf, endEntry, listOther, openList } from './lists.js';
import { Tok } from './tokenizer.js';

const KW_BONE_VERTEX = bytesOf('MESH_BONE_VERTEX');

/** `*MESH_WEIGHTS`: bone names and the (bone, weight) pairs of each weighted vertex. */
export function readWeights(ctx: Ctx): AseSkinWeights {
  const tk = ctx.tk;
  const w: AseSkinWeights = { boneNames: [], vertices: [] };
  block(ctx, 'MESH_WEIGHTS', (kw) => {
    if (kw === 'MESH_BONE_LIST' && tk.peek() === Tok.Open) {
      block(ctx, kw, (inner) => {
        if (inner !== 'MESH_BONE_NAME') return;
        const boneAt = tk.start;
        const i = tk.int('a bone index');
        const name = tk.str();
        if (i >= 0 && i < w.boneNames.length + 256) {
          while (w.boneNames.length <= i) w.boneNames.push('');
          w.boneNames[i] = name;
        } else ctx.sink.warn('ASE_BAD_INDEX', `bone index ${i} out of range; dropped`, tk.inputOffset(boneAt));
      });
    } else if (kw === 'MESH_BONE_VERTEX_LIST' && tk.peek() === Tok.Open) readBoneVertices(ctx, w);
    // MESH_NUMVERTEX / MESH_NUMBONE are informational: the lists carry their own indices
  });
  return w;
}

/** `*MESH_BONE_VERTEX_LIST { … }`: rows in the exporters' form on the byte fast path, others as tokens. */
function readBoneVertices(ctx: Ctx, w: AseSkinWeights): void {
  const tk = ctx.tk;
  const row = ctx.row, ints = row.ints, floats = row.floats;
  const open = openList(tk, 'MESH_BONE_VERTEX_LIST');
  for (;;) {
    const end = boneVertexRow(tk, row);
    if (end >= 0) {
      tk.rewind(end);
      const bones: number[] = [], weights: number[] = [];
      for (let i = 0; i < row.count; i++) {
        bones.push(ints[1 + i]);
        weights.push(floats[3 + i]);
      }
      w.vertices.push({ index: ints[0], bones, weights });
    } else if (tk.quickKeyword(KW_BONE_VERTEX)) {
      const index = tk.int('a vertex index');
      tk.optNum(0); tk.optNum(0); tk.optNum(0); // the bind position, also in *MESH_VERTEX
      const bones: number[] = [], weights: number[] = [];
      while (tk.hasValue()) {
        bones.push(tk.int('a bone index'));
        weights.push(tk.hasValue() ? tk.num('a bone weight') : 0);
      }
      w.vertices.push({ index, bones, weights });
      endEntry(tk);
    } else if (listOther(tk, tk.peek(), 'MESH_BONE_VERTEX_LIST', open)) return;
  }
}
