import type { ByteReader } from '@relic3d/core';
import { widenIndices } from '@relic3d/kernels';
import type { LodFaceGroup, LodMesh } from '../file.js';
import { bool, countOf, lstr, owned, type ReadContext } from './chunks.js';

/**
 * Width of an index list from the size n of the array it references (docs/formats/lod.md §5.3).
 * FaceType 2 lists and mode-3 texture lists use the thresholds of 2006-08-30 (≤ 256 → 1 byte);
 * FaceType 1 position, normal and mode-2 texture lists the older ones (≤ 255 → 1 byte).
 */
export function indexWidth(n: number, newThresholds: boolean): 1 | 2 | 4 {
  if (newThresholds) return n <= 256 ? 1 : n <= 65536 ? 2 : 4;
  return n <= 255 ? 1 : n <= 65535 ? 2 : 4;
}

/**
 * Reads `count` indices of `width` bytes and widens them to u32 (the index-widening kernel), each
 * checked against the referenced array size.
 */
function readIndices(r: ByteReader, count: number, width: number, arraySize: number, what: string, ctx: ReadContext): Uint32Array {
  const start = r.offset;
  const stored = width === 1 ? r.u8Array(count, what) : width === 2 ? r.u16Array(count, what) : r.u32Array(count, what);
  if (count === 0) return new Uint32Array(0);
  try {
    // A 4-byte list needs no widening: a range check, and a copy only if the reader gave a view.
    if (stored instanceof Uint32Array) return checkedBelow(owned(stored, r), arraySize);
    return widenIndices(stored, { vertexCount: arraySize, kernels: ctx.kernels });
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    const i = stored.findIndex((v) => v >= arraySize);
    return r.fail(`${what} below ${arraySize}`, `index ${i} = ${stored[i]}`, 'BAD_INDEX', start + i * width);
  }
}

function checkedBelow(indices: Uint32Array, arraySize: number): Uint32Array {
  // In slices, so the loop is optimised as a function.
  let max = 0;
  for (let at = 0; at < indices.length; at += 1 << 15) max = maxIn(indices, at, Math.min(indices.length, at + (1 << 15)), max);
  if (max >= arraySize) throw new RangeError(`index ${max} is out of range for ${arraySize} vertices`);
  return indices;
}

function maxIn(values: Uint32Array, start: number, end: number, max: number): number {
  for (let i = start; i < end; i++) if (values[i] > max) max = values[i];
  return max;
}

function indexCount(r: ByteReader, what: string): number {
  const at = r.offset;
  const n = countOf(r, 1, what);
  if (n % 3 !== 0) r.fail(`a multiple of 3 ${what} (three per triangle)`, String(n), 'BAD_COUNT', at);
  return n;
}

/** One face group of an `MSH1` (docs/formats/lod.md §5.3). */
export function readFaceGroup(r: ByteReader, mesh: LodMesh, sets: number, ctx: ReadContext): LodFaceGroup {
  const typeAt = r.offset;
  const faceType = r.i32();
  if (faceType !== 1 && faceType !== 2) r.fail('FaceType 1 or 2', String(faceType), 'UNSUPPORTED', typeAt);
  const faceMode = r.u8();
  if (faceMode !== 0) r.fail('FaceMode 0 (plain triangles)', String(faceMode), 'UNSUPPORTED', typeAt + 4);
  const name = lstr(r, 'face group name');
  const visible = bool(r);
  const materialNames: string[] = [];
  if (mesh.meshMode === 2) materialNames.push(lstr(r, 'face group material name'));
  else {
    const lengths: number[] = [];
    for (let s = 0; s < sets; s++) lengths.push(countOf(r, 1, 'material name bytes'));
    for (const n of lengths) materialNames.push(r.decode(r.u8Array(n, 'face group material name')));
  }
  const positionCount = mesh.positions.length / 3;
  const normalCount = mesh.normals.length / 3;
  const newForLists = faceType === 2;
  const widths = { position: indexWidth(positionCount, newForLists), normal: indexWidth(normalCount, newForLists), texCoord: [] as number[] };
  const vertexIndices = readIndices(r, indexCount(r, 'position indices'), widths.position, positionCount, 'position indices', ctx);
  let smoothData: Uint32Array | undefined;
  if (faceType === 2) {
    const at = r.offset;
    const n = countOf(r, 4, 'smoothing masks');
    if (n !== 0 && n !== vertexIndices.length / 3) {
      r.fail(`0 or ${vertexIndices.length / 3} smoothing masks (one per triangle)`, String(n), 'BAD_COUNT', at);
    }
    smoothData = owned(r.u32Array(n, 'smoothing masks'), r);
  }
  const normalIndices = readIndices(r, indexCount(r, 'normal indices'), widths.normal, normalCount, 'normal indices', ctx);
  const texCounts: number[] = [];
  for (let s = 0; s < sets; s++) texCounts.push(indexCount(r, 'texture-coordinate indices'));
  const texCoordIndices = texCounts.map((n, s) => {
    const size = (mesh.texCoords[s]?.length ?? 0) / 2;
    const width = indexWidth(size, mesh.meshMode === 3 || faceType === 2);
    widths.texCoord.push(width);
    return readIndices(r, n, width, size, `texture-coordinate indices of set ${s + 1}`, ctx);
  });
  return { faceType, faceMode, name, visible, materialNames, vertexIndices, smoothData, normalIndices, texCoordIndices, indexWidths: widths };
}
