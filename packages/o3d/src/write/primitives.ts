/**
 * A mesh's primitives made ready for material blocks: triangles with valid corners, finite
 * positions, normals (computed when missing), UVs and two influences per vertex. What O3D vertices
 * cannot hold (other attributes, morph targets, other modes) is reported once per write.
 */
import { keepMapAlive, vertexNormals, type Mesh, type Primitive, type Skin } from '@relic3d/core';
import { plural, warnOnce, type WriteContext } from './context.js';
import { twoInfluences, type InfluenceStats, type Influences } from './influences.js';
import type { BlockLook } from './materials.js';

/** The normal of a vertex on no triangle. */
const UP = [0, 1, 0];

/** Triangle corners, three vertex indices each (the scene's own 16- or 32-bit indices when valid). */
export type Corners = Uint16Array | Uint32Array;

export interface Prepared {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  /** Scene triangles (counter-clockwise corners), three vertex indices each. */
  triangles: Corners;
  /** How many distinct vertices the triangles use. */
  used: number;
  /** The corners meet vertices 0, 1, 2… in that order (what the reader makes): they are numbered as they are. */
  inOrder: boolean;
  influences?: Influences;
  look?: BlockLook;
  /** The block palette the reader kept in `extras.useBones`. */
  legacyPalette?: number[];
  /** Skinned: the bones its triangles use, ascending. */
  bonesUsed?: number[];
}

export interface SkinBinding {
  skin: Skin | undefined;
  boneCount: number;
  /** Per bone, the move of this skin's vertices into the skeleton's bind space (skeleton.ts). */
  corrections?: (Float64Array | undefined)[];
  boneOf: Map<number, number>;
  fallback: number;
  stats: InfluenceStats;
}

const KEPT = new Set(['POSITION', 'NORMAL', 'TEXCOORD_0', 'JOINTS_0', 'WEIGHTS_0']);

export function preparePrimitives(ctx: WriteContext, mesh: Mesh, looks: BlockLook[], binding: SkinBinding | undefined): Prepared[] {
  const out: Prepared[] = [];
  for (const primitive of mesh.primitives) {
    const prepared = prepare(ctx, mesh, primitive, looks, binding);
    if (prepared) out.push(prepared);
  }
  return out;
}

function prepare(ctx: WriteContext, mesh: Mesh, p: Primitive, looks: BlockLook[], binding: SkinBinding | undefined): Prepared | undefined {
  const mode = p.mode ?? 'TRIANGLES';
  if (mode !== 'TRIANGLES') {
    warnOnce(ctx, 'O3D_WRITE_PRIMITIVE_MODE', `O3D draws triangle lists; ${mode} primitives (mesh "${mesh.name}") are not written`);
    return undefined;
  }
  const source = p.attributes.POSITION;
  const count = Math.floor((source?.length ?? 0) / 3);
  const dropped = Object.keys(p.attributes).filter((a) => !KEPT.has(a));
  if (dropped.length) warnOnce(ctx, 'O3D_WRITE_ATTRIBUTES', `O3D vertices hold a position, a normal, one UV set and two bone weights; ${dropped.join(', ')} are not written`);
  if (p.targets?.length) warnOnce(ctx, 'O3D_WRITE_MORPHS', `O3D has no morph targets; the base shape of mesh "${mesh.name}" (and any others) is written, ${plural(p.targets.length, 'target')} dropped`);
  const { triangles, used, inOrder } = validTriangles(ctx, mesh, p, count);
  if (!triangles.length) return undefined;

  let bad = 0;
  // The scene's own array when it is whole and finite (only read; a FINITE_SCENE scene's are not scanned again); else a copy with non-finite values 0, counted.
  const finite = (values: Float32Array | undefined, size: number): Float32Array => {
    const length = count * size;
    if (!values) return new Float32Array(length);
    if (values.length >= length && (ctx.finite || allFinite(values, length))) return values.length === length ? values : values.subarray(0, length);
    const out = new Float32Array(length);
    out.set(values.length > length ? values.subarray(0, length) : values);
    for (let i = 0; i < length; i++) {
      const v = out[i];
      if (v - v !== 0) {
        out[i] = 0;
        bad++;
      }
    }
    return out;
  };
  const positions = finite(source, 3);
  let normals: Float32Array;
  if (p.attributes.NORMAL && p.attributes.NORMAL.length >= count * 3) normals = finite(p.attributes.NORMAL, 3);
  else {
    warnOnce(ctx, 'O3D_WRITE_NORMALS', `O3D vertices need normals; mesh "${mesh.name}" (and any others without them) gets smooth normals computed from its triangles`);
    normals = vertexNormals(positions, triangles, UP);
  }
  const look = p.material !== undefined ? looks[p.material] : undefined;
  if (!p.attributes.TEXCOORD_0 && look?.material?.textureName) warnOnce(ctx, 'O3D_WRITE_UVS', `mesh "${mesh.name}" has a texture but no UVs; UVs are written as 0`);
  const uvs = finite(p.attributes.TEXCOORD_0, 2);
  if (bad) ctx.sink.warn('O3D_WRITE_NOT_FINITE', `mesh "${mesh.name}": ${plural(bad, 'vertex value')} not finite (NaN or infinite), written as 0`);
  // Every field in the literal, none added later: a property added to an object gives it a map V8 holds
  // weakly, and the loops reading it (the spans' sources) were compiled again after each full GC.
  const prepared: Prepared = { positions, normals, uvs, triangles, used, inOrder, influences: undefined, look, legacyPalette: undefined, bonesUsed: undefined };
  if (binding) {
    prepared.influences = twoInfluences(p, binding.skin, binding.boneOf, binding.fallback, binding.stats);
    prepared.bonesUsed = bonesOf(prepared, binding.boneCount);
    if (binding.corrections && rebind(prepared, binding.corrections)) {
      warnOnce(ctx, 'O3D_WRITE_SKIN_BIND', `mesh "${mesh.name}" (and any others) binds bones in other spaces for different vertices of one triangle set; an O3D bone has one bind matrix: such vertices are moved by the weighted blend (exact where a vertex's bones agree)`);
    }
  }
  const legacy = p.extras?.useBones;
  if (Array.isArray(legacy) && legacy.every((b) => Number.isInteger(b))) prepared.legacyPalette = legacy as number[];
  return prepared;
}

/**
 * The triangles whose corners name vertices (others are dropped and reported), and how many
 * distinct vertices they use. Valid scene indices are used as they are (never written to).
 * One pass checks and counts; only a primitive with bad corners is filtered.
 */
function validTriangles(ctx: WriteContext, mesh: Mesh, p: Primitive, count: number): Distinct & { triangles: Corners } {
  const indices = p.indices;
  if (indices && indices.length % 3 === 0) {
    const distinct = distinctVertices(indices, count);
    if (distinct.used >= 0) return { triangles: indices, ...distinct };
  }
  const corners = indices ? indices.length - (indices.length % 3) : count - (count % 3);
  const out = new Uint32Array(corners);
  let kept = 0;
  for (let t = 0; t < corners; t += 3) {
    const a = indices ? indices[t] : t, b = indices ? indices[t + 1] : t + 1, c = indices ? indices[t + 2] : t + 2;
    if (a < count && b < count && c < count) {
      out[kept++] = a;
      out[kept++] = b;
      out[kept++] = c;
    }
  }
  const extra = (indices ? indices.length : count) % 3;
  if (kept < corners || extra) {
    ctx.sink.warn('O3D_WRITE_INDEX', `mesh "${mesh.name}": ${plural((corners - kept) / 3, 'triangle')} name vertices past its ${count}${extra ? ` and ${plural(extra, 'index', 'indices')} do not make a triangle` : ''}; not written`);
  }
  const triangles = kept < corners ? out.slice(0, kept) : out;
  return { triangles, ...distinctVertices(triangles, count) };
}

interface Distinct {
  /** How many distinct vertices the corners name, or -1 when one is past the count. */
  used: number;
  inOrder: boolean;
}

function distinctVertices(corners: Corners, count: number): Distinct {
  // Corners meeting vertices 0, 1, 2… in order (what the reader makes) use the first `next`: no marks.
  let next = 0, k = 0;
  for (const n = corners.length; k < n; k++) {
    const v = corners[k];
    if (v > next) break;
    if (v === next) next++;
  }
  if (k === corners.length) return { used: next <= count ? next : -1, inOrder: true };
  const seen = new Uint8Array(count);
  let used = 0;
  for (let k = 0, n = corners.length; k < n; k++) {
    const v = corners[k];
    if (v >= count) return { used: -1, inOrder: false };
    if (seen[v] === 0) {
      seen[v] = 1;
      used++;
    }
  }
  return { used, inOrder: false };
}

/**
 * Moves a skin's vertices into the skeleton's bind space (positions and normals, new arrays);
 * returns whether some vertex had two bones with different moves (then blended, not exact).
 */
function rebind(p: Prepared, corrections: (Float64Array | undefined)[]): boolean {
  const { bones, weights } = p.influences!;
  const count = p.positions.length / 3;
  const positions = new Float32Array(p.positions.length), normals = new Float32Array(p.normals.length);
  let blended = false;
  for (let v = 0; v < count; v++) {
    const a = corrections[bones[v * 2]];
    let b = weights[v * 2 + 1] > 0 ? corrections[bones[v * 2 + 1]] : a;
    if (a !== b && sameMove(a, b)) b = a;
    if (a !== b) blended = true;
    const x = p.positions[v * 3], y = p.positions[v * 3 + 1], z = p.positions[v * 3 + 2];
    const nx = p.normals[v * 3], ny = p.normals[v * 3 + 1], nz = p.normals[v * 3 + 2];
    const w1 = a === b ? 1 : weights[v * 2], w2 = a === b ? 0 : weights[v * 2 + 1];
    for (let c = 0; c < 3; c++) {
      let pos = 0, nrm = 0;
      for (const [m, w] of [[a, w1], [b, w2]] as const) {
        if (!w) continue;
        pos += w * (m ? m[c] * x + m[4 + c] * y + m[8 + c] * z + m[12 + c] : [x, y, z][c]);
        nrm += w * (m ? m[c] * nx + m[4 + c] * ny + m[8 + c] * nz : [nx, ny, nz][c]);
      }
      positions[v * 3 + c] = pos;
      normals[v * 3 + c] = nrm;
    }
    const l = Math.hypot(normals[v * 3], normals[v * 3 + 1], normals[v * 3 + 2]);
    if (l > 0) for (let c = 0; c < 3; c++) normals[v * 3 + c] /= l;
  }
  p.positions = positions;
  p.normals = normals;
  return blended;
}

/** Whether the first `length` values are finite (`x - x` is 0 exactly for finite x). */
function allFinite(values: Float32Array, length: number): boolean {
  // Four sums: one would wait on each add's latency.
  let a = 0, b = 0, c = 0, d = 0, i = 0;
  for (const end = length - 3; i < end; i += 4) {
    a += values[i] - values[i];
    b += values[i + 1] - values[i + 1];
    c += values[i + 2] - values[i + 2];
    d += values[i + 3] - values[i + 3];
  }
  for (; i < length; i++) a += values[i] - values[i];
  return a + b + c + d === 0;
}

/** Whether two bind moves are the same (undefined: none). */
function sameMove(a: Float64Array | undefined, b: Float64Array | undefined): boolean {
  const m = a ?? IDENTITY, n = b ?? IDENTITY;
  for (let k = 0; k < 16; k++) if (Math.abs(m[k] - n[k]) > 1e-6 * Math.max(1, Math.abs(m[k]))) return false;
  return true;
}

const IDENTITY = Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

/** The bones a skinned primitive's triangles use (w1's, and w2's when weighted), ascending. */
function bonesOf(p: Prepared, boneCount: number): number[] {
  const { bones, weights } = p.influences!;
  const seen = new Uint8Array(boneCount);
  // Corners in order use exactly the vertices 0…used−1: each is looked at once, not once per corner.
  if (p.inOrder) for (let v = 0; v < p.used; v++) markBones(seen, bones, weights, v);
  else for (let k = 0, t = p.triangles; k < t.length; k++) markBones(seen, bones, weights, t[k]);
  const out: number[] = [];
  for (let b = 0; b < boneCount; b++) if (seen[b]) out.push(b);
  return out;
}

function markBones(seen: Uint8Array, bones: Int32Array, weights: Float32Array, v: number): void {
  seen[bones[v * 2]] = 1;
  if (weights[v * 2 + 1] > 0) seen[bones[v * 2 + 1]] = 1;
}

// One record kept, fields in the order prepare makes them: a literal's map is held by no literal (V8's map cache holds it weakly), and the loops that read these
// records were compiled again after every full GC that took a write's records (ms3d's output.ts).
keepMapAlive({ positions: new Float32Array(0), normals: new Float32Array(0), uvs: new Float32Array(0), triangles: new Uint16Array(0), used: 0, inOrder: false, influences: undefined, look: undefined, legacyPalette: undefined, bonesUsed: undefined } satisfies Prepared);
