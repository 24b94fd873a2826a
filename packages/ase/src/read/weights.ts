import type { AseSkinWeights } from '../file.js';
import { block, type Ctx } from './blocks.js';
import { boneVertexRow, type RowScratch } from './fast-rows.js';
import { floats32, ints, type Grow } from './growable.js';
import { bytesOf, endEntry, listOther, openList } from './lists.js';
import { Tok, type Tokenizer } from './tokenizer.js';

const KW_BONE_VERTEX = bytesOf('MESH_BONE_VERTEX');

/** The weighted vertices as they are read: flat growable lists, no object per vertex. */
interface WeightLists {
  vertex: Grow<Int32Array>;
  start: Grow<Int32Array>;
  bone: Grow<Int32Array>;
  weight: Grow<Float32Array>;
}

/** `*MESH_WEIGHTS`: bone names and the (bone, weight) pairs of each weighted vertex. */
export function readWeights(ctx: Ctx): AseSkinWeights {
  const tk = ctx.tk;
  const boneNames: string[] = [];
  const lists: WeightLists = { vertex: ints(0), start: ints(0), bone: ints(0), weight: floats32(0) };
  block(ctx, 'MESH_WEIGHTS', (kw) => {
    if (kw === 'MESH_BONE_LIST' && tk.peek() === Tok.Open) {
      block(ctx, kw, (inner) => {
        if (inner !== 'MESH_BONE_NAME') return;
        const boneAt = tk.start;
        const i = tk.int('a bone index');
        const name = tk.str();
        if (i >= 0 && i < boneNames.length + 256) {
          while (boneNames.length <= i) boneNames.push('');
          boneNames[i] = name;
        } else ctx.sink.warn('ASE_BAD_INDEX', `bone index ${i} out of range; dropped`, tk.inputOffset(boneAt));
      });
    } else if (kw === 'MESH_BONE_VERTEX_LIST' && tk.peek() === Tok.Open) readBoneVertices(ctx, lists);
    // MESH_NUMVERTEX / MESH_NUMBONE are informational: the lists carry their own indices
  });
  const { vertex, start, bone, weight } = lists;
  const starts = new Uint32Array(vertex.length + 1);
  starts.set(start.data.subarray(0, vertex.length));
  starts[vertex.length] = bone.length;
  return {
    boneNames,
    vertex: vertex.data.slice(0, vertex.length),
    start: starts,
    bone: bone.data.slice(0, bone.length),
    weight: weight.data.slice(0, weight.length),
  };
}

/** `*MESH_BONE_VERTEX_LIST { … }`: rows in the exporters' form on the byte fast path, others as tokens. */
function readBoneVertices(ctx: Ctx, w: WeightLists): void {
  const tk = ctx.tk;
  const { vertex, start, bone, weight } = w;
  const open = openList(tk, 'MESH_BONE_VERTEX_LIST');
  for (;;) {
    if (boneVertexRun(tk, ctx.row, vertex, start, bone, weight)) continue;
    if (tk.quickKeyword(KW_BONE_VERTEX)) {
      vertex.push(tk.int('a vertex index'));
      start.push(bone.length);
      tk.optNum(0); tk.optNum(0); tk.optNum(0); // the bind position, also in *MESH_VERTEX
      while (tk.hasValue()) {
        bone.push(tk.int('a bone index'));
        weight.push(tk.hasValue() ? tk.num('a bone weight') : 0);
      }
      endEntry(tk);
    } else if (listOther(tk, tk.peek(), 'MESH_BONE_VERTEX_LIST', open)) return;
  }
}

/**
 * A run of rows in the exporters' form, appended to the lists; returns how many. A loop of its own,
 * with nothing after it, so its optimised code outlives the parse (see place.ts).
 */
function boneVertexRun(tk: Tokenizer, row: RowScratch, vertex: Grow<Int32Array>, start: Grow<Int32Array>, bone: Grow<Int32Array>, weight: Grow<Float32Array>): number {
  const ints = row.ints, floats = row.floats;
  let rows = 0;
  for (;;) {
    const end = boneVertexRow(tk, row);
    if (end < 0) return rows;
    tk.rewind(end);
    vertex.push(ints[0]);
    start.push(bone.length);
    const count = row.count;
    const bones = bone.reserve(count), weights = weight.reserve(count);
    for (let i = 0; i < count; i++) {
      bones[bone.length++] = ints[1 + i];
      weights[weight.length++] = floats[3 + i];
    }
    rows++;
  }
}
