/** The hot loops of a material block: its triangles over its own vertices, and those vertices gathered. */
import type { Primitive } from '@relic3d/core';
import type { O3dGeometry, O3dMaterialBlock } from '../file.js';

export interface CompactBlock {
  /** Triangle corners (a, c, b) over the compact vertex set. */
  indices: Uint16Array | Uint32Array;
  /** Stored vertex of each compact vertex. */
  source: Uint32Array;
  /** Triangles dropped for an index past the vertices. */
  dropped: number;
}

/**
 * A block's triangles, winding reversed (a, c, b), over its own vertices numbered in order of first
 * use: what `unweld` (or the keyless `unweldByVertex`) gives, with a direct table since keys are u16
 * vertex indices. Kept local: filtering, winding, u16 output and the reused `remap` are fused here,
 * and `unweldByVertex` plus those passes measured 1.3–3.4× slower on this step.
 * `remap` holds -1 for every vertex and is left that way.
 */
export function compactBlock(all: Uint16Array, block: O3dMaterialBlock, vertexCount: number, remap: Int32Array): CompactBlock {
  const start = block.startIndex;
  const end = start + block.primitiveCount * 3;
  const source = new Uint32Array(Math.min(vertexCount, block.primitiveCount * 3));
  // At most vertexCount vertices: u16 indices unless there are 65,536 (compactIndices' rule).
  const out = vertexCount <= 0xffff ? new Uint16Array(end - start) : new Uint32Array(end - start);
  const { unique, corners } = compactInto(all, start, end, vertexCount, remap, source, out);
  let indices: Uint16Array | Uint32Array = out instanceof Uint32Array && unique <= 0xffff ? Uint16Array.from(out.subarray(0, corners)) : out;
  for (let v = 0; v < unique; v++) remap[source[v]] = -1;
  if (corners < indices.length) indices = indices.slice(0, corners);
  return { indices, source: unique < source.length ? source.subarray(0, unique) : source, dropped: block.primitiveCount - corners / 3 };
}

/** Renumbers the triangles of all[start, end) into `out`; triangles with a corner past the vertices are skipped. */
function compactInto(all: Uint16Array, start: number, end: number, vertexCount: number, remap: Int32Array, source: Uint32Array, out: Uint16Array | Uint32Array) {
  let unique = 0;
  let o = 0;
  for (let at = start; at < end; at += 3) {
    const a = all[at], b = all[at + 1], c = all[at + 2];
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    let ra = remap[a];
    if (ra < 0) {
      ra = remap[a] = unique;
      source[unique++] = a;
    }
    let rc = remap[c];
    if (rc < 0) {
      rc = remap[c] = unique;
      source[unique++] = c;
    }
    let rb = remap[b];
    if (rb < 0) {
      rb = remap[b] = unique;
      source[unique++] = b;
    }
    out[o++] = ra;
    out[o++] = rc;
    out[o++] = rb;
  }
  return { unique, corners: o };
}

/**
 * POSITION, NORMAL and TEXCOORD_0 of the source vertices, z mirrored, non-finite values written as 0
 * and counted: gather, mirror and scrub in one pass over new arrays (the file's stay untouched).
 */
export function gatherVertices(g: O3dGeometry, source: Uint32Array): { attributes: Primitive['attributes']; notFinite: number } {
  const n = source.length;
  const p = g.positions, nm = g.normals, t = g.uvs;
  const positions = new Float32Array(n * 3);
  const normals = new Float32Array(n * 3);
  const uvs = new Float32Array(n * 2);
  let bad = 0;
  // `x - x === 0` holds exactly for finite x (NaN and ±infinity give NaN).
  const finite = (x: number): number => {
    if (x - x === 0) return x;
    bad++;
    return 0;
  };
  for (let v = 0, o3 = 0, o2 = 0; v < n; v++, o3 += 3, o2 += 2) {
    const s = source[v];
    const s3 = s * 3, s2 = s * 2;
    positions[o3] = finite(p[s3]);
    positions[o3 + 1] = finite(p[s3 + 1]);
    positions[o3 + 2] = finite(0 - p[s3 + 2]);
    normals[o3] = finite(nm[s3]);
    normals[o3 + 1] = finite(nm[s3 + 1]);
    normals[o3 + 2] = finite(0 - nm[s3 + 2]);
    uvs[o2] = finite(t[s2]);
    uvs[o2 + 1] = finite(t[s2 + 1]);
  }
  return { attributes: { POSITION: positions, NORMAL: normals, TEXCOORD_0: uvs }, notFinite: bad };
}

/** Whether `source` lists vertices 0..count-1 in order. */
export function isIdentity(source: Uint32Array, count: number): boolean {
  if (source.length !== count) return false;
  for (let v = 0; v < count; v++) if (source[v] !== v) return false;
  return true;
}
