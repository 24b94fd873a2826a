/** The GMObject geometry block (docs/formats/o3d.md §2.3, §2.4): vertex list, vertex buffer, indices, maps, materials. */
import { deinterleave } from '@relic3d/kernels';
import type { O3dGeometry } from '../file.js';
import { NORMAL_VERTEX_BYTES, NORMAL_VERTEX_FIELDS, SKIN_VERTEX_BYTES, SKIN_VERTEX_FIELDS } from './layout.js';
import { readMaterialBlocks, readMaterials } from './materials.js';
import { own, type Reading } from './reading.js';
import { attachVertexRecords } from './vertex-records.js';

/** Placeholder of a column the parse's read leaves in the records (replaced by a lazy property). */
const NO_COLUMN = new Float32Array(0);

interface VertexFields {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  weights?: Float32Array;
  boneIndices?: Uint16Array;
}

/** Reads the geometry of a normal (32-byte vertices) or skin (44-byte vertices) object. */
export function readGeometry(reading: Reading, skin: boolean): O3dGeometry {
  const { r, sink } = reading;
  const start = r.absoluteOffset;
  const bboxMin = r.vec3();
  const bboxMax = r.vec3();
  const opacity = r.i32();
  const bump = r.i32();
  const rigid = r.i32();
  r.skip(28, 'reserved geometry bytes');
  const nVertexList = r.i32();
  const nVB = r.i32();
  const nFace = r.i32();
  const nIB = r.i32();
  const stride = skin ? SKIN_VERTEX_BYTES : NORMAL_VERTEX_BYTES;
  r.count(nVertexList, 12, 'vertex-list positions');
  const vertexList = own(r.f32Array(nVertexList * 3, 'vertex-list positions'), reading);
  r.count(nVB, stride, 'vertices');
  const vb = r.u8Array(nVB * stride, 'vertex buffer');
  // The parse's own read leaves the records whole (vertex-records.ts); a public read splits them.
  const fields: VertexFields | undefined = reading.inputViews
    ? undefined
    : deinterleave(vb, stride, nVB, skin ? SKIN_VERTEX_FIELDS : NORMAL_VERTEX_FIELDS, { kernels: reading.kernels });
  r.count(nIB, 2, 'indices');
  const indices = own(r.u16Array(nIB, 'indices'), reading);
  if (nIB !== nFace * 3) sink.warn('O3D_FACE_COUNT', `object at ${start}: ${nIB} indices for ${nFace} faces`, start);
  const vertexMap = own(r.u16Array(nVB, 'vertex map'), reading);
  const physiqueCount = r.u32();
  r.count(physiqueCount, 4, 'physique bones');
  const physique = own(r.i32Array(physiqueCount, 'physique bones'), reading);
  const { materialFlag, materialCount, materials } = readMaterials(r);
  const blocks = readMaterialBlocks(r);
  const geometry: O3dGeometry = {
    bboxMin,
    bboxMax,
    opacity,
    bump,
    rigid,
    vertexList,
    positions: fields ? own(fields.positions, reading) : NO_COLUMN,
    normals: fields ? own(fields.normals, reading) : NO_COLUMN,
    uvs: fields ? own(fields.uvs, reading) : NO_COLUMN,
    faceCount: nFace,
    indices,
    vertexMap,
    physique,
    materialFlag,
    materialCount,
    materials,
    blocks,
  };
  if (skin) {
    if (fields) {
      geometry.weights = fields.weights;
      geometry.boneIndices = fields.boneIndices;
    }
    geometry.skinRecords = own(vb, reading);
  }
  if (!fields) attachVertexRecords(geometry, { bytes: vb, stride, count: nVB }, skin, reading.kernels);
  return geometry;
}
