import type { LodMorphCollection, LodMorphCollections, LodMorphFrames, LodMorphMeshFrames } from '../file.js';
import { fixedString, owned, type Chunk, type ReadContext } from './chunks.js';
import {
  MORPH_ANIMATION_SIZE,
  MORPH_BONE_SIZE,
  MORPH_COLLECTION_SIZE,
  MORPH_COLLECTION_WITH_GAP_SIZE,
  MORPH_COLLIDER_FLOATS,
  MORPH_MATRIX_FLOATS,
  MORPH_MESH_HEAD_SIZE,
} from './layout.js';

/** `MAN1` with a given collection-record size; throws a FormatError when the layout does not fit. */
function readMorphCollectionsAs(chunk: Chunk, recordSize: typeof MORPH_COLLECTION_SIZE | typeof MORPH_COLLECTION_WITH_GAP_SIZE): LodMorphCollections {
  const r = chunk.data;
  r.seek(0);
  const morphCollType = r.i32();
  const count = r.count(chunk.count, recordSize, 'morph collections');
  const heads = [];
  for (let i = 0; i < count; i++) {
    const nameLen = r.i32();
    const colliderNameLen = r.i32();
    const boneCount = r.i32();
    const animCount = r.i32();
    const gap = recordSize === MORPH_COLLECTION_WITH_GAP_SIZE ? r.i32() : undefined;
    heads.push({ nameLen, colliderNameLen, boneCount, animCount, gap, parentId: r.i32(), parentBone: r.i32(), proxyId: r.i32() });
  }
  const collections: LodMorphCollection[] = [];
  const boneRecords = heads.map((h) => {
    r.count(h.boneCount, MORPH_BONE_SIZE, 'morph collection bones');
    return Array.from({ length: h.boneCount }, () => ({ nameLen: r.i32(), parentId: r.i32() }));
  });
  const animRecords = heads.map((h) => {
    r.count(h.animCount, MORPH_ANIMATION_SIZE, 'morph collection animations');
    return Array.from({ length: h.animCount }, () => ({ nameLen: r.i32(), mode: r.u8(), interval: r.i32(), frameCount: r.i32() }));
  });
  heads.forEach((h, i) => {
    const name = fixedString(r, h.nameLen, 'collection name');
    const colliderName = fixedString(r, h.colliderNameLen, 'collection collider name');
    const bones = boneRecords[i].map((b) => ({ name: fixedString(r, b.nameLen, 'collection bone name'), parentId: b.parentId }));
    const animations = animRecords[i].map((a) => ({ name: fixedString(r, a.nameLen, 'collection animation name'), mode: a.mode, interval: a.interval, frameCount: a.frameCount }));
    const collection: LodMorphCollection = {
      name,
      colliderName,
      boneCount: h.boneCount,
      animCount: h.animCount,
      parentId: h.parentId,
      parentBone: h.parentBone,
      proxyId: h.proxyId,
      bones,
      animations,
      matrices: new Float32Array(0),
      colliders: new Float32Array(0),
    };
    if (h.gap !== undefined) collection.gap = h.gap;
    collections.push(collection);
  });
  const frameTotal = (c: LodMorphCollection) => c.animations.reduce((s, a) => s + a.frameCount, 0);
  for (const c of collections) {
    const frames = frameTotal(c);
    if (!(frames >= 0)) r.fail('non-negative morph frame counts', String(frames), 'BAD_COUNT');
    c.matrices = owned(r.f32Array(c.boneCount * frames * MORPH_MATRIX_FLOATS, 'morph matrices'), r);
  }
  for (const c of collections) c.colliders = owned(r.f32Array(frameTotal(c) * MORPH_COLLIDER_FLOATS, 'morph colliders'), r);
  if (!r.eof) r.fail('the end of MAN1', `${r.remaining} bytes left`, 'BAD_SIZE');
  return { morphCollType, recordSize, collections };
}

/**
 * `MAN1` (docs/formats/lod.md §6.1). The seed's offsets leave a 4-byte gap in the collection
 * record, so the record is 28 or 32 bytes: the one whose layout ends exactly at the chunk end wins.
 */
export function readMorphCollections(chunk: Chunk, ctx: ReadContext): LodMorphCollections | undefined {
  let firstError: unknown;
  for (const size of [MORPH_COLLECTION_SIZE, MORPH_COLLECTION_WITH_GAP_SIZE] as const) {
    try {
      return readMorphCollectionsAs(chunk, size);
    } catch (e) {
      firstError ??= e;
    }
  }
  ctx.sink.warn('LOD_MORPH_LAYOUT', `MAN1 fits neither a 28- nor a 32-byte collection record (${(firstError as Error).message}); skipped`, chunk.offset);
  return undefined;
}

/** `MMD1`: per-frame vertex positions of morph-animated meshes (docs/formats/lod.md §6.2). */
export function readMorphFrames(chunk: Chunk, ctx: ReadContext): LodMorphFrames {
  const r = chunk.data;
  const morphCollType = r.i32();
  const count = r.count(chunk.count, MORPH_MESH_HEAD_SIZE, 'morph meshes');
  const heads = Array.from({ length: count }, () => ({
    frameCount: r.i32(),
    vertexCount: r.i32(),
    meshIndex: r.i32(),
    meshNameLen: r.i32(),
    collectionNameLen: r.i32(),
  }));
  const names = heads.map((h) => [fixedString(r, h.meshNameLen, 'morph mesh name'), fixedString(r, h.collectionNameLen, 'morph collection name')]);
  const totalAt = r.absoluteOffset;
  const totalVertexCount = r.i32();
  const meshes: LodMorphMeshFrames[] = heads.map((h, i) => {
    if (h.frameCount < 0 || h.vertexCount < 0) r.fail('non-negative morph frame and vertex counts', `${h.frameCount} × ${h.vertexCount}`, 'BAD_COUNT');
    return {
      frameCount: h.frameCount,
      vertexCount: h.vertexCount,
      meshIndex: h.meshIndex,
      meshName: names[i][0],
      collectionName: names[i][1],
      vertices: owned(r.f32Array(h.frameCount * h.vertexCount * 3, 'morph vertices'), r),
    };
  });
  const sum = meshes.reduce((s, m) => s + m.frameCount * m.vertexCount, 0);
  if (sum !== totalVertexCount) ctx.sink.warn('LOD_COUNT_MISMATCH', `MMD1 total vertex count is ${totalVertexCount}, records give ${sum}`, totalAt);
  return { morphCollType, totalVertexCount, meshes };
}
