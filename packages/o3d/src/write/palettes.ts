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

/** The bones each vertex of a prepared primitive uses (one or two). */
function bonesOfTriangle(p: Prepared, t: number, out: Set<number>): Set<number> {
  out.clear();
  const { bones, weights } = p.influences!;
  for (let k = 0; k < 3; k++) {
    const v = p.triangles[t + k];
    out.add(bones[v * 2]);
    if (weights[v * 2 + 1] > 0) out.add(bones[v * 2 + 1]);
  }
  return out;
}

export function bonesUsed(p: Prepared): Set<number> {
  const all = new Set<number>();
  const one = new Set<number>();
  for (let t = 0; t < p.triangles.length; t += 3) for (const b of bonesOfTriangle(p, t, one)) all.add(b);
  return all;
}

const covers = (palette: readonly number[] | undefined, used: Set<number>) => !!palette && palette.length > 0 && palette.length <= LIMITS.palette && [...used].every((b) => palette.includes(b));

/**
 * The palette mode of a skinned object: the reader's legacy one when it still fits the bones used,
 * else a palette per block.
 */
export function paletteMode(prepared: Prepared[], legacyObject: unknown, boneCount: number): PaletteMode {
  const used = new Set<number>();
  for (const p of prepared) for (const b of bonesUsed(p)) used.add(b);
  const objectPalette = Array.isArray(legacyObject) && legacyObject.every((b) => Number.isInteger(b)) ? (legacyObject as number[]) : undefined;
  if (objectPalette && objectPalette.length === 0 && boneCount <= LIMITS.palette && prepared.every((p) => p.legacyPalette?.length === 0)) return { kind: 'global' };
  if (objectPalette && covers(objectPalette, used)) return { kind: 'object', palette: objectPalette };
  return { kind: 'block' };
}

/** The material blocks of a primitive: one, or several when its triangles use more than 28 bones. */
export function chunksOf(p: Prepared, mode: PaletteMode | undefined): Chunk[] {
  if (!mode || mode.kind === 'global') return [{ prepared: p, triangles: p.triangles, palette: [] }];
  const used = bonesUsed(p);
  if (covers(p.legacyPalette, used)) return [{ prepared: p, triangles: p.triangles, palette: p.legacyPalette! }];
  if (mode.kind === 'object') return [{ prepared: p, triangles: p.triangles, palette: [] }];
  const chunks: Chunk[] = [];
  let current = new Set<number>();
  let start = 0;
  const one = new Set<number>();
  const flush = (end: number) => {
    chunks.push({ prepared: p, triangles: p.triangles.subarray(start, end), palette: [...current].sort((a, b) => a - b) });
    current = new Set();
    start = end;
  };
  for (let t = 0; t < p.triangles.length; t += 3) {
    const bones = bonesOfTriangle(p, t, one);
    let grown = current.size;
    for (const b of bones) if (!current.has(b)) grown++;
    if (grown > LIMITS.palette && t > start) flush(t);
    for (const b of bones) current.add(b);
  }
  flush(p.triangles.length);
  return chunks;
}
