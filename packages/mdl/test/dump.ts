/**
 * A minimal, independent field dump of real "Ultra Model" files for the tests. It shares no code
 * with the parser: a DataView walk of spec §2 that records only what the assertions need.
 */
export interface DumpMesh {
  polyVerts: number;
  name: string;
  material: string;
  strideField: number;
  vertexCount: number;
  indexCount: number;
  firstPosition: [number, number, number];
  /** Raw (left-handed) positions, xyz per vertex. */
  positions: number[];
  /** Raw normals, xyz per vertex. */
  normals: number[];
  /** Raw tangents (bytes 48–59), xyz per vertex. */
  tangents: number[];
  /** Texcoord0 (bytes 24–31), uv per vertex. */
  uvs: number[];
  /** First vertex texcoord0. */
  firstUv: [number, number];
  indices: number[];
}

export interface DumpPart {
  shape: string;
  offset?: number[];
  rotation?: number[];
  size?: number[];
  flag?: number;
  polygons?: number[];
}

export interface Dump {
  version: number;
  name: string;
  position: number[];
  rotation: number[];
  scale: number[];
  color: number[];
  extraFloats?: number[];
  lodCount: number;
  meshes: DumpMesh[];
  physBytes: number;
  parts: DumpPart[];
  end: number;
}

export function dumpUltra(bytes: Uint8Array): Dump {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 12;
  const i32 = () => { const v = dv.getInt32(p, true); p += 4; return v; };
  const f32 = () => { const v = dv.getFloat32(p, true); p += 4; return v; };
  const fs = (n: number) => Array.from({ length: n }, f32);
  const tag = () => { const t = String.fromCharCode(...bytes.subarray(p, p + 4)); p += 4; return t; };
  const str = () => { const n = i32(); const s = new TextDecoder().decode(bytes.subarray(p, p + n)); p += n; return s; };
  const want = (t: string) => { const got = tag(); if (got !== t) throw new Error(`dump: ${t} expected at ${p - 4}, got ${got}`); };

  const version = i32();
  want('NODE');
  const name = str();
  str();
  str();
  const position = fs(3), rotation = fs(4), scale = fs(3), color = fs(4);
  const extraFloats = version >= 301 ? fs(3) : undefined;
  const lodCount = i32();
  const meshes: DumpMesh[] = [];
  for (let l = 0; l < lodCount; l++) {
    want('LOD_');
    f32();
    const meshCount = i32();
    for (let m = 0; m < meshCount; m++) {
      want('MESH');
      const polyVerts = i32();
      const meshName = str();
      const material = str();
      const strideField = i32();
      const vertexCount = i32();
      const positions: number[] = [], normals: number[] = [], tangents: number[] = [], uvs: number[] = [];
      for (let v = 0; v < vertexCount; v++) {
        const base = p + v * 96;
        for (let c = 0; c < 3; c++) positions.push(dv.getFloat32(base + c * 4, true));
        for (let c = 0; c < 3; c++) normals.push(dv.getFloat32(base + 12 + c * 4, true));
        for (let c = 0; c < 3; c++) tangents.push(dv.getFloat32(base + 48 + c * 4, true));
        for (let c = 0; c < 2; c++) uvs.push(dv.getFloat32(base + 24 + c * 4, true));
      }
      const firstUv: [number, number] = vertexCount ? [dv.getFloat32(p + 24, true), dv.getFloat32(p + 28, true)] : [0, 0];
      p += vertexCount * 96;
      const indexSize = i32();
      const indexCount = i32();
      const indices: number[] = [];
      for (let k = 0; k < indexCount; k++) indices.push(indexSize === 2 ? dv.getUint16(p + k * 2, true) : dv.getUint32(p + k * 4, true));
      p += indexCount * indexSize;
      want('PRIM'); { const n = i32(); p += n; }
      want('MSET'); if (i32() !== 0) throw new Error('dump: morphs not expected in real files');
      want('PICK'); { const n = i32(); p += n; }
      meshes.push({
        polyVerts, name: meshName, material, strideField, vertexCount, indexCount,
        firstPosition: [positions[0], positions[1], positions[2]], positions, normals, tangents, uvs, firstUv, indices,
      });
    }
  }
  want('SKEL'); i32();
  want('ATCH'); i32();
  want('ASET'); i32();
  want('PHYS');
  const physBytes = i32();
  const parts: DumpPart[] = [];
  if (physBytes > 0) {
    const partCount = i32();
    for (let k = 0; k < partCount; k++) {
      want('PART');
      const shape = tag();
      if (shape === 'MESH') {
        const flag = i32();
        const polygons: number[] = [];
        const count = i32();
        for (let q = 0; q < count; q++) { const n = i32(); polygons.push(n); p += n * 12; }
        parts.push({ shape, flag, polygons });
      } else parts.push({ shape, offset: fs(3), rotation: fs(4), size: fs(3) });
    }
  }
  want('KIDS');
  i32();
  return { version, name, position, rotation, scale, color, extraFloats, lodCount, meshes, physBytes, parts, end: p };
}
