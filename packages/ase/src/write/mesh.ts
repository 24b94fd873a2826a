import type { MeshData } from './mesh-data.js';
import { MAX_NUMBER_BYTES, NEWLINE, SPACE, TAB, putBytes, putCopy, putFixed3At, putFixedAt, putInt, putUint, putUintPadded } from './digits.js';
import { ascii, type TextWriter } from './text.js';

/** `depth` tabs then a `*KEYWORD` (the texture lists sit 2 or 3 tabs deep). */
const indented = (depth: number, keyword: string) => ascii('\t'.repeat(depth) + keyword);

// Line layouts of the Max exporter's ExportMesh (docs/formats/ase.md §3), pre-encoded.
const K = {
  mesh: ascii('\t*MESH {\n\t\t*TIMEVALUE 0\n\t\t*MESH_NUMVERTEX '),
  numFaces: ascii('\t\t*MESH_NUMFACES '),
  vertexList: ascii('\t\t*MESH_VERTEX_LIST {\n'),
  vertex: ascii('\t\t\t*MESH_VERTEX '),
  faceList: ascii('\t\t*MESH_FACE_LIST {\n'),
  face: ascii('\t\t\t*MESH_FACE '),
  a: ascii(':    A: '),
  b: ascii(' B: '),
  c: ascii(' C: '),
  edges: ascii(' AB:    1 BC:    1 CA:    1\t *MESH_SMOOTHING '),
  mtlId: ascii('\t*MESH_MTLID '),
  close2: ascii('\t\t}\n'),
  close1: ascii('\t}\n'),
  numT: ascii('*MESH_NUMTVERTEX '),
  tvertList: ascii('*MESH_TVERTLIST {\n'),
  tverts: [2, 3].map((depth) => indented(depth + 1, '*MESH_TVERT ')),
  tfaces: [2, 3].map((depth) => indented(depth + 1, '*MESH_TFACE ')),
  numTF: ascii('*MESH_NUMTVFACES '),
  tfaceList: ascii('*MESH_TFACELIST {\n'),
  numC: ascii('\t\t*MESH_NUMCVERTEX '),
  cvertList: ascii('\t\t*MESH_CVERTLIST {\n'),
  cvert: ascii('\t\t\t*MESH_VERTCOL '),
  numCF: ascii('\t\t*MESH_NUMCVFACES '),
  cfaceList: ascii('\t\t*MESH_CFACELIST {\n'),
  cface: ascii('\t\t\t*MESH_CFACE '),
  normals: ascii('\t\t*MESH_NORMALS {\n'),
  faceNormal: ascii('\t\t\t*MESH_FACENORMAL '),
  vertexNormal: ascii('\t\t\t\t*MESH_VERTEXNORMAL '),
};

/** Room for one list line: its fixed text, an index and up to 3 floats or 4 integers. */
const LINE = 96 + 4 * MAX_NUMBER_BYTES;

/** `*MESH { … }` of a `*GEOMOBJECT` (one tab deep), with `extra` (the weights block) before its end. */
export function writeMesh(out: TextWriter, d: MeshData, extra?: () => void): void {
  const { vertexCount, faceCount } = d;
  out.raw(K.mesh);
  out.int(vertexCount);
  out.newline();
  out.raw(K.numFaces);
  out.int(faceCount);
  out.newline();
  out.raw(K.vertexList);
  writeVertices(out, d);
  out.raw(K.close2);
  out.raw(K.faceList);
  writeFaces(out, d);
  out.raw(K.close2);
  // Map channel 1 is the plain texture list; TEXCOORD_1.. are mapping channels 2.. (Max R3).
  const channel1 = d.uvs[0];
  writeTexture(out, channel1, d.faces, vertexCount, faceCount, 2);
  for (let k = 1; k < d.uvs.length; k++) {
    const uv = d.uvs[k];
    if (!uv) continue;
    out.tabs(2);
    out.text('*MESH_MAPPINGCHANNEL ');
    out.int(k + 1);
    out.text(' {\n');
    writeTexture(out, uv, d.faces, vertexCount, faceCount, 3);
    out.raw(K.close2);
  }
  writeColors(out, d);
  writeNormals(out, d);
  extra?.();
  out.raw(K.close1);
}

/**
 * `*MESH_VERTEX` lines. A skinned mesh keeps where each position's text is (`d.positionText`): its
 * `*MESH_BONE_VERTEX` lines copy it instead of formatting the same numbers again.
 */
function writeVertices(out: TextWriter, d: MeshData): void {
  const { positions, vertexCount } = d;
  const scale = out.scale, dec = out.decimals, prefix = K.vertex;
  const at = d.joints ? (d.positionText = new Float64Array(vertexCount * 2)) : undefined;
  let b = out.ensure(out.length, 0), p = out.length;
  for (let v = 0; v < vertexCount; v++) {
    if (p + LINE > b.length) b = out.ensure(p, LINE);
    p = putBytes(b, p, prefix);
    p = putUintPadded(b, p, v, 4);
    b[p++] = TAB;
    const start = p;
    p = putFixed3At(b, p, positions, v * 3, scale, dec);
    if (at) {
      at[v * 2] = start;
      at[v * 2 + 1] = p;
    }
    b[p++] = NEWLINE;
  }
  out.ensure(p, 0);
}

/** `*MESH_FACE` lines: `%4d` indices, the smoothing group when it has one, the material id. */
function writeFaces(out: TextWriter, d: MeshData): void {
  const { faces, faceCount, smoothing, mtlIds } = d;
  let b = out.ensure(out.length, 0), p = out.length;
  for (let f = 0; f < faceCount; f++) {
    if (p + LINE > b.length) b = out.ensure(p, LINE);
    p = putBytes(b, p, K.face);
    p = putUintPadded(b, p, f, 4);
    p = putBytes(b, p, K.a);
    p = putUintPadded(b, p, faces[f * 3], 4);
    p = putBytes(b, p, K.b);
    p = putUintPadded(b, p, faces[f * 3 + 1], 4);
    p = putBytes(b, p, K.c);
    p = putUintPadded(b, p, faces[f * 3 + 2], 4);
    p = putBytes(b, p, K.edges);
    if (smoothing[f]) {
      p = putUint(b, p, smoothing[f]);
      b[p++] = SPACE;
    }
    p = putBytes(b, p, K.mtlId);
    p = putInt(b, p, mtlIds[f]);
    b[p++] = NEWLINE;
  }
  out.ensure(p, 0);
}

/** A face's three vertex indices, tab-separated, and the line's end. */
function putCorners(b: Uint8Array, p: number, faces: Uint32Array, f: number): number {
  b[p++] = TAB;
  p = putUint(b, p, faces[f * 3]);
  b[p++] = TAB;
  p = putUint(b, p, faces[f * 3 + 1]);
  b[p++] = TAB;
  p = putUint(b, p, faces[f * 3 + 2]);
  b[p] = NEWLINE;
  return p + 1;
}

function writeTexture(out: TextWriter, uv: Float32Array | undefined, faces: Uint32Array, vertexCount: number, faceCount: number, depth: number): void {
  out.tabs(depth);
  out.raw(K.numT);
  out.int(uv ? vertexCount : 0);
  out.newline();
  if (!uv) return;
  out.tabs(depth);
  out.raw(K.tvertList);
  const scale = out.scale, dec = out.decimals, tvert = K.tverts[depth - 2], tface = K.tfaces[depth - 2];
  // The third coordinate is always 0: its text once.
  const zero = new Uint8Array(MAX_NUMBER_BYTES);
  const zeroText = zero.subarray(0, putFixedAt(zero, 0, new Float64Array(1), 0, scale, dec));
  let b = out.ensure(out.length, 0), p = out.length;
  for (let v = 0; v < vertexCount; v++) {
    if (p + LINE > b.length) b = out.ensure(p, LINE);
    p = putBytes(b, p, tvert);
    p = putUint(b, p, v);
    b[p++] = TAB;
    p = putFixedAt(b, p, uv, v * 2, scale, dec);
    b[p++] = TAB;
    p = putFixedAt(b, p, uv, v * 2 + 1, scale, dec);
    b[p++] = TAB;
    p = putBytes(b, p, zeroText);
    b[p++] = NEWLINE;
  }
  out.ensure(p, 0);
  out.tabs(depth);
  out.text('}\n');
  out.tabs(depth);
  out.raw(K.numTF);
  out.int(faceCount);
  out.newline();
  out.tabs(depth);
  out.raw(K.tfaceList);
  b = out.ensure(out.length, 0);
  p = out.length;
  for (let f = 0; f < faceCount; f++) {
    if (p + LINE > b.length) b = out.ensure(p, LINE);
    p = putBytes(b, p, tface);
    p = putCorners(b, putUint(b, p, f), faces, f);
  }
  out.ensure(p, 0);
  out.tabs(depth);
  out.text('}\n');
}

function writeColors(out: TextWriter, d: MeshData): void {
  const colors = d.colors;
  out.raw(K.numC);
  out.int(colors ? d.vertexCount : 0);
  out.newline();
  if (!colors) return;
  out.raw(K.cvertList);
  const scale = out.scale, dec = out.decimals;
  let b = out.ensure(out.length, 0), p = out.length;
  for (let v = 0; v < d.vertexCount; v++) {
    if (p + LINE > b.length) b = out.ensure(p, LINE);
    p = putBytes(b, p, K.cvert);
    p = putUint(b, p, v);
    b[p++] = TAB;
    p = putFixed3At(b, p, colors, v * 3, scale, dec);
    b[p++] = NEWLINE;
  }
  out.ensure(p, 0);
  out.raw(K.close2);
  out.raw(K.numCF);
  out.int(d.faceCount);
  out.newline();
  out.raw(K.cfaceList);
  b = out.ensure(out.length, 0);
  p = out.length;
  for (let f = 0; f < d.faceCount; f++) {
    if (p + LINE > b.length) b = out.ensure(p, LINE);
    p = putBytes(b, p, K.cface);
    p = putCorners(b, putUint(b, p, f), d.faces, f);
  }
  out.ensure(p, 0);
  out.raw(K.close2);
}

/**
 * Max layout: each face normal, then the normals of corners A, B, C by vertex index (§4.3). A
 * corner line is the vertex index and its normal, so when a vertex's corner has the normal its last
 * line had, that line's bytes are copied (most corners of a smooth mesh).
 */
function writeNormals(out: TextWriter, d: MeshData): void {
  const { faceNormals, normals, faces, faceCount } = d;
  const scale = out.scale, dec = out.decimals;
  out.raw(K.normals);
  // Per vertex: the corner whose line was written last, and where that line is.
  const lastCorner = new Int32Array(d.vertexCount).fill(-1);
  const lineAt = new Float64Array(d.vertexCount * 2);
  let b = out.ensure(out.length, 0), p = out.length;
  for (let f = 0; f < faceCount; f++) {
    if (p + 4 * LINE > b.length) b = out.ensure(p, 4 * LINE);
    p = putBytes(b, p, K.faceNormal);
    p = putUint(b, p, f);
    b[p++] = TAB;
    p = putFixed3At(b, p, faceNormals, f * 3, scale, dec);
    b[p++] = NEWLINE;
    for (let k = 0; k < 3; k++) {
      const v = faces[f * 3 + k], o = (f * 3 + k) * 3, last = lastCorner[v] * 3;
      if (last >= 0 && normals[o] === normals[last] && normals[o + 1] === normals[last + 1] && normals[o + 2] === normals[last + 2]) {
        p = putCopy(b, p, lineAt[v * 2], lineAt[v * 2 + 1]);
        continue;
      }
      const start = p;
      p = putBytes(b, p, K.vertexNormal);
      p = putUint(b, p, v);
      b[p++] = TAB;
      p = putFixed3At(b, p, normals, o, scale, dec);
      b[p++] = NEWLINE;
      lastCorner[v] = f * 3 + k;
      lineAt[v * 2] = start;
      lineAt[v * 2 + 1] = p;
    }
  }
  out.ensure(p, 0);
  out.raw(K.close2);
}
