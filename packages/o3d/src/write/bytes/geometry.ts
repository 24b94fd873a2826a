/** A GMObject geometry block as bytes (docs/formats/o3d.md §2.3, §2.4): the inverse of read/geometry.ts. */
import type { ByteWriter } from '@relic3d/core';
import { LIMITS, type O3dGeometry } from '../../file.js';
import { NORMAL_VERTEX_BYTES, SKIN_VERTEX_BYTES } from '../../read/layout.js';
import { HOST_IS_LE, lengthName, leBytes, type NameBytes } from './arrays.js';

export function writeGeometry(out: ByteWriter, g: O3dGeometry, skin: boolean, name: NameBytes): void {
  const count = g.positions.length / 3;
  out.f32s(g.bboxMin).f32s(g.bboxMax).i32(g.opacity).i32(g.bump).i32(g.rigid).zeros(28);
  out.i32(g.vertexList.length / 3).i32(count).i32(g.faceCount).i32(g.indices.length);
  out.bytes(leBytes(g.vertexList));
  out.bytes(skin ? skinRecords(g, count) : normalRecords(g, count));
  out.bytes(leBytes(g.indices)).bytes(leBytes(g.vertexMap));
  out.u32(g.physique.length).bytes(leBytes(g.physique));
  out.u32(g.materialFlag);
  if (g.materialFlag !== 0) {
    out.i32(g.materialCount);
    for (const m of g.materials) {
      out.f32s(m.diffuse).f32s(m.ambient).f32s(m.specular).f32s(m.emissive).f32(m.power);
      lengthName(out, name(m.textureName));
    }
  }
  out.i32(g.blocks.length);
  for (const b of g.blocks) {
    out.i32(b.startIndex).i32(b.primitiveCount).i32(b.textureId).u32(b.effect).i32(b.amount).i32(b.useBones.length);
    const palette = new Int32Array(LIMITS.palette);
    palette.set(b.useBones.subarray(0, LIMITS.palette));
    out.bytes(leBytes(palette));
  }
}

/** NORMALVERTEX records: position, normal, uv (32 bytes). */
function normalRecords(g: O3dGeometry, count: number): Uint8Array {
  const bytes = new Uint8Array(count * NORMAL_VERTEX_BYTES);
  const p = g.positions, n = g.normals, t = g.uvs;
  if (HOST_IS_LE) {
    const f = new Float32Array(bytes.buffer);
    for (let v = 0, o = 0; v < count; v++, o += 8) {
      f[o] = p[v * 3]; f[o + 1] = p[v * 3 + 1]; f[o + 2] = p[v * 3 + 2];
      f[o + 3] = n[v * 3]; f[o + 4] = n[v * 3 + 1]; f[o + 5] = n[v * 3 + 2];
      f[o + 6] = t[v * 2]; f[o + 7] = t[v * 2 + 1];
    }
    return bytes;
  }
  const view = new DataView(bytes.buffer);
  for (let v = 0; v < count; v++) {
    const at = v * NORMAL_VERTEX_BYTES;
    for (let c = 0; c < 3; c++) view.setFloat32(at + c * 4, p[v * 3 + c], true);
    for (let c = 0; c < 3; c++) view.setFloat32(at + 12 + c * 4, n[v * 3 + c], true);
    for (let c = 0; c < 2; c++) view.setFloat32(at + 24 + c * 4, t[v * 2 + c], true);
  }
  return bytes;
}

/** SKINVERTEX records: position, w1 w2, idxA idxB (u16), normal, uv (44 bytes). */
function skinRecords(g: O3dGeometry, count: number): Uint8Array {
  const bytes = new Uint8Array(count * SKIN_VERTEX_BYTES);
  const p = g.positions, n = g.normals, t = g.uvs, w = g.weights!, idx = g.boneIndices!;
  if (HOST_IS_LE) {
    const f = new Float32Array(bytes.buffer);
    const u = new Uint16Array(bytes.buffer);
    for (let v = 0, o = 0; v < count; v++, o += 11) {
      f[o] = p[v * 3]; f[o + 1] = p[v * 3 + 1]; f[o + 2] = p[v * 3 + 2];
      f[o + 3] = w[v * 2]; f[o + 4] = w[v * 2 + 1];
      u[o * 2 + 10] = idx[v * 2]; u[o * 2 + 11] = idx[v * 2 + 1];
      f[o + 6] = n[v * 3]; f[o + 7] = n[v * 3 + 1]; f[o + 8] = n[v * 3 + 2];
      f[o + 9] = t[v * 2]; f[o + 10] = t[v * 2 + 1];
    }
    return bytes;
  }
  const view = new DataView(bytes.buffer);
  for (let v = 0; v < count; v++) {
    const at = v * SKIN_VERTEX_BYTES;
    for (let c = 0; c < 3; c++) view.setFloat32(at + c * 4, p[v * 3 + c], true);
    view.setFloat32(at + 12, w[v * 2], true);
    view.setFloat32(at + 16, w[v * 2 + 1], true);
    view.setUint16(at + 20, idx[v * 2], true);
    view.setUint16(at + 22, idx[v * 2 + 1], true);
    for (let c = 0; c < 3; c++) view.setFloat32(at + 24 + c * 4, n[v * 3 + c], true);
    for (let c = 0; c < 2; c++) view.setFloat32(at + 36 + c * 4, t[v * 2 + c], true);
  }
  return bytes;
}
