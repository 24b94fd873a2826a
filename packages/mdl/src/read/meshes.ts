import type { ByteReader } from '@relic3d/core';
import { LIMITS, type MdlLod, type MdlMesh } from '../file.js';
import { countField, istring, type ReadContext } from './context.js';
import { G3D_DOCUMENTED_VERTEX_SIZE, MIN_MESH, ULTRA_VERTEX_SIZE } from './layout.js';
import { readMorphs } from './morphs.js';
import { decodeG3dVertices, decodeUltraVertices } from './vertices.js';

export function readLod(r: ByteReader, ctx: ReadContext): MdlLod {
  const offset = r.absoluteOffset;
  r.expectTag('LOD_');
  const viewDistance = r.f32();
  const meshCount = countField(r, MIN_MESH[ctx.variant], 'meshes');
  const meshes: MdlMesh[] = [];
  for (let i = 0; i < meshCount; i++) meshes.push(readMesh(r, ctx));
  return { offset, viewDistance, meshes };
}

function readMesh(r: ByteReader, ctx: ReadContext): MdlMesh {
  const ultra = ctx.variant === 'ultra';
  const offset = r.absoluteOffset;
  r.expectTag('MESH');
  let polyVerts = 3;
  if (ultra) {
    const at = r.offset;
    polyVerts = r.i32();
    if (polyVerts < 1 || polyVerts > LIMITS.polyVerts) r.fail(`vertices per polygon in 1..${LIMITS.polyVerts}`, String(polyVerts), 'BAD_VALUE', at);
  }
  const name = istring(r, 'mesh name');
  const materialPath = istring(r, 'material path');
  const strideAt = r.offset;
  const strideField = r.i32();
  let vertexStride = ULTRA_VERTEX_SIZE; // real files: 96-byte records whatever the field says
  if (!ultra) {
    if (strideField < G3D_DOCUMENTED_VERTEX_SIZE) {
      r.fail(`a vertex stride of at least ${G3D_DOCUMENTED_VERTEX_SIZE} (documented: 84)`, String(strideField), 'BAD_SIZE', strideAt);
    }
    vertexStride = strideField;
  }
  const vertexCount = countField(r, vertexStride, 'vertices');
  const vertexData = r.u8Array(vertexCount * vertexStride, 'vertices');
  const vertices = ultra
    ? decodeUltraVertices(vertexData, vertexCount, ctx.options)
    : decodeG3dVertices(vertexData, vertexStride, vertexCount, ctx.options);

  const sizeAt = r.offset;
  const indexSize = r.i32();
  if (indexSize !== 2 && indexSize !== 4) r.fail('an index size of 2 or 4', String(indexSize), 'BAD_SIZE', sizeAt);
  const countAt = r.offset;
  const indexCount = countField(r, indexSize, 'indices');
  if (indexCount % polyVerts !== 0) r.fail(`an index count that is a multiple of ${polyVerts}`, String(indexCount), 'BAD_COUNT', countAt);
  const indicesAt = r.offset;
  const indices = indexSize === 2 ? r.u16Array(indexCount, 'indices') : r.u32Array(indexCount, 'indices');
  const bad = indices instanceof Uint16Array ? firstIndexAtLeast16(indices, vertexCount) : firstIndexAtLeast32(indices, vertexCount);
  if (bad >= 0) r.fail(`an index below ${vertexCount}`, String(indices[bad]), 'BAD_INDEX', indicesAt + bad * indexSize);

  const mesh: MdlMesh = {
    offset,
    polyVerts,
    name,
    materialPath,
    strideField,
    vertexStride,
    vertexCount,
    vertexData,
    vertices,
    indexSize,
    indices,
    primitiveFlags: new Uint8Array(0),
    morphs: [],
    pick: new Uint8Array(0),
  };
  const primitiveCount = indexCount / polyVerts;
  if (ultra) {
    // Real order: PRIM, MSET, PICK (the spec lists MSET first).
    mesh.primitiveFlags = readPrimitiveFlags(r, primitiveCount);
    mesh.morphs = readMorphs(r, ctx, vertexCount);
  } else {
    mesh.morphs = readMorphs(r, ctx, vertexCount);
    mesh.primitiveFlags = readPrimitiveFlags(r, primitiveCount);
  }
  r.expectTag('PICK');
  const pickSize = countField(r, 1, 'pick data bytes');
  mesh.pick = r.u8Array(pickSize, 'pick data');
  return mesh;
}

/** Position of the first index ≥ limit, or −1 (one loop per array type keeps each monomorphic). */
function firstIndexAtLeast16(indices: Uint16Array, limit: number): number {
  for (let i = 0; i < indices.length; i++) if (indices[i] >= limit) return i;
  return -1;
}

function firstIndexAtLeast32(indices: Uint32Array, limit: number): number {
  for (let i = 0; i < indices.length; i++) if (indices[i] >= limit) return i;
  return -1;
}

function readPrimitiveFlags(r: ByteReader, primitiveCount: number): Uint8Array {
  r.expectTag('PRIM');
  const at = r.offset;
  const count = countField(r, 1, 'primitive flags');
  if (count !== 0 && count !== primitiveCount) r.fail(`0 or ${primitiveCount} primitive flags (one per primitive)`, String(count), 'BAD_COUNT', at);
  return r.u8Array(count, 'primitive flags');
}
