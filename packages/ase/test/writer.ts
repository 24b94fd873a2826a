/**
 * Test-only ASE writer: builds files for spec corners the corpus lacks. Output follows the 3ds Max
 * exporter's layout unless a dialect option says otherwise.
 */

export type V3 = [number, number, number];
/** Max row-vector matrix: 4 rows of 3 (basis rows, then translation). */
export type Rows = [V3, V3, V3, V3];

export const IDENTITY_ROWS: Rows = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]];

const f = (v: number) => v.toFixed(4);
const v3 = (v: number[]) => v.map(f).join('\t');

export interface FileOptions {
  version?: number | null;
  scene?: { first?: number; last?: number; fps?: number; tpf?: number } | false;
  materials?: string[];
  comment?: string;
}

export function aseFile(objects: string[], options: FileOptions = {}): string {
  const out: string[] = [];
  out.push(options.version === null ? '*3DSMAX_ASCIIEXPORT' : `*3DSMAX_ASCIIEXPORT\t${options.version ?? 200}`);
  out.push(`*COMMENT "${options.comment ?? 'relic3d test writer'}"`);
  if (options.scene !== false) {
    const s = options.scene ?? {};
    out.push('*SCENE {', '\t*SCENE_FILENAME "test.max"', `\t*SCENE_FIRSTFRAME ${s.first ?? 0}`, `\t*SCENE_LASTFRAME ${s.last ?? 100}`, `\t*SCENE_FRAMESPEED ${s.fps ?? 30}`, `\t*SCENE_TICKSPERFRAME ${s.tpf ?? 160}`, '}');
  }
  const mats = options.materials ?? [];
  out.push('*MATERIAL_LIST {', `\t*MATERIAL_COUNT ${mats.length}`, ...mats, '}');
  out.push(...objects);
  return out.join('\n') + '\n';
}

export interface MaterialOptions {
  diffuse?: V3;
  transparency?: number;
  twoSided?: boolean;
  maps?: string[];
  subs?: string[];
  className?: string;
}

/** `*MATERIAL i { … }` or, with `keyword`, `*SUBMATERIAL i { … }`. */
export function material(index: number, name: string, o: MaterialOptions = {}, keyword = 'MATERIAL'): string {
  const lines = [
    `*${keyword} ${index} {`,
    `*MATERIAL_NAME "${name}"`,
    `*MATERIAL_CLASS "${o.className ?? (o.subs ? 'Multi/Sub-Object' : 'Standard')}"`,
    `*MATERIAL_AMBIENT 0.1000\t0.1000\t0.1000`,
    `*MATERIAL_DIFFUSE ${v3(o.diffuse ?? [0.5, 0.5, 0.5])}`,
    `*MATERIAL_SPECULAR 0.9000\t0.9000\t0.9000`,
    `*MATERIAL_SHINE 0.2500`,
    `*MATERIAL_SHINESTRENGTH 0.0500`,
    `*MATERIAL_TRANSPARENCY ${f(o.transparency ?? 0)}`,
    `*MATERIAL_WIRESIZE 1.0000`,
    `*MATERIAL_SHADING Blinn`,
    ...(o.twoSided ? ['*MATERIAL_TWOSIDED'] : []),
    ...(o.maps ?? []),
  ];
  if (o.subs) lines.push(`*NUMSUBMTLS ${o.subs.length}`, ...o.subs);
  lines.push('}');
  return lines.join('\n');
}

export function bitmapMap(slot: string, bitmap: string, uvw: { uOffset?: number; vOffset?: number; uTiling?: number; vTiling?: number; angle?: number; amount?: number } = {}): string {
  return [
    `*MAP_${slot} {`,
    `*MAP_NAME "${slot} map"`,
    `*MAP_CLASS "Bitmap"`,
    `*MAP_SUBNO 1`,
    `*MAP_AMOUNT ${f(uvw.amount ?? 1)}`,
    `*BITMAP "${bitmap}"`,
    `*MAP_TYPE Screen`,
    `*UVW_U_OFFSET ${f(uvw.uOffset ?? 0)}`,
    `*UVW_V_OFFSET ${f(uvw.vOffset ?? 0)}`,
    `*UVW_U_TILING ${f(uvw.uTiling ?? 1)}`,
    `*UVW_V_TILING ${f(uvw.vTiling ?? 1)}`,
    `*UVW_ANGLE ${f(uvw.angle ?? 0)}`,
    `*BITMAP_FILTER Pyramidal`,
    '}',
  ].join('\n');
}

export function nodeTM(name: string, rows: Rows | null): string {
  if (!rows) return `*NODE_TM {\n*NODE_NAME "${name}"\n}`;
  return [
    '*NODE_TM {',
    `*NODE_NAME "${name}"`,
    '*INHERIT_POS 0 0 0',
    '*INHERIT_ROT 0 0 0',
    '*INHERIT_SCL 0 0 0',
    ...rows.map((r, i) => `*TM_ROW${i} ${v3(r)}`),
    `*TM_POS ${v3(rows[3])}`,
    '}',
  ].join('\n');
}

export type FaceStyle = 'max' | 'q3map2' | 'noedges';
export type NormalStyle = 'max' | 'pervertex' | 'none';

export interface MeshSpec {
  vertices: V3[];
  faces: V3[];
  mtlIds?: number[];
  /** Raw `*MESH_SMOOTHING` values per face ('' for empty, undefined to omit the keyword). */
  smoothing?: (string | undefined)[];
  tverts?: V3[];
  tfaces?: V3[];
  channels?: { channel: number; tverts: V3[]; tfaces: V3[] }[];
  cverts?: V3[];
  cfaces?: V3[];
  /** Object-space normals: per face, and per vertex (indexed by vertex). */
  faceNormals?: V3[];
  vertexNormals?: V3[];
  normalStyle?: NormalStyle;
  faceStyle?: FaceStyle;
  weights?: { bones: string[]; vertices: { index: number; pairs: [number, number][] }[] };
  timeValue?: number;
}

export function mesh(m: MeshSpec): string {
  const faceStyle = m.faceStyle ?? 'max';
  const lines = ['*MESH {', `*TIMEVALUE ${m.timeValue ?? 0}`, `*MESH_NUMVERTEX ${m.vertices.length}`, `*MESH_NUMFACES ${m.faces.length}`, '*MESH_VERTEX_LIST {'];
  m.vertices.forEach((v, i) => lines.push(`*MESH_VERTEX ${i}\t${v3(v)}`));
  lines.push('}', '*MESH_FACE_LIST {');
  m.faces.forEach((fc, i) => {
    const head = faceStyle === 'q3map2' ? `*MESH_FACE\t${i}\tA:\t${fc[0]}\tB:\t${fc[1]}\tC:\t${fc[2]}\tAB:\t1\tBC:\t1\tCA:\t1` : faceStyle === 'noedges' ? `*MESH_FACE ${i}: A: ${fc[0]} B: ${fc[1]} C: ${fc[2]}` : `*MESH_FACE    ${i}:    A:    ${fc[0]} B:    ${fc[1]} C:    ${fc[2]} AB:    1 BC:    1 CA:    0`;
    const sm = m.smoothing?.[i];
    lines.push(`${head}${sm === undefined ? '' : `\t *MESH_SMOOTHING ${sm}`} \t*MESH_MTLID ${m.mtlIds?.[i] ?? 0}`);
  });
  lines.push('}');
  const channel = (tverts: V3[], tfaces: V3[]) => {
    lines.push(`*MESH_NUMTVERTEX ${tverts.length}`, '*MESH_TVERTLIST {');
    tverts.forEach((t, i) => lines.push(`*MESH_TVERT ${i}\t${v3(t)}`));
    lines.push('}', `*MESH_NUMTVFACES ${tfaces.length}`, '*MESH_TFACELIST {');
    tfaces.forEach((t, i) => lines.push(`*MESH_TFACE ${i}\t${t.join('\t')}`));
    lines.push('}');
  };
  if (m.tverts && m.tfaces) channel(m.tverts, m.tfaces);
  for (const ch of m.channels ?? []) {
    lines.push(`*MESH_MAPPINGCHANNEL ${ch.channel} {`);
    channel(ch.tverts, ch.tfaces);
    lines.push('}');
  }
  if (m.cverts && m.cfaces) {
    lines.push(`*MESH_NUMCVERTEX ${m.cverts.length}`, '*MESH_CVERTLIST {');
    m.cverts.forEach((c, i) => lines.push(`*MESH_VERTCOL ${i}\t${v3(c)}`));
    lines.push('}', `*MESH_NUMCVFACES ${m.cfaces.length}`, '*MESH_CFACELIST {');
    m.cfaces.forEach((c, i) => lines.push(`*MESH_CFACE ${i}\t${c.join('\t')}`));
    lines.push('}');
  }
  const style = m.normalStyle ?? (m.faceNormals ? 'max' : 'none');
  if (style !== 'none' && m.faceNormals && m.vertexNormals) {
    lines.push('*MESH_NORMALS {');
    if (style === 'max') {
      m.faces.forEach((fc, i) => {
        lines.push(`*MESH_FACENORMAL ${i}\t${v3(m.faceNormals![i])}`);
        for (const v of fc) lines.push(`\t*MESH_VERTEXNORMAL ${v}\t${v3(m.vertexNormals![v])}`);
      });
    } else {
      m.faces.forEach((_, i) => lines.push(`*MESH_FACENORMAL ${i}\t${v3(m.faceNormals![i])}`));
      m.vertexNormals.forEach((n, v) => lines.push(`*MESH_VERTEXNORMAL ${v}\t${v3(n)}`));
    }
    lines.push('}');
  }
  if (m.weights) {
    lines.push('*MESH_WEIGHTS {', `*MESH_NUMVERTEX ${m.vertices.length}`, `*MESH_NUMBONE ${m.weights.bones.length}`, '*MESH_BONE_LIST {');
    m.weights.bones.forEach((b, i) => lines.push(`*MESH_BONE_NAME ${i} "${b}"`));
    lines.push('}', '*MESH_BONE_VERTEX_LIST {');
    for (const v of m.weights.vertices) lines.push(`*MESH_BONE_VERTEX ${v.index} ${v3(m.vertices[v.index])} ${v.pairs.map(([b, w]) => `${b} ${f(w)}`).join(' ')}`);
    lines.push('}', '}');
  }
  lines.push('}');
  return lines.join('\n');
}

export interface ObjectOptions {
  rows?: Rows | null;
  parent?: string;
  materialRef?: number;
  wireframe?: V3;
  /** Raw blocks placed after the mesh (e.g. `*TM_ANIMATION {…}`). */
  tail?: string[];
  frames?: MeshSpec[];
}

export function geom(name: string, m: MeshSpec, o: ObjectOptions = {}): string {
  const lines = ['*GEOMOBJECT {', `*NODE_NAME "${name}"`];
  if (o.parent) lines.push(`*NODE_PARENT "${o.parent}"`);
  lines.push(nodeTM(name, o.rows === undefined ? IDENTITY_ROWS : o.rows), mesh(m), '*PROP_MOTIONBLUR 0', '*PROP_CASTSHADOW 1', '*PROP_RECVSHADOW 1');
  lines.push(...(o.tail ?? []));
  if (o.frames) lines.push('*MESH_ANIMATION {', ...o.frames.map(mesh), '}');
  if (o.materialRef !== undefined) lines.push(`*MATERIAL_REF ${o.materialRef}`);
  else lines.push(`*WIREFRAME_COLOR ${v3(o.wireframe ?? [0.5, 0.25, 0.125])}`);
  lines.push('}');
  return lines.join('\n');
}

export function helper(name: string, rows: Rows, o: { parent?: string; tail?: string[] } = {}): string {
  return ['*HELPEROBJECT {', `*NODE_NAME "${name}"`, ...(o.parent ? [`*NODE_PARENT "${o.parent}"`] : []), '*HELPER_CLASS "Dummy"', nodeTM(name, rows), '*BOUNDINGBOX_MIN -1.0000\t-1.0000\t-1.0000', '*BOUNDINGBOX_MAX 1.0000\t1.0000\t1.0000', ...(o.tail ?? []), '}'].join('\n');
}

/** A `*TM_ANIMATION` with raw track blocks. */
export function tmAnimation(name: string, tracks: Record<string, string[]>): string {
  const lines = ['*TM_ANIMATION {', `*NODE_NAME "${name}"`];
  for (const [block, keys] of Object.entries(tracks)) lines.push(`*${block} {`, ...keys, '}');
  lines.push('}');
  return lines.join('\n');
}

export function camera(name: string, rows: Rows, target: Rows | undefined, settings: { fov?: number; near?: number; far?: number; hither?: number; yon?: number }, tail: string[] = []): string {
  return [
    '*CAMERAOBJECT {',
    `*NODE_NAME "${name}"`,
    `*CAMERA_TYPE ${target ? 'Target' : 'Free'}`,
    nodeTM(name, rows),
    ...(target ? [nodeTM(`${name}.Target`, target)] : []),
    '*CAMERA_SETTINGS {',
    '*TIMEVALUE 0',
    ...(settings.hither !== undefined ? [`*CAMERA_HITHER ${f(settings.hither)}`, `*CAMERA_YON ${f(settings.yon ?? 1000)}`] : []),
    `*CAMERA_NEAR ${f(settings.near ?? 0)}`,
    `*CAMERA_FAR ${f(settings.far ?? 1000)}`,
    `*CAMERA_FOV ${f(settings.fov ?? 0.7854)}`,
    '*CAMERA_TDIST 100.0000',
    '}',
    ...tail,
    '}',
  ].join('\n');
}

export function light(name: string, type: 'Omni' | 'Target' | 'Directional' | 'Free', rows: Rows, target: Rows | undefined, s: { color?: V3; intensity?: number; hotspot?: number; falloff?: number; attenuation?: [number, number] }): string {
  return [
    '*LIGHTOBJECT {',
    `*NODE_NAME "${name}"`,
    `*LIGHT_TYPE ${type}`,
    nodeTM(name, rows),
    ...(target ? [nodeTM(`${name}.Target`, target)] : []),
    '*LIGHT_SHADOWS Off',
    '*LIGHT_USELIGHT 1',
    '*LIGHT_SPOTSHAPE Circle',
    '*LIGHT_SETTINGS {',
    '*TIMEVALUE 0',
    `*LIGHT_COLOR ${v3(s.color ?? [1, 1, 1])}`,
    `*LIGHT_INTENS ${f(s.intensity ?? 1)}`,
    '*LIGHT_ASPECT -1.0000',
    ...(s.hotspot !== undefined ? [`*LIGHT_HOTSPOT ${f(s.hotspot)}`, `*LIGHT_FALLOFF ${f(s.falloff ?? s.hotspot + 2)}`] : []),
    ...(s.attenuation ? [`*LIGHT_ATTNSTART ${f(s.attenuation[0])}`, `*LIGHT_ATTNEND ${f(s.attenuation[1])}`] : []),
    '*LIGHT_TDIST 240.0000',
    '}',
    '}',
  ].join('\n');
}

export function shape(name: string, rows: Rows, lines: { closed: boolean; points: V3[] }[]): string {
  const out = ['*SHAPEOBJECT {', `*NODE_NAME "${name}"`, nodeTM(name, rows), `*SHAPE_LINECOUNT ${lines.length}`];
  lines.forEach((l, i) => {
    out.push(`*SHAPE_LINE ${i} {`, ...(l.closed ? ['*SHAPE_CLOSED'] : []), `*SHAPE_VERTEXCOUNT ${l.points.length}`);
    l.points.forEach((p, k) => out.push(`*SHAPE_VERTEX_${k % 2 ? 'INTERP' : 'KNOT'} ${k}\t${v3(p)}`));
    out.push('}');
  });
  out.push('}');
  return out.join('\n');
}

export const enc = (text: string): Uint8Array => new TextEncoder().encode(text);

export function utf16(text: string, bigEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out[0] = bigEndian ? 0xfe : 0xff;
  out[1] = bigEndian ? 0xff : 0xfe;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + i * 2] = bigEndian ? c >> 8 : c & 0xff;
    out[3 + i * 2] = bigEndian ? c & 0xff : c >> 8;
  }
  return out;
}

/** A unit cube in world space, offset by `at`, 12 outward CCW faces, 8 vertices. */
export function cube(at: V3 = [0, 0, 0], size = 2): MeshSpec {
  const h = size / 2;
  const vertices: V3[] = [];
  for (const z of [-h, h]) for (const y of [-h, h]) for (const x of [-h, h]) vertices.push([at[0] + x, at[1] + y, at[2] + z]);
  // Index = x + 2y + 4z (0/1 each).
  const faces: V3[] = [
    [0, 2, 3], [3, 1, 0], // −z
    [4, 5, 7], [7, 6, 4], // +z
    [0, 1, 5], [5, 4, 0], // −y
    [1, 3, 7], [7, 5, 1], // +x
    [3, 2, 6], [6, 7, 3], // +y
    [2, 0, 4], [4, 6, 2], // −x
  ];
  const faceNormals: V3[] = [[0, 0, -1], [0, 0, -1], [0, 0, 1], [0, 0, 1], [0, -1, 0], [0, -1, 0], [1, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 0], [-1, 0, 0], [-1, 0, 0]];
  const vertexNormals: V3[] = vertices.map(([x, y, z]) => {
    const n = [x - at[0], y - at[1], z - at[2]];
    const l = Math.hypot(...n);
    return n.map((c) => c / l) as V3;
  });
  return { vertices, faces, faceNormals, vertexNormals, smoothing: faces.map((_, i) => String(1 + (i >> 1))) };
}
