/** A GMObject geometry block as bytes (docs/formats/o3d.md §2.3, §2.4): the inverse of read/geometry.ts. */
import { LIMITS, type O3dGeometry } from '../../file.js';
import { NORMAL_VERTEX_BYTES, SKIN_VERTEX_BYTES } from '../../read/layout.js';
import { HOST_IS_LE, lengthName, leBytes, type NameBytes, type PartsWriter } from './arrays.js';

export function writeGeometry(out: PartsWriter, g: O3dGeometry, skin: boolean, name: NameBytes): void {
  const count = g.positions.length / 3;
  out.f32s(g.bboxMin).f32s(g.bboxMax).i32(g.opacity).i32(g.bump).i32(g.rigid).zeros(28);
  out.i32(g.vertexList.length / 3).i32(count).i32(g.faceCount).i32(g.indices.length);
  out.bytes(leBytes(g.vertexList));
  out.later(count * (skin ? SKIN_VERTEX_BYTES : NORMAL_VERTEX_BYTES), (target, at) => (skin ? skinRecords : normalRecords)(g, count, target, at));
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

/** Vertices interleaved per pass in an aligned scratch block, then copied to the (unaligned) file offset. */
const BATCH = 2048;

/** NORMALVERTEX records (position, normal, uv: 32 bytes) into `target` at `at`. */
function normalRecords(g: O3dGeometry, count: number, target: Uint8Array, at: number): void {
  const p = g.positions, n = g.normals, t = g.uvs;
  if (!HOST_IS_LE) {
    const view = new DataView(target.buffer, target.byteOffset);
    for (let v = 0; v < count; v++) {
      const o = at + v * NORMAL_VERTEX_BYTES;
      for (let c = 0; c < 3; c++) view.setFloat32(o + c * 4, p[v * 3 + c], true);
      for (let c = 0; c < 3; c++) view.setFloat32(o + 12 + c * 4, n[v * 3 + c], true);
      for (let c = 0; c < 2; c++) view.setFloat32(o + 24 + c * 4, t[v * 2 + c], true);
    }
    return;
  }
  const f = new Float32Array(BATCH * 8);
  const bytes = new Uint8Array(f.buffer);
  for (let v0 = 0; v0 < count; v0 += BATCH) {
    const end = Math.min(count, v0 + BATCH);
    for (let v = v0, o = 0; v < end; v++, o += 8) {
      f[o] = p[v * 3]; f[o + 1] = p[v * 3 + 1]; f[o + 2] = p[v * 3 + 2];
      f[o + 3] = n[v * 3]; f[o + 4] = n[v * 3 + 1]; f[o + 5] = n[v * 3 + 2];
      f[o + 6] = t[v * 2]; f[o + 7] = t[v * 2 + 1];
    }
    target.set(bytes.subarray(0, (end - v0) * NORMAL_VERTEX_BYTES), at + v0 * NORMAL_VERTEX_BYTES);
  }
}

/** SKINVERTEX records (position, w1 w2, idxA idxB as u16, normal, uv: 44 bytes) into `target` at `at`. */
function skinRecords(g: O3dGeometry, count: number, target: Uint8Array, at: number): void {
  const p = g.positions, n = g.normals, t = g.uvs, w = g.weights!, idx = g.boneIndices!;
  if (!HOST_IS_LE) {
    const view = new DataView(target.buffer, target.byteOffset);
    for (let v = 0; v < count; v++) {
      const o = at + v * SKIN_VERTEX_BYTES;
      for (let c = 0; c < 3; c++) view.setFloat32(o + c * 4, p[v * 3 + c], true);
      view.setFloat32(o + 12, w[v * 2], true);
      view.setFloat32(o + 16, w[v * 2 + 1], true);
      view.setUint16(o + 20, idx[v * 2], true);
      view.setUint16(o + 22, idx[v * 2 + 1], true);
      for (let c = 0; c < 3; c++) view.setFloat32(o + 24 + c * 4, n[v * 3 + c], true);
      for (let c = 0; c < 2; c++) view.setFloat32(o + 36 + c * 4, t[v * 2 + c], true);
    }
    return;
  }
  const f = new Float32Array(BATCH * 11);
  const u = new Uint16Array(f.buffer);
  const bytes = new Uint8Array(f.buffer);
  for (let v0 = 0; v0 < count; v0 += BATCH) {
    const end = Math.min(count, v0 + BATCH);
    for (let v = v0, o = 0; v < end; v++, o += 11) {
      f[o] = p[v * 3]; f[o + 1] = p[v * 3 + 1]; f[o + 2] = p[v * 3 + 2];
      f[o + 3] = w[v * 2]; f[o + 4] = w[v * 2 + 1];
      u[o * 2 + 10] = idx[v * 2]; u[o * 2 + 11] = idx[v * 2 + 1];
      f[o + 6] = n[v * 3]; f[o + 7] = n[v * 3 + 1]; f[o + 8] = n[v * 3 + 2];
      f[o + 9] = t[v * 2]; f[o + 10] = t[v * 2 + 1];
    }
    target.set(bytes.subarray(0, (end - v0) * SKIN_VERTEX_BYTES), at + v0 * SKIN_VERTEX_BYTES);
  }
}
