import { WarningSink, isFormatError, type ByteReader } from '@relic3d/core';
import { widenIndices } from '@relic3d/kernels';
import { FORMAT, bool, countOf, lstr, owned, type Chunk, type ReadContext } from './chunk.js';
import type { LodFaceGroup, LodMesh, LodWeights } from './types.js';

/**
 * Width of an index list from the size n of the array it references (spec §5.3). FaceType 2 lists
 * and mode-3 texture lists use the thresholds of 2006-08-30 (≤ 256 → 1 byte); FaceType 1 position,
 * normal and mode-2 texture lists the older ones (≤ 255 → 1 byte).
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
  // In slices, so the loop is optimised as a function (see CHUNK in weld.ts).
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

type UvLayout = 'auto' | 'interleaved';

/**
 * Texture-coordinate arrays of mode 3: counts first (reference reader) when the counts fit, else
 * interleaved (seed). `tried.countsFirst` records that counts-first was chosen for two sets, so
 * the caller can retry the mesh interleaved when the rest of it does not read.
 */
function readTexCoordSets(r: ByteReader, sets: number, layout: UvLayout, tried: { countsFirst: boolean }): { texCoords: Float32Array[]; layout?: LodMesh['texCoordLayout'] } {
  if (sets === 1) {
    const n = countOf(r, 8, 'texture coordinates');
    return { texCoords: [owned(r.f32Array(n * 2, 'texture coordinates'), r)] };
  }
  const start = r.offset;
  const first = r.i32();
  const second = r.i32();
  const fits = layout === 'auto' && first >= 0 && second >= 0 && (first + second) * 8 <= r.remaining;
  if (fits) {
    tried.countsFirst = true;
    const a = owned(r.f32Array(first * 2, 'texture coordinates'), r);
    const b = owned(r.f32Array(second * 2, 'texture coordinates'), r);
    return { texCoords: [a, b], layout: 'counts-first' };
  }
  r.seek(start);
  const texCoords: Float32Array[] = [];
  for (let s = 0; s < sets; s++) {
    const n = countOf(r, 8, `texture coordinates of set ${s + 1}`);
    texCoords.push(owned(r.f32Array(n * 2, 'texture coordinates'), r));
  }
  return { texCoords, layout: 'interleaved' };
}

/** Weight type 1 records, grouped per vertex (spec §5.2). */
function readWeights(r: ByteReader, ctx: ReadContext, vertexCount: number): LodWeights {
  const bpvAt = r.offset;
  const bonesPerVertex = r.i32();
  if (bonesPerVertex < 1) r.fail('BonesPerVertex ≥ 1 with weight type 1', String(bonesPerVertex), 'BAD_VALUE', bpvAt);
  if (bonesPerVertex === 1) ctx.sink.warn('LOD_WEIGHTS_ONE_BONE', 'weight type 1 with BonesPerVertex 1 (PntBnAssoc expected)', r.absoluteOffset);
  const wide = ctx.boneCount > 127;
  const recordSize = wide ? 6 : 5;
  const lenAt = r.offset;
  const records = countOf(r, recordSize, 'bone weight records');
  const recordBytes = r.u8Array(records * recordSize, 'bone weight records');
  r.seek(r.offset - recordBytes.length);
  const boneFields = new Uint16Array(records);
  const weights = new Float32Array(records);
  const vertexStart = new Uint32Array(vertexCount + 1);
  const closeBit = wide ? 0x8000 : 0x80;
  let v = 0;
  let inVertex = 0;
  for (let i = 0; i < records; i++) {
    if (v >= vertexCount) {
      r.fail(`bone weight records for ${vertexCount} vertices`, `record ${i} belongs to vertex ${v}`, 'BAD_COUNT', lenAt);
    }
    const field = wide ? r.u16() : r.u8();
    boneFields[i] = field;
    weights[i] = r.f32();
    inVertex++;
    if (field & closeBit || inVertex >= bonesPerVertex) {
      v++;
      vertexStart[v] = i + 1;
      inVertex = 0;
    }
  }
  const filled = inVertex > 0 ? v + 1 : v;
  if (inVertex > 0) vertexStart[v + 1] = records;
  if (filled !== vertexCount) {
    r.fail(`bone weight records filling ${vertexCount} vertices`, `${records} records filling ${filled}`, 'BAD_COUNT', lenAt);
  }
  return { bonesPerVertex, recordSize, records: recordBytes, boneFields, weights, vertexStart };
}

function readFaceGroup(r: ByteReader, mesh: LodMesh, sets: number, ctx: ReadContext): LodFaceGroup {
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

/**
 * `MSH1`: one mesh (spec §5.2). Two UV sets are read counts-first (reference reader); when that
 * leaves the rest of the mesh unreadable, the mesh is read again in the seed's interleaved order.
 * Warnings of a discarded attempt are dropped.
 */
export function readMesh(chunk: Chunk, ctx: ReadContext): LodMesh {
  const attempt = (layout: UvLayout, tried: { countsFirst: boolean }) => {
    const sink = new WarningSink(FORMAT);
    chunk.data.seek(0);
    return { mesh: readMeshAs(chunk, { ...ctx, sink }, layout, tried), sink };
  };
  const tried = { countsFirst: false };
  let result: ReturnType<typeof attempt>;
  try {
    result = attempt('auto', tried);
  } catch (e) {
    if (!tried.countsFirst || !isFormatError(e)) throw e;
    try {
      result = attempt('interleaved', tried);
    } catch {
      throw e;
    }
  }
  ctx.sink.replay(result.sink);
  return result.mesh;
}

function readMeshAs(chunk: Chunk, ctx: ReadContext, layout: UvLayout, tried: { countsFirst: boolean }): LodMesh {
  const r = chunk.data;
  const name = lstr(r, 'mesh name');
  const isSkeletonExists = bool(r);
  const modeAt = r.offset;
  const meshMode = r.u8();
  if (meshMode !== 2 && meshMode !== 3) r.fail('MeshMode 2 or 3', String(meshMode), 'UNSUPPORTED', modeAt);
  const visible = bool(r);
  const positionCount = countOf(r, 12, 'positions');
  const positions = owned(r.f32Array(positionCount * 3, 'positions'), r);
  const normalCount = countOf(r, 12, 'normals');
  const normals = owned(r.f32Array(normalCount * 3, 'normals'), r);
  let sets = 1;
  let texCoords: Float32Array[];
  let texCoordLayout: LodMesh['texCoordLayout'];
  if (meshMode === 3) {
    const at = r.offset;
    sets = r.u8();
    if (sets < 1 || sets > 2) r.fail('MeshTextureNumber 1 or 2', String(sets), 'BAD_VALUE', at);
    ({ texCoords, layout: texCoordLayout } = readTexCoordSets(r, sets, layout, tried));
  } else {
    const n = countOf(r, 8, 'texture coordinates');
    texCoords = [owned(r.f32Array(n * 2, 'texture coordinates'), r)];
  }
  const assocAt = r.offset;
  const assocCount = r.i32();
  if (assocCount !== 0 && assocCount !== positionCount) {
    r.fail(`PntBnAssocCnt 0 or ${positionCount}`, String(assocCount), 'BAD_COUNT', assocAt);
  }
  const boneAssoc = ctx.boneCount < 255 ? r.u8Array(assocCount, 'bone ids').slice() : owned(r.u16Array(assocCount, 'bone ids'), r);
  const wtAt = r.offset;
  const weightType = r.i32();
  if (weightType !== 0 && weightType !== 1) r.fail('PntBnWeightType 0 or 1', String(weightType), 'BAD_VALUE', wtAt);
  const mesh: LodMesh = {
    name,
    isSkeletonExists,
    meshMode,
    visible,
    positions,
    normals,
    texCoords,
    boneAssoc,
    weightType,
    faceGroups: [],
    count: chunk.count,
  };
  if (texCoordLayout) mesh.texCoordLayout = texCoordLayout;
  if (weightType === 1) mesh.weights = readWeights(r, ctx, positionCount);
  const groupCount = countOf(r, 14, 'face groups');
  if (groupCount !== chunk.count) {
    ctx.sink.warn('LOD_COUNT_MISMATCH', `MSH1 '${name}' Count is ${chunk.count}, FaceGroupsCnt is ${groupCount}`, chunk.offset);
  }
  for (let g = 0; g < groupCount; g++) mesh.faceGroups.push(readFaceGroup(r, mesh, sets, ctx));
  return mesh;
}
