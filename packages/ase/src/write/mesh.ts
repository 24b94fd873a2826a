import type { MeshData } from './mesh-data.js';
import { ascii, type TextWriter } from './text.js';

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
  tvert: ascii('*MESH_TVERT '),
  numTF: ascii('*MESH_NUMTVFACES '),
  tfaceList: ascii('*MESH_TFACELIST {\n'),
  tface: ascii('*MESH_TFACE '),
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

/** `*MESH { … }` of a `*GEOMOBJECT` (one tab deep), with `extra` (the weights block) before its end. */
export function writeMesh(out: TextWriter, d: MeshData, extra?: () => void): void {
  const { positions, faces, vertexCount, faceCount } = d;
  out.raw(K.mesh);
  out.int(vertexCount);
  out.newline();
  out.raw(K.numFaces);
  out.int(faceCount);
  out.newline();
  out.raw(K.vertexList);
  for (let v = 0; v < vertexCount; v++) {
    out.raw(K.vertex);
    out.int(v, 4);
    out.tab();
    out.fixed3(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
    out.newline();
  }
  out.raw(K.close2);
  out.raw(K.faceList);
  for (let f = 0; f < faceCount; f++) {
    out.raw(K.face);
    out.int(f, 4);
    out.raw(K.a);
    out.int(faces[f * 3], 4);
    out.raw(K.b);
    out.int(faces[f * 3 + 1], 4);
    out.raw(K.c);
    out.int(faces[f * 3 + 2], 4);
    out.raw(K.edges);
    if (d.smoothing[f]) {
      out.int(d.smoothing[f]);
      out.space();
    }
    out.raw(K.mtlId);
    out.int(d.mtlIds[f]);
    out.newline();
  }
  out.raw(K.close2);
  // Map channel 1 is the plain texture list; TEXCOORD_1.. are mapping channels 2.. (Max R3).
  const channel1 = d.uvs[0];
  writeTexture(out, channel1, faces, vertexCount, faceCount, 2);
  d.uvs.forEach((uv, k) => {
    if (k === 0 || !uv) return;
    out.tabs(2);
    out.text('*MESH_MAPPINGCHANNEL ');
    out.int(k + 1);
    out.text(' {\n');
    writeTexture(out, uv, faces, vertexCount, faceCount, 3);
    out.raw(K.close2);
  });
  writeColors(out, d);
  writeNormals(out, d);
  extra?.();
  out.raw(K.close1);
}

function writeTexture(out: TextWriter, uv: Float32Array | undefined, faces: Uint32Array, vertexCount: number, faceCount: number, depth: number): void {
  out.tabs(depth);
  out.raw(K.numT);
  out.int(uv ? vertexCount : 0);
  out.newline();
  if (!uv) return;
  out.tabs(depth);
  out.raw(K.tvertList);
  for (let v = 0; v < vertexCount; v++) {
    out.tabs(depth + 1);
    out.raw(K.tvert);
    out.int(v);
    out.tab();
    out.fixed3(uv[v * 2], uv[v * 2 + 1], 0);
    out.newline();
  }
  out.tabs(depth);
  out.text('}\n');
  out.tabs(depth);
  out.raw(K.numTF);
  out.int(faceCount);
  out.newline();
  out.tabs(depth);
  out.raw(K.tfaceList);
  for (let f = 0; f < faceCount; f++) {
    out.tabs(depth + 1);
    out.raw(K.tface);
    out.int(f);
    out.tab();
    out.int(faces[f * 3]);
    out.tab();
    out.int(faces[f * 3 + 1]);
    out.tab();
    out.int(faces[f * 3 + 2]);
    out.newline();
  }
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
  for (let v = 0; v < d.vertexCount; v++) {
    out.raw(K.cvert);
    out.int(v);
    out.tab();
    out.fixed3(colors[v * 3], colors[v * 3 + 1], colors[v * 3 + 2]);
    out.newline();
  }
  out.raw(K.close2);
  out.raw(K.numCF);
  out.int(d.faceCount);
  out.newline();
  out.raw(K.cfaceList);
  for (let f = 0; f < d.faceCount; f++) {
    out.raw(K.cface);
    out.int(f);
    out.tab();
    out.int(d.faces[f * 3]);
    out.tab();
    out.int(d.faces[f * 3 + 1]);
    out.tab();
    out.int(d.faces[f * 3 + 2]);
    out.newline();
  }
  out.raw(K.close2);
}

/** Max layout: each face normal, then the normals of corners A, B, C by vertex index (§4.3). */
function writeNormals(out: TextWriter, d: MeshData): void {
  const { faceNormals, normals, faces } = d;
  out.raw(K.normals);
  for (let f = 0; f < d.faceCount; f++) {
    out.raw(K.faceNormal);
    out.int(f);
    out.tab();
    out.fixed3(faceNormals[f * 3], faceNormals[f * 3 + 1], faceNormals[f * 3 + 2]);
    out.newline();
    for (let k = 0; k < 3; k++) {
      const o = (f * 3 + k) * 3;
      out.raw(K.vertexNormal);
      out.int(faces[f * 3 + k]);
      out.tab();
      out.fixed3(normals[o], normals[o + 1], normals[o + 2]);
      out.newline();
    }
  }
  out.raw(K.close2);
}
