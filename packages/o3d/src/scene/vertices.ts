/** The hot loops of a material block: its triangles over its own vertices, and those vertices gathered. */
import type { Primitive } from '@relic3d/core';
import { activePath, compactTriangles, gatherRecords, type GatherField, type KernelMode } from '@relic3d/kernels';
import type { O3dGeometry, O3dMaterialBlock } from '../file.js';
import { HOST_IS_LITTLE_ENDIAN } from '../read/host-endian.js';
import { NORMAL_VERTEX_FIELDS, SKIN_VERTEX_BYTES, SKIN_VERTEX_FIELDS } from '../read/layout.js';
import { vertexRecordsOf, type VertexRecords } from '../read/vertex-records.js';

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

/** Vertices of a geometry: its records' count, or its position column's whole vertices (an edited column may end in a partial one). */
export function vertexCountOf(g: O3dGeometry): number {
  return vertexRecordsOf(g)?.count ?? Math.floor(g.positions.length / 3);
}

/** The fields gathered from each layout: position and normal with z mirrored (0 − z), uv as stored. */
const GATHER_NORMAL: GatherField[] = [
  { offset: NORMAL_VERTEX_FIELDS.positions.offset, components: 3, negate: 2 },
  { offset: NORMAL_VERTEX_FIELDS.normals.offset, components: 3, negate: 2 },
  { offset: NORMAL_VERTEX_FIELDS.uvs.offset, components: 2 },
];
const GATHER_SKIN: GatherField[] = [
  { offset: SKIN_VERTEX_FIELDS.positions.offset, components: 3, negate: 2 },
  { offset: SKIN_VERTEX_FIELDS.normals.offset, components: 3, negate: 2 },
  { offset: SKIN_VERTEX_FIELDS.uvs.offset, components: 2 },
];

/**
 * POSITION, NORMAL and TEXCOORD_0 of the source vertices, z mirrored, non-finite values written as 0
 * and counted: gather, mirror and scrub in one pass over new arrays (the file's stay untouched),
 * straight from the vertex records where the parse left them (no columns split first), else from
 * the columns. From records this is the kernels' `gatherRecords`: its SIMD build reads the records
 * where `withInput` placed the input; its twin (every other path) reads them as floats, aligned once
 * per geometry.
 */
export function gatherVertices(g: O3dGeometry, source: Uint32Array, kernels?: KernelMode): { attributes: Primitive['attributes']; notFinite: number } {
  const records = HOST_IS_LITTLE_ENDIAN ? vertexRecordsOf(g) : undefined;
  if (!records) return gatherColumns(g, source, kernels);
  const bytes = activePath({ kernels }) === 'simd' ? records.bytes : alignedRecords(records);
  const fields = records.stride === SKIN_VERTEX_BYTES ? GATHER_SKIN : GATHER_NORMAL;
  const { arrays, notFinite } = gatherRecords(bytes, records.stride, source, fields, { kernels });
  return { attributes: { POSITION: arrays[0], NORMAL: arrays[1], TEXCOORD_0: arrays[2] }, notFinite };
}

/** The records 4-aligned: themselves, or a copy made once per geometry (one memcpy). */
function alignedRecords(records: VertexRecords): Uint8Array {
  if ((records.bytes.byteOffset & 3) === 0) return records.bytes;
  // A copy, not `slice()`: a Node Buffer's slice is a view at the same unaligned offset.
  const f = (records.floats ??= new Float32Array(new Uint8Array(records.bytes).buffer));
  return new Uint8Array(f.buffer, f.byteOffset, f.byteLength);
}

/** A column's one field: xyz with z mirrored, or uv as stored. */
const VEC3_COLUMN: GatherField[] = [{ offset: 0, components: 3, negate: 2 }];
const UV_COLUMN: GatherField[] = [{ offset: 0, components: 2 }];

/**
 * The gather from columns (a public read's geometry): each column as records of one field, by the
 * kernels' gather. Every source vertex is below the position column's whole vertices (the compact
 * blocks drop the rest); a shorter normal or uv column is padded for the gather (`wholeColumn`).
 */
function gatherColumns(g: O3dGeometry, source: Uint32Array, kernels: KernelMode | undefined) {
  const vertexCount = vertexCountOf(g);
  let notFinite = 0;
  const gather = (values: Float32Array, fields: GatherField[]): Float32Array => {
    const column = wholeColumn(values, fields[0].components, vertexCount);
    const bytes = new Uint8Array(column.buffer, column.byteOffset, column.byteLength);
    const gathered = gatherRecords(bytes, fields[0].components * 4, source, fields, { kernels });
    notFinite += gathered.notFinite;
    return gathered.arrays[0];
  };
  const attributes: Primitive['attributes'] = { POSITION: gather(g.positions, VEC3_COLUMN), NORMAL: gather(g.normals, VEC3_COLUMN), TEXCOORD_0: gather(g.uvs, UV_COLUMN) };
  return { attributes, notFinite };
}

/**
 * A column of at least `count` vertices: itself, or a copy padded with NaN, so a missing value is
 * written as 0 and reported as non-finite (what the gather did before it was the kernels' twin)
 * rather than a vertex number past the records (a RangeError).
 */
function wholeColumn(values: Float32Array, components: number, count: number): Float32Array {
  if (values.length >= count * components) return values;
  const out = new Float32Array(count * components).fill(NaN);
  out.set(values.subarray(0, Math.floor(values.length / components) * components));
  return out;
}

/** Whether a geometry's columns hold exactly `count` vertices each (the in-order primitive takes them whole). */
export function columnsWhole(g: O3dGeometry, count: number): boolean {
  return g.positions.length === count * 3 && g.normals.length === count * 3 && g.uvs.length === count * 2;
}

/** Whether `source` lists vertices 0..count-1 in order. */
export function isIdentity(source: Uint32Array, count: number): boolean {
  if (source.length !== count) return false;
  for (let v = 0; v < count; v++) if (source[v] !== v) return false;
  return true;
}
