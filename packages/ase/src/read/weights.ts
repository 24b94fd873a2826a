import type { AseSkinWeights } from '../file.js';
import { block, type Ctx } from './blocks.js';
import { Tok } from './tokenizer.js';

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
    } else if (kw === 'MESH_BONE_VERTEX_LIST' && tk.peek() === Tok.Open) {
      block(ctx, kw, (inner) => {
        if (inner !== 'MESH_BONE_VERTEX') return;
        const index = tk.int('a vertex index');
        tk.optNum(0); tk.optNum(0); tk.optNum(0); // the bind position, also in *MESH_VERTEX
        const bones: number[] = [], weights: number[] = [];
        while (tk.hasValue()) {
          bones.push(tk.int('a bone index'));
          weights.push(tk.hasValue() ? tk.num('a bone weight') : 0);
        }
        w.vertices.push({ index, bones, weights });
      });
    } // MESH_NUMVERTEX / MESH_NUMBONE are informational: the lists carry their own indices
  });
  return w;
}
