/** The hot loops of a material block: its triangles over its own vertices, and those vertices gathered. */
import type { Primitive } from '@relic3d/core';
import { compactTriangles, type KernelMode } from '@relic3d/kernels';
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
 * use: the kernels' `compactTriangles` (WASM once ready; its twin fuses filtering, winding and u16
 * output, where `unweldByVertex` plus those passes measured 1.3–3.4× slower on this step).
 * `remap` holds -1 for every vertex and is left that way (the twin's scratch).
 */
export function compactBlock(all: Uint16Array, block: O3dMaterialBlock, vertexCount: number, remap: Int32Array, kernels?: KernelMode): CompactBlock {
  const start = block.startIndex;
  const { indices, source, dropped } = compactTriangles(all.subarray(start, start + block.primitiveCount * 3), vertexCount, remap, { kernels });
  return { indices, source, dropped };
}

/**
 * POSITION, NORMAL and TEXCOORD_0 of the source vertices, z mirrored, non-finite values written as 0
 * and counted: gather, mirror and scrub in one pass over new arrays (the file's stay untouched).
 * Runs on every path: a WASM gather straight from the skin records measured no faster (1.47 vs
 * 1.50 ms for a 65,535-vertex object in 4 blocks, one run, load 24), so it was not kept.
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
