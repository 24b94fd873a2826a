/** A GMObject geometry block as bytes (docs/formats/o3d.md §2.3, §2.4): the inverse of read/geometry.ts. */
import { LIMITS, type O3dGeometry } from '../../file.js';
import { NORMAL_VERTEX_BYTES, SKIN_VERTEX_BYTES } from '../../read/layout.js';
import { isPlan, type GeometryPlan, type WrittenGeometry } from '../plan.js';
import { lengthName, leBytes, type NameBytes } from './arrays.js';
import type { PlacingWriter } from './planned-writer.js';
import { writeIndices, writeRecords } from './spans.js';

export function writeGeometry(out: PlacingWriter, g: WrittenGeometry, skin: boolean, name: NameBytes): void {
  const plan = isPlan(g) ? g : undefined;
  const count = plan ? plan.vertexCount : (g as O3dGeometry).positions.length / 3;
  const listCount = plan ? plan.listWords.length / 3 : (g as O3dGeometry).vertexList.length / 3;
  const indexCount = plan ? g.faceCount * 3 : (g as O3dGeometry).indices.length;
  out.f32s(g.bboxMin).f32s(g.bboxMax).i32(g.opacity).i32(g.bump).i32(g.rigid).zeros(28);
  out.i32(listCount).i32(count).i32(g.faceCount).i32(indexCount);
  const recordBytes = count * (skin ? SKIN_VERTEX_BYTES : NORMAL_VERTEX_BYTES);
  if (plan) planned(out, plan, skin, recordBytes);
  else {
    const raw = g as O3dGeometry;
    out.bytes(leBytes(raw.vertexList));
    out.place(recordBytes, (view, at) => (skin ? skinRecords : normalRecords)(raw, count, view, at));
    out.bytes(leBytes(raw.indices));
  }
  out.bytes(leBytes(g.vertexMap));
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

/** A plan's list, records and indices: the records and indices filled straight from the scene's arrays. */
function planned(out: PlacingWriter, g: GeometryPlan, skin: boolean, recordBytes: number): void {
  out.bytes(leBytes(g.listWords));
  out.place(recordBytes, (view, at) => writeRecords(view, at, g.spans, skin));
  out.place(g.faceCount * 6, (view, at) => writeIndices(view, at, g.spans));
}

/** A raw geometry's NORMALVERTEX records (position, normal, uv: 32 bytes) at `at`. */
function normalRecords(g: O3dGeometry, count: number, view: DataView, at: number): void {
  const p = g.positions, n = g.normals, t = g.uvs;
  for (let v = 0, o = at; v < count; v++, o += 32) {
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

/** A raw geometry's SKINVERTEX records (position, w1 w2, idxA idxB as u16, normal, uv: 44 bytes) at `at`. */
function skinRecords(g: O3dGeometry, count: number, view: DataView, at: number): void {
  const p = g.positions, n = g.normals, t = g.uvs, w = g.weights!, idx = g.boneIndices!;
  for (let v = 0, o = at; v < count; v++, o += 44) {
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
