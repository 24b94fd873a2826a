// Minimal, test-only field dumps of corpus files (independent of any parser in the repo), written
// from docs/formats/ms3d.md §2 and mdl.md §2.
export interface Ms3dDump {
  vertexCount: number;
  /** Offset of the first 15-byte vertex record. */
  verticesAt: number;
  triangleCount: number;
  /** Offset of the first 70-byte triangle record. */
  trianglesAt: number;
  joints: { name: string; parent: string; rotation: number[]; position: number[]; rotKeys: number[][]; posKeys: number[][] }[];
  fps: number;
  /** Vertex-extra section: record size (6/10/14) and offset, when present. */
  extra?: { stride: number; at: number };
}

export function dumpMs3d(bytes: Uint8Array): Ms3dDump {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const str = (at: number, n: number) => {
    let s = '';
    for (let i = 0; i < n && bytes[at + i]; i++) s += String.fromCharCode(bytes[at + i]);
    return s;
  };
  let p = 14;
  const vertexCount = dv.getUint16(p, true);
  const verticesAt = p + 2;
  p = verticesAt + vertexCount * 15;
  const triangleCount = dv.getUint16(p, true);
  const trianglesAt = p + 2;
  p = trianglesAt + triangleCount * 70;
  const groups = dv.getUint16(p, true);
  p += 2;
  for (let g = 0; g < groups; g++) p += 36 + 2 * dv.getUint16(p + 33, true);
  p += 2 + 361 * dv.getUint16(p, true);
  const fps = dv.getFloat32(p, true);
  p += 12;
  const jointCount = dv.getUint16(p, true);
  p += 2;
  const joints: Ms3dDump['joints'] = [];
  const vec = (at: number) => [dv.getFloat32(at, true), dv.getFloat32(at + 4, true), dv.getFloat32(at + 8, true)];
  for (let j = 0; j < jointCount; j++) {
    const nr = dv.getUint16(p + 89, true), np = dv.getUint16(p + 91, true);
    const keys = (at: number, n: number) => Array.from({ length: n }, (_, k) => [dv.getFloat32(at + k * 16, true), ...vec(at + k * 16 + 4)]);
    joints.push({
      name: str(p + 1, 32),
      parent: str(p + 33, 32),
      rotation: vec(p + 65),
      position: vec(p + 77),
      rotKeys: keys(p + 93, nr),
      posKeys: keys(p + 93 + 16 * nr, np),
    });
    p += 93 + 16 * (nr + np);
  }
  let extra: Ms3dDump['extra'];
  if (p + 4 <= bytes.length && dv.getInt32(p, true) === 1) {
    p += 4;
    for (let section = 0; section < 3; section++) {
      const n = dv.getInt32(p, true);
      p += 4;
      for (let i = 0; i < n; i++) p += 8 + dv.getInt32(p + 4, true);
    }
    const hasModel = dv.getInt32(p, true);
    p += 4;
    if (hasModel) p += 4 + dv.getInt32(p, true);
    if (p + 4 <= bytes.length) {
      const sub = dv.getInt32(p, true);
      const stride = ({ 1: 6, 2: 10, 3: 14 } as Record<number, number>)[sub];
      if (stride && p + 4 + stride * vertexCount <= bytes.length) extra = { stride, at: p + 4 };
    }
  }
  return { vertexCount, verticesAt, triangleCount, trianglesAt, joints, fps, extra };
}

export interface MdlMeshDump {
  vertexCount: number;
  verticesAt: number;
  indexSize: number;
  indexCount: number;
  indicesAt: number;
}

/** The first mesh of an Ultra MDL v300–302 (96-byte vertex records). */
export function dumpMdlFirstMesh(bytes: Uint8Array): MdlMeshDump {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const find = (tag: string, from: number) => {
    outer: for (let i = from; i + 4 <= bytes.length; i++) {
      for (let k = 0; k < 4; k++) if (bytes[i + k] !== tag.charCodeAt(k)) continue outer;
      return i;
    }
    throw new Error(`${tag} not found`);
  };
  let p = find('MESH', find('LOD_', 16)) + 4 + 4; // tag, polyVerts
  p += 4 + dv.getInt32(p, true); // name
  p += 4 + dv.getInt32(p, true); // materialPath
  p += 4; // strideField (88, wrong)
  const vertexCount = dv.getInt32(p, true);
  const verticesAt = p + 4;
  p = verticesAt + vertexCount * 96;
  const indexSize = dv.getInt32(p, true);
  const indexCount = dv.getInt32(p + 4, true);
  return { vertexCount, verticesAt, indexSize, indexCount, indicesAt: p + 8 };
}

/** Parses the MANIFEST note's `key=value` number, e.g. `vertices=40`. */
export function noteNumber(note: string, key: string): number | undefined {
  const m = new RegExp(`(?:^|[ ,;(])${key}=(\\d+)`).exec(note);
  return m ? Number(m[1]) : undefined;
}
