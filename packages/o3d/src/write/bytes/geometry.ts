/** A GMObject geometry block as bytes (docs/formats/o3d.md §2.3, §2.4): the inverse of read/geometry.ts. */
import { LIMITS, type O3dGeometry } from '../../file.js';
import { NORMAL_VERTEX_BYTES, SKIN_VERTEX_BYTES } from '../../read/layout.js';
import { lengthName, leBytes, type NameBytes, type PartsWriter } from './arrays.js';

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

/** NORMALVERTEX records (position, normal, uv: 32 bytes) into `target` at `at` (any alignment: a DataView). */
function normalRecords(g: O3dGeometry, count: number, target: Uint8Array, at: number): void {
  const p = g.positions, n = g.normals, t = g.uvs;
  const view = new DataView(target.buffer, target.byteOffset);
  for (let v = 0, o = at; v < count; v++, o += NORMAL_VERTEX_BYTES) {
    view.setFloat32(o, p[v * 3], true);
    view.setFloat32(o + 4, p[v * 3 + 1], true);
    view.setFloat32(o + 8, p[v * 3 + 2], true);
    view.setFloat32(o + 12, n[v * 3], true);
    view.setFloat32(o + 16, n[v * 3 + 1], true);
    view.setFloat32(o + 20, n[v * 3 + 2], true);
    view.setFloat32(o + 24, t[v * 2], true);
    view.setFloat32(o + 28, t[v * 2 + 1], true);
  }
}

/** SKINVERTEX records (position, w1 w2, idxA idxB as u16, normal, uv: 44 bytes) into `target` at `at`. */
function skinRecords(g: O3dGeometry, count: number, target: Uint8Array, at: number): void {
  const p = g.positions, n = g.normals, t = g.uvs, w = g.weights!, idx = g.boneIndices!;
  const view = new DataView(target.buffer, target.byteOffset);
  for (let v = 0, o = at; v < count; v++, o += SKIN_VERTEX_BYTES) {
    view.setFloat32(o, p[v * 3], true);
    view.setFloat32(o + 4, p[v * 3 + 1], true);
    view.setFloat32(o + 8, p[v * 3 + 2], true);
    view.setFloat32(o + 12, w[v * 2], true);
    view.setFloat32(o + 16, w[v * 2 + 1], true);
    view.setUint16(o + 20, idx[v * 2], true);
    view.setUint16(o + 22, idx[v * 2 + 1], true);
    view.setFloat32(o + 24, n[v * 3], true);
    view.setFloat32(o + 28, n[v * 3 + 1], true);
    view.setFloat32(o + 32, n[v * 3 + 2], true);
    view.setFloat32(o + 36, t[v * 2], true);
    view.setFloat32(o + 40, t[v * 2 + 1], true);
  }
}
