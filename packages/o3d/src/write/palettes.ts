/**
 * Bone palettes (docs/formats/o3d.md §5.3): the client's skinning shader holds 28 bones, so each
 * material block names the bones its vertices use (a block palette), a vertex stores its palette
 * slot × 3. A primitive whose triangles use more bones is split into several blocks. The reader's
 * legacy palettes come back as they were: no palette (global indices, ≤ 28 bones), the object's
 * palette, or the block's own.
 */
import { LIMITS } from '../file.js';
import type { Prepared } from './primitives.js';

export type PaletteMode = { kind: 'global' } | { kind: 'object'; palette: number[] } | { kind: 'block' };

/** One material block to write: some triangles of a primitive, with the palette their vertices index. */
export interface Chunk {
  prepared: Prepared;
  triangles: Uint32Array;
  /** The block's palette (empty: the object's palette, or global indices). */
  palette: number[];
}

/** The distinct bones of triangle `t` (its corners' one or two each) into `out`; returns how many. */
function triangleBones(p: Prepared, t: number, out: Int32Array): number {
  const { bones, weights } = p.influences!;
  let n = 0;
  const add = (b: number) => {
    for (let k = 0; k < n; k++) if (out[k] === b) return;
    out[n++] = b;
  };
  for (let k = 0; k < 3; k++) {
    const v = p.triangles[t + k];
    add(bones[v * 2]);
    if (weights[v * 2 + 1] > 0) add(bones[v * 2 + 1]);
  }
  return n;
}

const covers = (palette: readonly number[] | undefined, used: readonly number[]) => !!palette && palette.length > 0 && palette.length <= LIMITS.palette && used.every((b) => palette.includes(b));

/**
 * The palette mode of a skinned object: the reader's legacy one when it still fits the bones used,
 * else a palette per block.
 */
export function paletteMode(prepared: Prepared[], legacyObject: unknown, boneCount: number): PaletteMode {
  const used = [...new Set(prepared.flatMap((p) => p.bonesUsed ?? []))];
  const objectPalette = Array.isArray(legacyObject) && legacyObject.every((b) => Number.isInteger(b)) ? (legacyObject as number[]) : undefined;
  if (objectPalette && objectPalette.length === 0 && boneCount <= LIMITS.palette && prepared.every((p) => p.legacyPalette?.length === 0)) return { kind: 'global' };
  if (objectPalette && covers(objectPalette, used)) return { kind: 'object', palette: objectPalette };
  return { kind: 'block' };
}

/** The material blocks of a primitive: one, or several when its triangles use more than 28 bones. */
export function chunksOf(p: Prepared, mode: PaletteMode | undefined, boneCount: number): Chunk[] {
  if (!mode || mode.kind === 'global') return [{ prepared: p, triangles: p.triangles, palette: [] }];
  const used = p.bonesUsed ?? [];
  if (covers(p.legacyPalette, used)) return [{ prepared: p, triangles: p.triangles, palette: p.legacyPalette! }];
  if (mode.kind === 'object') return [{ prepared: p, triangles: p.triangles, palette: [] }];
  if (used.length <= LIMITS.palette) return [{ prepared: p, triangles: p.triangles, palette: used }];
  // Greedy: triangles in order, a new block when the next one would take the palette past 28.
  const chunks: Chunk[] = [];
  const inChunk = new Int32Array(boneCount).fill(-1);
  let palette: number[] = [];
  let start = 0;
  const one = new Int32Array(6);
  for (let t = 0; t < p.triangles.length; t += 3) {
    const n = triangleBones(p, t, one);
    let grown = palette.length;
    for (let k = 0; k < n; k++) if (inChunk[one[k]] !== chunks.length) grown++;
    if (grown > LIMITS.palette && t > start) {
      chunks.push({ prepared: p, triangles: p.triangles.subarray(start, t), palette: palette.sort((a, b) => a - b) });
      palette = [];
      start = t;
    }
    for (let k = 0; k < n; k++) {
      if (inChunk[one[k]] !== chunks.length) {
        inChunk[one[k]] = chunks.length;
        palette.push(one[k]);
      }
    }
  }
  chunks.push({ prepared: p, triangles: p.triangles.subarray(start), palette: palette.sort((a, b) => a - b) });
  return chunks;
}
