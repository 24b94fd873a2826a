import { WarningSink, isFormatError, type ByteReader } from '@relic3d/core';
import { FORMAT_ID, type LodMesh, type LodWeights } from '../file.js';
import { bool, countOf, lstr, owned, type Chunk, type ReadContext } from './chunks.js';
import { readFaceGroup } from './face-groups.js';
import { FACE_GROUP_MIN_SIZE, WEIGHT_BONE_MASK, WEIGHT_RECORD_SIZE, WIDE_WEIGHT_BONE_MASK, WIDE_WEIGHT_RECORD_SIZE } from './layout.js';

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

/** Weight type 1 records, grouped per vertex (docs/formats/lod.md §5.2). */
function readWeights(r: ByteReader, ctx: ReadContext, vertexCount: number): LodWeights {
  const bpvAt = r.offset;
  const bonesPerVertex = r.i32();
  if (bonesPerVertex < 1) r.fail('BonesPerVertex ≥ 1 with weight type 1', String(bonesPerVertex), 'BAD_VALUE', bpvAt);
  if (bonesPerVertex === 1) ctx.sink.warn('LOD_WEIGHTS_ONE_BONE', 'weight type 1 with BonesPerVertex 1 (PntBnAssoc expected)', r.absoluteOffset);
  const wide = ctx.boneCount > 127;
  const recordSize = wide ? WIDE_WEIGHT_RECORD_SIZE : WEIGHT_RECORD_SIZE;
  const lenAt = r.offset;
  const records = countOf(r, recordSize, 'bone weight records');
  const recordBytes = r.u8Array(records * recordSize, 'bone weight records');
  const boneFields = new Uint16Array(records);
  const weights = new Float32Array(records);
  const vertexStart = new Uint32Array(vertexCount + 1);
  const walked = (wide ? walkWide : walkNarrow)(recordBytes, records, bonesPerVertex, vertexCount, ctx.boneCount, boneFields, new Uint32Array(weights.buffer), vertexStart);
  if (walked.past >= 0) {
    r.fail(`bone weight records for ${vertexCount} vertices`, `record ${walked.past} belongs to vertex ${vertexCount}`, 'BAD_COUNT', lenAt);
  }
  if (walked.filled !== vertexCount) {
    r.fail(`bone weight records filling ${vertexCount} vertices`, `${records} records filling ${walked.filled}`, 'BAD_COUNT', lenAt);
  }
  return { bonesPerVertex, recordSize, records: recordBytes, boneFields, weights, vertexStart, checked: { boneCount: ctx.boneCount, faults: walked.faults } };
}

/** What a walk over the weight records found: the first record past the vertices (or −1), the vertices filled, the faults. */
interface Walked {
  past: number;
  filled: number;
  /** Records whose bone is at or past the skeleton's bones, or whose weight is not finite. */
  faults: number;
}

// The hot loop of a skinned read: one pass per record size (no width test per record), the weight's
// bits copied as stored (four bytes, little-endian: no float conversion), the faults the scene would
// scan for counted on the way.
function walkNarrow(bytes: Uint8Array, records: number, perVertex: number, vertexCount: number, boneCount: number, fields: Uint16Array, bits: Uint32Array, starts: Uint32Array): Walked {
  let v = 0, inVertex = 0, faults = 0;
  for (let i = 0, at = 0; i < records; i++, at += WEIGHT_RECORD_SIZE) {
    if (v >= vertexCount) return { past: i, filled: v, faults };
    const field = bytes[at];
    const b = bytes[at + 1] | (bytes[at + 2] << 8) | (bytes[at + 3] << 16) | (bytes[at + 4] << 24);
    fields[i] = field;
    bits[i] = b;
    // Exponent all ones: ±∞ or NaN.
    if ((field & WEIGHT_BONE_MASK) >= boneCount || (b & 0x7f800000) === 0x7f800000) faults++;
    inVertex++;
    if (field & 0x80 || inVertex >= perVertex) {
      v++;
      starts[v] = i + 1;
      inVertex = 0;
    }
  }
  if (inVertex > 0) starts[v + 1] = records;
  return { past: -1, filled: inVertex > 0 ? v + 1 : v, faults };
}

function walkWide(bytes: Uint8Array, records: number, perVertex: number, vertexCount: number, boneCount: number, fields: Uint16Array, bits: Uint32Array, starts: Uint32Array): Walked {
  let v = 0, inVertex = 0, faults = 0;
  for (let i = 0, at = 0; i < records; i++, at += WIDE_WEIGHT_RECORD_SIZE) {
    if (v >= vertexCount) return { past: i, filled: v, faults };
    const field = bytes[at] | (bytes[at + 1] << 8);
    const b = bytes[at + 2] | (bytes[at + 3] << 8) | (bytes[at + 4] << 16) | (bytes[at + 5] << 24);
    fields[i] = field;
    bits[i] = b;
    if ((field & WIDE_WEIGHT_BONE_MASK) >= boneCount || (b & 0x7f800000) === 0x7f800000) faults++;
    inVertex++;
    if (field & 0x8000 || inVertex >= perVertex) {
      v++;
      starts[v] = i + 1;
      inVertex = 0;
    }
  }
  if (inVertex > 0) starts[v + 1] = records;
  return { past: -1, filled: inVertex > 0 ? v + 1 : v, faults };
}

/**
 * `MSH1`: one mesh (docs/formats/lod.md §5.2). Two UV sets are read counts-first (reference
 * reader); when that leaves the rest of the mesh unreadable, the mesh is read again in the seed's
 * interleaved order. Warnings of a discarded attempt are dropped.
 */
export function readMesh(chunk: Chunk, ctx: ReadContext): LodMesh {
  const attempt = (layout: UvLayout, tried: { countsFirst: boolean }) => {
    const sink = new WarningSink(FORMAT_ID);
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
  const groupCount = countOf(r, FACE_GROUP_MIN_SIZE, 'face groups');
  if (groupCount !== chunk.count) {
    ctx.sink.warn('LOD_COUNT_MISMATCH', `MSH1 '${name}' Count is ${chunk.count}, FaceGroupsCnt is ${groupCount}`, chunk.offset);
  }
  for (let g = 0; g < groupCount; g++) mesh.faceGroups.push(readFaceGroup(r, mesh, sets, ctx));
  return mesh;
}
