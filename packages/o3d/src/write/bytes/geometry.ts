/** A GMObject geometry block as bytes (docs/formats/o3d.md §2.3, §2.4): the inverse of read/geometry.ts. */
import { LIMITS, type O3dGeometry } from '../../file.js';
import { NORMAL_VERTEX_BYTES, SKIN_VERTEX_BYTES } from '../../read/layout.js';
import { LITTLE_ENDIAN, lengthName, leBytes, type NameBytes, type PartsWriter } from './arrays.js';

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

/**
 * Float32 words of `count` records of `bytes` each at `target[at…]`: a view of the target when it is
 * 4-byte aligned on a little-endian host, else a scratch array that `done` copies there (one memcpy),
 * so the records are filled by one typed-array pass instead of a DataView call per field.
 */
function recordWords(target: Uint8Array, at: number, count: number, bytes: number): { f32: Float32Array; u32: Uint32Array; done: () => void } {
  const words = (count * bytes) / 4;
  const inPlace = LITTLE_ENDIAN && ((target.byteOffset + at) & 3) === 0;
  const f32 = inPlace ? new Float32Array(target.buffer, target.byteOffset + at, words) : new Float32Array(words);
  const u32 = new Uint32Array(f32.buffer, f32.byteOffset, words);
  return { f32, u32, done: () => inPlace || target.set(leBytes(u32), at) };
}

/** NORMALVERTEX records (position, normal, uv: 32 bytes) into `target` at `at`. */
function normalRecords(g: O3dGeometry, count: number, target: Uint8Array, at: number): void {
  const p = g.positions, n = g.normals, t = g.uvs;
  const { f32, done } = recordWords(target, at, count, NORMAL_VERTEX_BYTES);
  for (let v = 0, o = 0; v < count; v++, o += 8) {
    f32[o] = p[v * 3];
    f32[o + 1] = p[v * 3 + 1];
    f32[o + 2] = p[v * 3 + 2];
    f32[o + 3] = n[v * 3];
    f32[o + 4] = n[v * 3 + 1];
    f32[o + 5] = n[v * 3 + 2];
    f32[o + 6] = t[v * 2];
    f32[o + 7] = t[v * 2 + 1];
  }
  done();
}

/** SKINVERTEX records (position, w1 w2, idxA idxB as u16, normal, uv: 44 bytes) into `target` at `at`. */
function skinRecords(g: O3dGeometry, count: number, target: Uint8Array, at: number): void {
  const p = g.positions, n = g.normals, t = g.uvs, w = g.weights!, idx = g.boneIndices!;
  const { f32, u32, done } = recordWords(target, at, count, SKIN_VERTEX_BYTES);
  for (let v = 0, o = 0; v < count; v++, o += 11) {
    f32[o] = p[v * 3];
    f32[o + 1] = p[v * 3 + 1];
    f32[o + 2] = p[v * 3 + 2];
    f32[o + 3] = w[v * 2];
    f32[o + 4] = w[v * 2 + 1];
    // idxA then idxB, little-endian u16s: one word.
    u32[o + 5] = idx[v * 2] | (idx[v * 2 + 1] << 16);
    f32[o + 6] = n[v * 3];
    f32[o + 7] = n[v * 3 + 1];
    f32[o + 8] = n[v * 3 + 2];
    f32[o + 9] = t[v * 2];
    f32[o + 10] = t[v * 2 + 1];
  }
  done();
}
