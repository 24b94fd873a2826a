/** A GMObject geometry block as bytes (docs/formats/o3d.md §2.3, §2.4): the inverse of read/geometry.ts. */
import type { ByteSink } from '@relic3d/core';
import { LIMITS, type O3dGeometry } from '../../file.js';
import { NORMAL_VERTEX_BYTES, SKIN_VERTEX_BYTES } from '../../read/layout.js';
import { isPlan, type GeometryPlan, type WrittenGeometry } from '../plan.js';
import { vertexList, writePhysique } from '../vertex-list.js';
import { lengthName, leBytes, type NameBytes } from './arrays.js';
import type { WriteScratch } from './scratch.js';
import { writeIndices, writeRecords } from './spans.js';

/** The geometry's header: box 24 bytes, opacity, bump, rigid 12, reserved 28, four counts 16. */
const HEADER_BYTES = 80;

export function writeGeometry(out: ByteSink, g: WrittenGeometry, skin: boolean, name: NameBytes, scratch: WriteScratch): void {
  if (isPlan(g)) planned(out, g, skin, scratch);
  else {
    const count = g.positions.length / 3;
    out.f32s(g.bboxMin).f32s(g.bboxMax).i32(g.opacity).i32(g.bump).i32(g.rigid).zeros(28);
    out.i32(g.vertexList.length / 3).i32(count).i32(g.faceCount).i32(g.indices.length);
    out.bytes(leBytes(g.vertexList));
    out.place(count * (skin ? SKIN_VERTEX_BYTES : NORMAL_VERTEX_BYTES), (view, at) => (skin ? skinRecords : normalRecords)(g, count, view, at));
    out.bytes(leBytes(g.indices));
    out.bytes(leBytes(g.vertexMap));
    out.u32(g.physique.length).bytes(leBytes(g.physique));
  }
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

/**
 * A plan's header, list, records, indices, map and physique, written straight from the scene's
 * arrays: the weld fills the list in place, then the header with its box and list count.
 */
function planned(out: ByteSink, g: GeometryPlan, skin: boolean, scratch: WriteScratch): void {
  const count = g.vertexCount;
  const recordBytes = count * (skin ? SKIN_VERTEX_BYTES : NORMAL_VERTEX_BYTES);
  scratch.expect(Math.max(count * 12, recordBytes, g.faceCount * 6));
  let unique = 0;
  out.placeUpTo(HEADER_BYTES + count * 12, (view, at) => {
    const weld = vertexList(g.spans, count, view, at + HEADER_BYTES, scratch, g.withPhysique);
    unique = weld.unique;
    [...weld.min, ...weld.max].forEach((v, k) => view.setFloat32(at + k * 4, v, true));
    // Then the reserved 28 bytes, left 0.
    [g.opacity, g.bump, g.rigid].forEach((v, k) => view.setInt32(at + 24 + k * 4, v, true));
    [unique, count, g.faceCount, g.faceCount * 3].forEach((v, k) => view.setInt32(at + 64 + k * 4, v, true));
    return HEADER_BYTES + unique * 12;
  });
  out.place(recordBytes, (view, at) => writeRecords(view, at, count, g.spans, skin, scratch));
  out.place(g.faceCount * 6, (view, at) => writeIndices(view, at, g.faceCount * 3, g.spans, scratch));
  out.place(count * 2, (view, at) => new Uint8Array(view.buffer, view.byteOffset + at, count * 2).set(leBytes(scratch.map.subarray(0, count))));
  out.placeUpTo(4 + count * 4, (view, at) => {
    const entries = g.withPhysique ? unique : 0;
    view.setUint32(at, entries, true);
    writePhysique(view, at + 4, g.spans, scratch.first, entries, g.boneMap);
    return 4 + entries * 4;
  });
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
