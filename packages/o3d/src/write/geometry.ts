/**
 * Material blocks → GMObject geometry (docs/formats/o3d.md §2.3, §2.4): each block's vertices in
 * the order its triangles first use them (what the reader numbers them by, so a written file reads
 * back to the same primitives), winding reversed, positions and normals mirrored on Z. An object
 * holds at most 65,535 vertices (WORD indices), 31 material blocks and 16 materials: more make
 * several objects.
 */
import { EFFECT, LIMITS, type O3dMaterial, type O3dMaterialBlock } from '../file.js';
import { numberBlock } from './emit.js';
import type { BlockLook } from './materials.js';
import type { Chunk, PaletteMode } from './palettes.js';
import type { GeometryPlan, Span } from './plan.js';

/** WORD indices: 0..65535 (0xFFFF kept clear of drivers that treat it as a strip cut). */
export const MAX_OBJECT_VERTICES = 0xffff;
export const MAX_BLOCKS = LIMITS.materialBlocks - 1;

/** Legacy fields of the object the reader kept in node extras. */
export interface GeometryLegacy {
  opacity?: number;
  bump?: number;
  rigid?: number;
  materialFlag?: number;
  materialCount?: number;
}

const PLAIN: O3dMaterial = { diffuse: [1, 1, 1, 0], ambient: [1, 1, 1, 0], specular: [0, 0, 0, 0], emissive: [0, 0, 0, 0], power: 0, textureName: '' };

/** Marks per vertex of one primitive, reused across chunks (a stamp per count, never cleared). */
class VertexMarks {
  private marks = new Uint32Array(0);
  private stamp = 0;
  constructor(private owner?: object) {}
  /** A fresh pass over `count` vertices of `owner`. */
  begin(owner: object, count: number): void {
    if (owner !== this.owner || this.marks.length < count || this.stamp === 0xffffffff) {
      this.marks = new Uint32Array(count);
      this.owner = owner;
      this.stamp = 0;
    }
    this.stamp++;
  }
  /** Marks `v`; true when it was not marked in this pass. */
  mark(v: number): boolean {
    if (this.marks[v] === this.stamp) return false;
    this.marks[v] = this.stamp;
    return true;
  }
}

/** Chunks of at most MAX_OBJECT_VERTICES vertices (a bigger one is cut between triangles), with their vertex counts. */
function fitted(chunk: Chunk, marks: VertexMarks): { chunk: Chunk; vertices: number }[] {
  const p = chunk.prepared;
  const t = chunk.triangles;
  // A whole primitive within the limit is one chunk: its vertex count is known.
  if (t === p.triangles && p.used <= MAX_OBJECT_VERTICES) return [{ chunk, vertices: p.used }];
  const out: { chunk: Chunk; vertices: number }[] = [];
  marks.begin(p, p.positions.length / 3);
  let start = 0, n = 0;
  for (let k = 0; k < t.length; k += 3) {
    const a = t[k], b = t[k + 1], c = t[k + 2];
    if (n + 3 > MAX_OBJECT_VERTICES) {
      // Close to the limit: count exactly what this triangle adds.
      const probe = (marks.mark(a) ? 1 : 0) + (marks.mark(b) ? 1 : 0) + (marks.mark(c) ? 1 : 0);
      if (n + probe > MAX_OBJECT_VERTICES) {
        out.push({ chunk: { ...chunk, triangles: t.subarray(start, k) }, vertices: n });
        marks.begin(p, p.positions.length / 3);
        start = k;
        n = (marks.mark(a) ? 1 : 0) + (marks.mark(b) ? 1 : 0) + (marks.mark(c) ? 1 : 0);
      } else n += probe;
      continue;
    }
    if (marks.mark(a)) n++;
    if (marks.mark(b)) n++;
    if (marks.mark(c)) n++;
  }
  out.push({ chunk: start ? { ...chunk, triangles: t.subarray(start) } : chunk, vertices: n });
  return out;
}

/** Groups chunks into objects that keep the client's vertex, block and material limits. */
export function piecesOf(chunks: Chunk[]): Piece[] {
  const pieces: Piece[] = [];
  let current: Chunk[] = [], vertices = 0;
  let looks = new Set<BlockLook | undefined>();
  const marks = new VertexMarks();
  for (const { chunk, vertices: n } of chunks.flatMap((c) => fitted(c, marks))) {
    const look = chunk.prepared.look;
    const materials = looks.size + (looks.has(look) ? 0 : 1);
    if (current.length && (vertices + n > MAX_OBJECT_VERTICES || current.length + 1 > MAX_BLOCKS || materials > LIMITS.materials)) {
      pieces.push({ chunks: current, vertices });
      current = [];
      vertices = 0;
      looks = new Set();
    }
    current.push(chunk);
    vertices += n;
    looks.add(look);
  }
  if (current.length) pieces.push({ chunks: current, vertices });
  return pieces;
}

/** An object's worth of chunks and how many vertices they write. */
export interface Piece {
  chunks: Chunk[];
  vertices: number;
}

/**
 * One object's geometry plan from its chunks: each block numbered (emit.ts) and, skinned, given its
 * bones' stored indices. `remaps` (per primitive, all -1 between chunks) is
 * shared by the pieces of one mesh so that a big primitive's table is made once.
 */
export function buildGeometry(piece: Piece, mode: PaletteMode | undefined, legacy: GeometryLegacy, remaps: Map<object, Int32Array>, boneCount: number): GeometryPlan {
  const { chunks, vertices: vertexCount } = piece;
  const { materials, textureIds, listed } = materialList(chunks, legacy);
  const blocks: O3dMaterialBlock[] = [];
  const spans: Span[] = [];
  let next = 0, at = 0, order: Int32Array | undefined;
  const at0 = { first: 0, start: 0, order: () => (order ??= new Int32Array(vertexCount)) };
  chunks.forEach((chunk, b) => {
    const p = chunk.prepared;
    const t = chunk.triangles;
    at0.first = next;
    at0.start = at;
    const span = numberBlock(p, t, remaps, at0);
    if (mode && p.influences) span.slots = slotTable(chunk.palette.length ? chunk.palette : mode.kind === 'object' ? mode.palette : [], boneCount);
    spans.push(span);
    next += span.count;
    at += t.length;
    const look = p.look;
    blocks.push({
      startIndex: span.start,
      primitiveCount: t.length / 3,
      textureId: textureIds[b],
      effect: look?.effect ?? 0,
      amount: look?.amount ?? 0,
      useBones: Int32Array.from(chunk.palette),
    });
  });
  const anyEffect = (bit: number) => (blocks.some((b) => (b.effect & bit) !== 0) ? 1 : 0);
  return {
    opacity: legacy.opacity ?? anyEffect(EFFECT.OPACITY),
    bump: legacy.bump ?? anyEffect(EFFECT.BUMP),
    rigid: legacy.rigid ?? 0,
    vertexCount,
    spans,
    faceCount: at / 3,
    withPhysique: !!mode,
    materialFlag: listed ? (legacy.materialFlag && legacy.materialFlag > 0 ? legacy.materialFlag : 1) : 0,
    materialCount: listed ? materialCount(materials.length, legacy.materialCount) : 0,
    materials: listed ? materials : [],
    blocks,
  };
}

/** Bone → stored index: palette slot × 3 (a bone the palette lacks stores 0), or the bone × 3 without a palette. */
function slotTable(palette: readonly number[], boneCount: number): Int32Array {
  const slots = new Int32Array(boneCount);
  if (!palette.length) for (let b = 0; b < boneCount; b++) slots[b] = b * 3;
  // A bone listed twice keeps its last slot.
  else palette.forEach((bone, k) => bone >= 0 && bone < boneCount && (slots[bone] = k * 3));
  return slots;
}

/** The stored nMaterial: 0 means one material (what 10,527 of 11,658 real objects store). */
function materialCount(n: number, legacy: number | undefined): number {
  if (legacy !== undefined && (legacy === n || (n === 1 && legacy === 0))) return legacy;
  return n === 1 ? 0 : n;
}

/**
 * The object's material list and each block's index into it. A block without a material gets a
 * plain white one when others have materials; an object whose blocks have none, or only the plain
 * white the reader made for a model without a material list, writes no list.
 */
function materialList(chunks: Chunk[], legacy: GeometryLegacy): { materials: O3dMaterial[]; textureIds: number[]; listed: boolean } {
  const materials: O3dMaterial[] = [];
  const index = new Map<O3dMaterial, number>();
  const plainOnly = legacy.materialFlag === 0 && chunks.every((c) => !c.prepared.look?.material || isPlain(c.prepared.look.material));
  const listed = !plainOnly && chunks.some((c) => c.prepared.look?.material);
  const textureIds = chunks.map((c) => {
    if (!listed) return 0;
    const m = c.prepared.look?.material ?? PLAIN;
    let i = index.get(m);
    if (i === undefined) {
      i = materials.length;
      materials.push(m);
      index.set(m, i);
    }
    return i;
  });
  return { materials, textureIds, listed };
}

function isPlain(m: O3dMaterial): boolean {
  const same = (a: readonly number[], b: readonly number[]) => a.every((v, i) => v === b[i]);
  return !m.textureName && same(m.diffuse, PLAIN.diffuse) && same(m.ambient, PLAIN.ambient) && same(m.specular, PLAIN.specular) && same(m.emissive, PLAIN.emissive) && m.power === 0;
}
