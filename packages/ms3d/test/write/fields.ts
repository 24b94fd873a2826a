// Field reads of written bytes for the byte-level checks, straight from the layout of
// docs/formats/ms3d.md §2 with a DataView (the dump in ../reference.ts covers the rest).

export interface TriangleField {
  flags: number;
  vertices: number[];
  normals: number[][];
  s: number[];
  t: number[];
  smoothingGroup: number;
  group: number;
}

export interface MaterialField {
  name: string;
  ambient: number[];
  diffuse: number[];
  specular: number[];
  emissive: number[];
  shininess: number;
  transparency: number;
  mode: number;
  texture: string;
  alphamap: string;
}

const text = (b: Uint8Array, at: number, n: number) => {
  let s = '';
  for (let i = 0; i < n && b[at + i]; i++) s += String.fromCharCode(b[at + i]);
  return s;
};

export function fieldsOf(bytes: Uint8Array) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const f32s = (at: number, n: number) => Array.from({ length: n }, (_, i) => v.getFloat32(at + i * 4, true));
  let o = 14;
  const vertexCount = v.getUint16(o, true);
  const vertexAt = o + 2;
  const referenceCounts = Array.from({ length: vertexCount }, (_, i) => bytes[vertexAt + i * 15 + 14]);
  const vertexFlags = Array.from({ length: vertexCount }, (_, i) => bytes[vertexAt + i * 15]);
  o = vertexAt + vertexCount * 15;
  const triangleCount = v.getUint16(o, true);
  const triangles: TriangleField[] = Array.from({ length: triangleCount }, (_, t) => {
    const at = o + 2 + t * 70;
    return {
      flags: v.getUint16(at, true),
      vertices: [0, 1, 2].map((k) => v.getUint16(at + 2 + k * 2, true)),
      normals: [0, 1, 2].map((k) => f32s(at + 8 + k * 12, 3)),
      s: f32s(at + 44, 3),
      t: f32s(at + 56, 3),
      smoothingGroup: bytes[at + 68],
      group: bytes[at + 69],
    };
  });
  o += 2 + triangleCount * 70;
  const groupCount = v.getUint16(o, true);
  const groups: { flags: number; name: string; triangles: number[]; material: number }[] = [];
  o += 2;
  for (let g = 0; g < groupCount; g++) {
    const n = v.getUint16(o + 33, true);
    groups.push({ flags: bytes[o], name: text(bytes, o + 1, 32), triangles: Array.from({ length: n }, (_, i) => v.getUint16(o + 35 + i * 2, true)), material: v.getInt8(o + 35 + n * 2) });
    o += 36 + n * 2;
  }
  const materialCount = v.getUint16(o, true);
  o += 2;
  const materials: MaterialField[] = Array.from({ length: materialCount }, (_, m) => {
    const at = o + m * 361;
    return {
      name: text(bytes, at, 32),
      ambient: f32s(at + 32, 4),
      diffuse: f32s(at + 48, 4),
      specular: f32s(at + 64, 4),
      emissive: f32s(at + 80, 4),
      shininess: v.getFloat32(at + 96, true),
      transparency: v.getFloat32(at + 100, true),
      mode: bytes[at + 104],
      texture: text(bytes, at + 105, 128),
      alphamap: text(bytes, at + 233, 128),
    };
  });
  o += materialCount * 361;
  const animation = { fps: v.getFloat32(o, true), currentTime: v.getFloat32(o + 4, true), totalFrames: v.getInt32(o + 8, true) };
  return { vertexCount, vertexFlags, referenceCounts, triangles, groups, materials, animation };
}

/** The sub-version 2 vertex-extra records (3 ids, 3 weight bytes, 1 word each), found from the end. */
export function vertexExtraWords(bytes: Uint8Array, vertexCount: number, jointCount: number): number[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The trailer ends with the joint colours (4 + 12 per joint) and the model extra (16).
  const end = bytes.length - 16 - (4 + 12 * jointCount);
  const start = end - vertexCount * 10;
  return Array.from({ length: vertexCount }, (_, i) => v.getUint32(start + i * 10 + 6, true));
}
