/**
 * An independent, minimal MS3D field dump and pose evaluator for the tests. It shares no code with
 * the parser: plain DataView reads, Float64 row math straight from the viewer's description
 * (AngleMatrix = Rz·Ry·Rx, local = bind · T(pos key) · R(rot key), weights / 100).
 */

export interface DumpJoint {
  name: string;
  parent: string;
  rot: number[];
  pos: number[];
  rotKeys: number[][]; // [time, x, y, z]
  posKeys: number[][];
}

export interface Dump {
  version: number;
  nVertices: number;
  nTriangles: number;
  nGroups: number;
  nMaterials: number;
  fps: number;
  currentTime: number;
  totalFrames: number;
  joints: DumpJoint[];
  rotKeys: number;
  posKeys: number;
  /** e.g. ['comments sv1', 'vertexExtra sv3', 'jointExtra sv1', 'modelExtra sv1'] */
  trailer: string[];
  positions: number[][];
  boneIds: number[];
  extraIds: number[][];
  extraWeights: number[][];
  /** Vertices used by some group's triangles. */
  used: Set<number>;
  groupTriangleCounts: number[];
  groupMaterials: number[];
  /** Distinct (vertex, corner normal, corner uv) tuples per group. */
  groupRenderVertices: number[];
  materialNames: string[];
  materialTextures: string[];
  comments?: { groups: number; materials: number; joints: number; model?: string };
  /** RGB per joint (joint extra). */
  jointColors?: number[][];
  /** jointSize, transparencyMode, alphaRef. */
  modelExtra?: [number, number, number];
  end: number;
}

function latin1(b: Uint8Array, at: number, n: number): string {
  let s = '';
  for (let i = 0; i < n && b[at + i] !== 0; i++) s += String.fromCharCode(b[at + i]);
  return s;
}

export function dumpMs3d(b: Uint8Array): Dump {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let o = 14;
  const u16 = () => ((o += 2), dv.getUint16(o - 2, true));
  const i32 = () => ((o += 4), dv.getInt32(o - 4, true));
  const f32 = () => ((o += 4), dv.getFloat32(o - 4, true));
  const version = dv.getInt32(10, true);
  const nVertices = u16();
  const positions: number[][] = [];
  const boneIds: number[] = [];
  for (let v = 0; v < nVertices; v++) {
    const at = o + v * 15;
    positions.push([dv.getFloat32(at + 1, true), dv.getFloat32(at + 5, true), dv.getFloat32(at + 9, true)]);
    boneIds.push(dv.getInt8(at + 13));
  }
  o += 15 * nVertices;
  const nTriangles = u16();
  const triStart = o;
  o += 70 * nTriangles;
  const nGroups = u16();
  const used = new Set<number>();
  const groupTriangleCounts: number[] = [];
  const groupMaterials: number[] = [];
  const groupRenderVertices: number[] = [];
  for (let g = 0; g < nGroups; g++) {
    o += 33;
    const n = u16();
    groupTriangleCounts.push(n);
    const tuples = new Set<string>();
    for (let k = 0; k < n; k++) {
      const t = u16();
      const at = triStart + t * 70;
      for (let c = 0; c < 3; c++) {
        const v = dv.getUint16(at + 2 + c * 2, true);
        used.add(v);
        const normal = [0, 1, 2].map((i) => dv.getUint32(at + 8 + c * 12 + i * 4, true));
        tuples.add(`${v} ${normal.join(' ')} ${dv.getUint32(at + 44 + c * 4, true)} ${dv.getUint32(at + 56 + c * 4, true)}`);
      }
    }
    groupRenderVertices.push(tuples.size);
    groupMaterials.push(dv.getInt8(o));
    o += 1;
  }
  const nMaterials = u16();
  const materialNames: string[] = [];
  const materialTextures: string[] = [];
  for (let m = 0; m < nMaterials; m++) {
    materialNames.push(latin1(b, o, 32));
    materialTextures.push(latin1(b, o + 105, 128));
    o += 361;
  }
  const fps = f32();
  const currentTime = f32();
  const totalFrames = i32();
  const nJoints = u16();
  const joints: DumpJoint[] = [];
  let rotKeys = 0;
  let posKeys = 0;
  for (let j = 0; j < nJoints; j++) {
    const name = latin1(b, o + 1, 32);
    const parent = latin1(b, o + 33, 32);
    o += 65;
    const rot = [f32(), f32(), f32()];
    const pos = [f32(), f32(), f32()];
    const nr = u16();
    const np = u16();
    const keys = (n: number) => Array.from({ length: n }, () => [f32(), f32(), f32(), f32()]);
    const rk = keys(nr);
    const pk = keys(np);
    rotKeys += nr;
    posKeys += np;
    joints.push({ name, parent, rot, pos, rotKeys: rk, posKeys: pk });
  }
  const trailer: string[] = [];
  const extraIds: number[][] = [];
  const extraWeights: number[][] = [];
  let comments: Dump['comments'];
  if (b.length - o >= 4) {
    trailer.push(`comments sv${i32()}`);
    const counts: number[] = [];
    for (let kind = 0; kind < 3; kind++) {
      const n = i32();
      counts.push(n);
      for (let k = 0; k < n; k++) {
        i32();
        const len = i32();
        o += len;
      }
    }
    let model: string | undefined;
    if (i32() === 1) {
      const len = i32();
      model = latin1(b, o, len);
      o += len;
    }
    comments = { groups: counts[0], materials: counts[1], joints: counts[2], model };
  }
  if (b.length - o >= 4) {
    const sv = i32();
    trailer.push(`vertexExtra sv${sv}`);
    const size = sv === 1 ? 6 : sv === 2 ? 10 : 14;
    for (let v = 0; v < nVertices; v++) {
      extraIds.push([dv.getInt8(o), dv.getInt8(o + 1), dv.getInt8(o + 2)]);
      extraWeights.push([b[o + 3], b[o + 4], b[o + 5]]);
      o += size;
    }
  }
  let jointColors: number[][] | undefined;
  let modelExtra: [number, number, number] | undefined;
  if (b.length - o >= 4) {
    trailer.push(`jointExtra sv${i32()}`);
    jointColors = Array.from({ length: nJoints }, () => [f32(), f32(), f32()]);
  }
  if (b.length - o >= 4) {
    trailer.push(`modelExtra sv${i32()}`);
    modelExtra = [f32(), i32(), f32()];
  }
  return {
    version, nVertices, nTriangles, nGroups, nMaterials, fps, currentTime, totalFrames, joints, rotKeys, posKeys,
    trailer, positions, boneIds, extraIds, extraWeights, used, groupTriangleCounts, groupMaterials, groupRenderVertices, materialNames,
    materialTextures, comments, jointColors, modelExtra, end: o,
  };
}

// ---- Row-major 3×4 affine math in Float64 (the viewer's layout), independent of core.math ----

type M34 = number[][]; // 3 rows × 4 columns

export function angleMatrix(a: number[]): M34 {
  // The viewer's AngleMatrix: R = Rz(a2) · Ry(a1) · Rx(a0).
  const [sr, sp, sy] = [Math.sin(a[0]), Math.sin(a[1]), Math.sin(a[2])];
  const [cr, cp, cy] = [Math.cos(a[0]), Math.cos(a[1]), Math.cos(a[2])];
  return [
    [cp * cy, sr * sp * cy - cr * sy, cr * sp * cy + sr * sy, 0],
    [cp * sy, sr * sp * sy + cr * cy, cr * sp * sy - sr * cy, 0],
    [-sp, sr * cp, cr * cp, 0],
  ];
}

export function concat(a: M34, b: M34): M34 {
  const out: M34 = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 4; j++) out[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j] + (j === 3 ? a[i][3] : 0);
  }
  return out;
}

export function apply(m: M34, p: number[]): number[] {
  return [0, 1, 2].map((i) => m[i][0] * p[0] + m[i][1] * p[1] + m[i][2] * p[2] + m[i][3]);
}

/** Inverse of a rigid 3×4 (rotation transposed). */
export function invertRigid(m: M34): M34 {
  const out: M34 = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) out[i][j] = m[j][i];
  for (let i = 0; i < 3; i++) out[i][3] = -(out[i][0] * m[0][3] + out[i][1] * m[1][3] + out[i][2] * m[2][3]);
  return out;
}

function trs(pos: number[], rot: number[]): M34 {
  const m = angleMatrix(rot);
  for (let i = 0; i < 3; i++) m[i][3] = pos[i];
  return m;
}

// Quaternion of a rotation matrix (for slerping rotation keys), [x, y, z, w].
function quatOf(m: M34): number[] {
  const tr = m[0][0] + m[1][1] + m[2][2];
  let q: number[];
  if (tr > 0) {
    const s = Math.sqrt(tr + 1) * 2;
    q = [(m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s, s / 4];
  } else if (m[0][0] > m[1][1] && m[0][0] > m[2][2]) {
    const s = Math.sqrt(1 + m[0][0] - m[1][1] - m[2][2]) * 2;
    q = [s / 4, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s, (m[2][1] - m[1][2]) / s];
  } else if (m[1][1] > m[2][2]) {
    const s = Math.sqrt(1 + m[1][1] - m[0][0] - m[2][2]) * 2;
    q = [(m[0][1] + m[1][0]) / s, s / 4, (m[1][2] + m[2][1]) / s, (m[0][2] - m[2][0]) / s];
  } else {
    const s = Math.sqrt(1 + m[2][2] - m[0][0] - m[1][1]) * 2;
    q = [(m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, s / 4, (m[1][0] - m[0][1]) / s];
  }
  return q;
}

function matOfQuat(q: number[]): M34 {
  const [x, y, z, w] = q;
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w), 0],
    [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w), 0],
    [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y), 0],
  ];
}

function slerp(a: number[], b: number[], t: number): number[] {
  let d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  const bb = d < 0 ? b.map((v) => -v) : b;
  d = Math.abs(d);
  let k0 = 1 - t, k1 = t;
  if (d < 0.9999) {
    const th = Math.acos(d);
    k0 = Math.sin((1 - t) * th) / Math.sin(th);
    k1 = Math.sin(t * th) / Math.sin(th);
  }
  const q = a.map((v, i) => v * k0 + bb[i] * k1);
  const l = Math.hypot(...q);
  return q.map((v) => v / l);
}

function bracket(keys: number[][], time: number): { a: number[]; b: number[]; t: number } | undefined {
  if (!keys.length) return undefined;
  if (time <= keys[0][0]) return { a: keys[0], b: keys[0], t: 0 };
  const last = keys[keys.length - 1];
  if (time >= last[0]) return { a: last, b: last, t: 0 };
  let i = 0;
  while (keys[i + 1][0] <= time) i++;
  return { a: keys[i], b: keys[i + 1], t: (time - keys[i][0]) / (keys[i + 1][0] - keys[i][0]) };
}

/** The viewer's Hermite position (msModel::SetupTangents + EvaluateJoint), looped tangents. */
function hermitePosition(keys: number[][], time: number): number[] {
  const n = keys.length;
  if (time < keys[0][0]) return keys[0].slice(1);
  if (time >= keys[n - 1][0]) return keys[n - 1].slice(1);
  let i = 0;
  while (!(time >= keys[i][0] && time < keys[i + 1][0])) i++;
  const tangent = (k: number, out: boolean): number[] => {
    if (n <= 2) return [0, 0, 0];
    const k0 = k === 0 ? n - 1 : k - 1;
    const k2 = k === n - 1 ? 0 : k + 1;
    const dt1 = keys[k][0] - keys[k0][0];
    const dt2 = keys[k2][0] - keys[k][0];
    return [1, 2, 3].map((c) => ((keys[k2][c] - keys[k0][c]) * (out ? dt2 : dt1)) / (dt1 + dt2));
  };
  const t = (time - keys[i][0]) / (keys[i + 1][0] - keys[i][0]);
  const h1 = 2 * t ** 3 - 3 * t ** 2 + 1, h2 = -2 * t ** 3 + 3 * t ** 2, h3 = t ** 3 - 2 * t ** 2 + t, h4 = t ** 3 - t ** 2;
  const m0 = tangent(i, true), m1 = tangent(i + 1, false);
  return [0, 1, 2].map((c) => h1 * keys[i][c + 1] + h3 * m0[c] + h2 * keys[i + 1][c + 1] + h4 * m1[c]);
}

/** Global matrices of every joint at `time` (undefined time = bind pose). */
export function evaluateJoints(d: Dump, time?: number, hermite = false): M34[] {
  const global: M34[] = [];
  const done = new Array<boolean>(d.joints.length).fill(false);
  const visit = (j: number): M34 => {
    if (done[j]) return global[j];
    const joint = d.joints[j];
    let local = trs(joint.pos, joint.rot);
    if (time !== undefined) {
      const p = bracket(joint.posKeys, time);
      const r = bracket(joint.rotKeys, time);
      let pos = p ? [1, 2, 3].map((c) => p.a[c] + (p.b[c] - p.a[c]) * p.t) : [0, 0, 0];
      if (p && hermite) pos = hermitePosition(joint.posKeys, time);
      let rm: M34 = angleMatrix([0, 0, 0]);
      if (r) rm = r.t === 0 ? angleMatrix(r.a.slice(1)) : matOfQuat(slerp(quatOf(angleMatrix(r.a.slice(1))), quatOf(angleMatrix(r.b.slice(1))), r.t));
      for (let i = 0; i < 3; i++) rm[i][3] = pos[i];
      local = concat(local, rm);
    }
    const parent = d.joints.findIndex((o) => o.name === joint.parent);
    global[j] = parent >= 0 && joint.parent !== '' ? concat(visit(parent), local) : local;
    done[j] = true;
    return global[j];
  };
  d.joints.forEach((_, j) => visit(j));
  return global;
}

/** Influences of a vertex exactly as the viewer assigns them (weights / 100, renormalised). */
export function influences(d: Dump, v: number): [number, number][] {
  const b0 = d.boneIds[v];
  if (b0 < 0 || b0 >= d.joints.length) return [];
  const ids = d.extraIds[v];
  const ws = d.extraWeights[v];
  if (!ids || (ws[0] === 0 && ws[1] === 0 && ws[2] === 0)) return [[b0, 1]];
  const slots: [number, number][] = [[b0, ws[0]], [ids[0], ws[1]], [ids[1], ws[2]], [ids[2], 100 - ws[0] - ws[1] - ws[2]]];
  const out: [number, number][] = [];
  for (const [j, w] of slots) {
    if (w > 0 && j >= 0 && j < d.joints.length) out.push([j, w / 100]);
    else break;
  }
  if (!out.length) return [[b0, 1]];
  const sum = out.reduce((s, [, w]) => s + w, 0);
  return out.map(([j, w]) => [j, w / sum]);
}

/** Box of the used vertices, skinned at `time` (or in bind pose). */
export function referenceBounds(d: Dump, time?: number, hermite = false): { min: number[]; max: number[] } {
  const bind = evaluateJoints(d);
  const posed = time === undefined ? bind : evaluateJoints(d, time, hermite);
  const skinMats = posed.map((g, j) => concat(g, invertRigid(bind[j])));
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const v of d.used) {
    const inf = influences(d, v);
    let p = d.positions[v];
    if (inf.length) {
      const acc = [0, 0, 0];
      for (const [j, w] of inf) apply(skinMats[j], p).forEach((c, i) => (acc[i] += w * c));
      p = acc;
    }
    for (let i = 0; i < 3; i++) {
      min[i] = Math.min(min[i], p[i]);
      max[i] = Math.max(max[i], p[i]);
    }
  }
  return { min, max };
}
