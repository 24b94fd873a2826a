/**
 * A minimal, independent field dump of ASE text for the tests: regular expressions over the decoded
 * text, sharing no code with the parser. It knows the spec's conventions, nothing else.
 */

export interface Dump {
  text: string;
  counts: Record<string, number>;
  /** Sum of *MESH_NUMFACES over the top-level meshes (not *MESH_ANIMATION frames). */
  faces: number;
  /** Every *MESH_VERTEX, Max axes. */
  vertices: number[][];
  materials: number;
  submaterials: number;
  /** *NODE_TM blocks: name and the 12 row values (undefined when the block has no rows). */
  tms: { name: string; rows?: number[] }[];
  scene: { first: number; last: number; fps: number; tpf: number } | undefined;
  /** Sampled tracks by node name. */
  rotSamples: Map<string, number[][]>;
  posSamples: Map<string, number[][]>;
}

export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('latin1').decode(bytes);
}

const nums = (s: string) => s.trim().split(/\s+/).map(Number);

export function dump(bytes: Uint8Array): Dump {
  const text = decodeText(bytes);
  const counts: Record<string, number> = {};
  for (const m of text.matchAll(/^\s*\*([A-Z0-9_]+)/gim)) counts[m[1].toUpperCase()] = (counts[m[1].toUpperCase()] ?? 0) + 1;
  const faces = [...text.matchAll(/\*MESH_NUMFACES\s+(\d+)/g)].reduce((s, m) => s + Number(m[1]), 0);
  const vertices = [...text.matchAll(/\*MESH_VERTEX\s+\d+\s+([-\d.eE+]+)\s+([-\d.eE+]+)\s+([-\d.eE+]+)/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
  const tms = [...text.matchAll(/\*NODE_TM\s*\{([^}]*)\}/g)].map((m) => {
    const body = m[1];
    const name = /\*NODE_NAME\s+"([^"]*)"/.exec(body)?.[1] ?? '';
    const rows = [0, 1, 2, 3].map((r) => new RegExp(`\\*TM_ROW${r}\\s+([^\\n*]+)`).exec(body)?.[1]);
    return { name, rows: rows.every(Boolean) ? rows.flatMap((r) => nums(r!)) : undefined };
  });
  const sceneNum = (k: string) => Number(new RegExp(`\\*SCENE_${k}\\s+([-\\d.]+)`).exec(text)?.[1]);
  const scene = /\*SCENE\s*\{/.test(text) ? { first: sceneNum('FIRSTFRAME'), last: sceneNum('LASTFRAME'), fps: sceneNum('FRAMESPEED'), tpf: sceneNum('TICKSPERFRAME') || 160 } : undefined;
  const rotSamples = new Map<string, number[][]>();
  const posSamples = new Map<string, number[][]>();
  for (const m of text.matchAll(/\*TM_ANIMATION\s*\{\s*\*NODE_NAME\s+"([^"]*)"([\s\S]*?)\n\t\}/g)) {
    rotSamples.set(m[1], [...m[2].matchAll(/\*CONTROL_ROT_SAMPLE\s+([^\n]+)/g)].map((s) => nums(s[1])));
    posSamples.set(m[1], [...m[2].matchAll(/\*CONTROL_POS_SAMPLE\s+([^\n]+)/g)].map((s) => nums(s[1])));
  }
  return {
    text,
    counts,
    faces,
    vertices,
    materials: counts.MATERIAL ?? 0,
    submaterials: counts.SUBMATERIAL ?? 0,
    tms,
    scene,
    rotSamples,
    posSamples,
  };
}

/** Box of Max-axis points mapped to Y-up: (x, y, z) → (x, z, −y). */
export function yUpBox(points: number[][]): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (const [x, y, z] of points) {
    const p = [x, z, -y];
    for (let i = 0; i < 3; i++) {
      min[i] = Math.min(min[i], p[i]);
      max[i] = Math.max(max[i], p[i]);
    }
  }
  return { min, max };
}

/** Row-vector Max matrix (4×3 rows) helpers, written independently of the parser. */
export type Rows = number[][]; // 4 rows of 3

export function rowsOf(flat: number[]): Rows {
  return [flat.slice(0, 3), flat.slice(3, 6), flat.slice(6, 9), flat.slice(9, 12)];
}

/** p · M for a row-vector affine matrix. */
export function applyRows(p: number[], m: Rows): number[] {
  return [0, 1, 2].map((j) => p[0] * m[0][j] + p[1] * m[1][j] + p[2] * m[2][j] + m[3][j]);
}

/** a · b for row-vector affine matrices (apply a first). */
export function mulRows(a: Rows, b: Rows): Rows {
  const out: Rows = [];
  for (let i = 0; i < 3; i++) out.push([0, 1, 2].map((j) => a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j]));
  out.push(applyRows(a[3], b));
  return out;
}

/** Max's row-vector rotation for an ASE axis-angle: the textbook Rodrigues matrix read as rows. */
export function rotRows(axis: number[], angle: number): Rows {
  const l = Math.hypot(axis[0], axis[1], axis[2]) || 1;
  const [x, y, z] = axis.map((a) => a / l);
  const c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
  // Column-vector math uses R(axis, −angle) = Rᵀ (spec §5.3), so the row-vector matrix is R itself.
  const R = [
    [t * x * x + c, t * x * y - s * z, t * x * z + s * y],
    [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
    [t * x * z - s * y, t * y * z + s * x, t * z * z + c],
  ];
  return [R[0], R[1], R[2], [0, 0, 0]];
}

export function invertRows(m: Rows): Rows {
  const [a, b, c] = m;
  const det = a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
  const inv3 = [
    [(b[1] * c[2] - b[2] * c[1]) / det, (a[2] * c[1] - a[1] * c[2]) / det, (a[1] * b[2] - a[2] * b[1]) / det],
    [(b[2] * c[0] - b[0] * c[2]) / det, (a[0] * c[2] - a[2] * c[0]) / det, (a[2] * b[0] - a[0] * b[2]) / det],
    [(b[0] * c[1] - b[1] * c[0]) / det, (a[1] * c[0] - a[0] * c[1]) / det, (a[0] * b[1] - a[1] * b[0]) / det],
  ];
  const t = m[3];
  const ti = [0, 1, 2].map((j) => -(t[0] * inv3[0][j] + t[1] * inv3[1][j] + t[2] * inv3[2][j]));
  return [...inv3, ti];
}

/** Scene-space (Y-up, column-major) world matrix expected for a Max row matrix: C·W·C⁻¹ or C·W. */
export function expectedWorld(rows: Rows, camera: boolean): number[] {
  // Column-major Max matrix: column i = row i.
  const W = [...rows[0], 0, ...rows[1], 0, ...rows[2], 0, ...rows[3], 1];
  const C = [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1];
  const Ci = [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1];
  const mul = (a: number[], b: number[]) => {
    const o = new Array(16).fill(0);
    for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) o[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
    return o;
  };
  return camera ? mul(C, W) : mul(mul(C, W), Ci);
}

/** World-space faces of every *GEOMOBJECT (Max axes) with the file's face normal taken to world space. */
export function worldFaces(text: string): { corners: number[][]; normal: number[] }[] {
  const out: { corners: number[][]; normal: number[] }[] = [];
  const starts = [...text.matchAll(/\*GEOMOBJECT/g)].map((m) => m.index!);
  starts.forEach((s, k) => {
    let chunk = text.slice(s, starts[k + 1] ?? text.length);
    const anim = chunk.indexOf('*MESH_ANIMATION');
    if (anim >= 0) chunk = chunk.slice(0, anim);
    const tm = /\*NODE_TM\s*\{([^}]*)\}/.exec(chunk)?.[1] ?? '';
    const rows = [0, 1, 2].map((r) => new RegExp(`\\*TM_ROW${r}\\s+([^\\n*]+)`).exec(tm)?.[1]);
    const R = rows.every(Boolean) ? rows.map((r) => nums(r!)) : [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
    const inv = invertRows([...R, [0, 0, 0]]);
    const verts = new Map<number, number[]>();
    for (const m of chunk.matchAll(/\*MESH_VERTEX\s+(\d+)\s+([-\d.eE+]+)\s+([-\d.eE+]+)\s+([-\d.eE+]+)/g)) verts.set(Number(m[1]), [Number(m[2]), Number(m[3]), Number(m[4])]);
    const normals = new Map<number, number[]>();
    for (const m of chunk.matchAll(/\*MESH_FACENORMAL\s+(\d+)\s+([-\d.eE+]+)\s+([-\d.eE+]+)\s+([-\d.eE+]+)/g)) normals.set(Number(m[1]), [Number(m[2]), Number(m[3]), Number(m[4])]);
    for (const m of chunk.matchAll(/\*MESH_FACE\s+(\d+):?\s+A:\s*(\d+)\s+B:\s*(\d+)\s+C:\s*(\d+)/g)) {
      const n = normals.get(Number(m[1]));
      if (!n) continue;
      // Normals transform by the inverse transpose: row vector n · (W⁻¹)ᵀ.
      const normal = [0, 1, 2].map((j) => n[0] * inv[j][0] + n[1] * inv[j][1] + n[2] * inv[j][2]);
      out.push({ corners: [m[2], m[3], m[4]].map((i) => verts.get(Number(i))!), normal });
    }
  });
  return out;
}

export interface DumpObject {
  kind: string;
  name: string;
  parent?: string;
  rows?: number[];
  /** *MESH_VERTEX values of the object's *MESH (not *MESH_ANIMATION frames), Max world axes. */
  vertices: number[][];
}

/** Top-level objects (a line starting with `*GEOMOBJECT {` etc.), in file order. */
export function objectsOf(text: string): DumpObject[] {
  const starts = [...text.matchAll(/^\*(GEOMOBJECT|HELPEROBJECT|CAMERAOBJECT|LIGHTOBJECT|SHAPEOBJECT)\s*\{/gm)].map((m) => ({ at: m.index!, kind: m[1] }));
  return starts.map(({ at, kind }, k) => {
    let chunk = text.slice(at, starts[k + 1]?.at ?? text.length);
    const anim = chunk.indexOf('*MESH_ANIMATION');
    if (anim >= 0) chunk = chunk.slice(0, anim);
    const tm = /\*NODE_TM\s*\{([^}]*)\}/.exec(chunk)?.[1] ?? '';
    const rows = [0, 1, 2, 3].map((r) => new RegExp(`\\*TM_ROW${r}\\s+([^\\n*]+)`).exec(tm)?.[1]);
    return {
      kind,
      name: /\*NODE_NAME\s+"([^"]*)"/.exec(chunk)?.[1] ?? '',
      parent: /\*NODE_PARENT\s+"([^"]*)"/.exec(chunk)?.[1],
      rows: rows.every(Boolean) ? rows.flatMap((r) => nums(r!)) : undefined,
      vertices: [...chunk.matchAll(/\*MESH_VERTEX\s+\d+\s+([-\d.eE+]+)\s+([-\d.eE+]+)\s+([-\d.eE+]+)/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]),
    };
  });
}

/**
 * World-space vertices of every mesh at `tick`, evaluated the spec's way in Max row-vector math:
 * M_local(t) = S · R(t) · T(t), R accumulated from the relative samples (M_k = M_(k−1) · ΔM_k),
 * T the last position sample at or before t, S the static rest (scale/shear) of the node.
 */
export function posedVertices(d: Dump, tick: number, firstTick: number): number[][] {
  const objects = objectsOf(d.text);
  const byName = new Map(objects.map((o) => [o.name, o]));
  const identity: Rows = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]];
  const W = (o: DumpObject): Rows => (o.rows ? rowsOf(o.rows) : identity);
  const staticLocal = (o: DumpObject): Rows => {
    const p = o.parent ? byName.get(o.parent) : undefined;
    return p ? mulRows(W(o), invertRows(W(p))) : W(o);
  };
  const rotAt = (name: string, t: number): Rows => {
    let m = identity;
    for (const s of d.rotSamples.get(name) ?? []) if (s[0] <= t) m = mulRows(m, rotRows(s.slice(1, 4), s[4]));
    return m;
  };
  const posAt = (o: DumpObject, t: number): number[] => {
    let p = staticLocal(o)[3];
    for (const s of d.posSamples.get(o.name) ?? []) if (s[0] <= t) p = s.slice(1, 4);
    return p;
  };
  const local = (o: DumpObject, t: number): Rows => {
    if (!d.rotSamples.has(o.name)) return staticLocal(o);
    const withT = (r: Rows, p: number[]): Rows => [r[0], r[1], r[2], p];
    const hasRot = (d.rotSamples.get(o.name) ?? []).length > 0;
    const R = (u: number) => (hasRot ? rotAt(o.name, u) : [...staticLocal(o).slice(0, 3), [0, 0, 0]] as Rows);
    const S = mulRows(staticLocal(o), invertRows(withT(R(firstTick), posAt(o, firstTick))));
    return mulRows(S, withT(R(t), posAt(o, t)));
  };
  const world = (o: DumpObject): Rows => {
    const p = o.parent ? byName.get(o.parent) : undefined;
    return p ? mulRows(local(o, tick), world(p)) : local(o, tick);
  };
  const out: number[][] = [];
  for (const o of objects) {
    if (o.kind !== 'GEOMOBJECT') continue;
    const toObject = invertRows(W(o));
    const M = world(o);
    for (const v of o.vertices) out.push(applyRows(applyRows(v, toObject), M));
  }
  return out;
}
