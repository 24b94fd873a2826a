/**
 * A small test-only MDL writer (no test-framework imports: the viewer uses `writeSampleMdl`).
 * It writes both layouts: real "Ultra Model" v300–302 (spec §2) and documented "G3D" v100 (§3).
 */
import { ByteWriter } from '@relic3d/test-harness/byte-writer';
export type V3 = [number, number, number];
export type V4 = [number, number, number, number];

export interface WVertex {
  position: V3;
  normal?: V3;
  uv0?: [number, number];
  uv1?: [number, number];
  /** Ultra only: RGBA8. */
  color?: V4;
  displacement?: number;
  tangent?: V3;
  bitangent?: V3;
  bones?: V4;
  weights?: V4;
}

export interface WMesh {
  /** Ultra only (G3D is always triangles). */
  polyVerts?: number;
  name?: string;
  material?: string;
  /** Written stride; Ultra default 88 (records are still 96), G3D default 84. */
  strideField?: number;
  vertices: WVertex[];
  indexSize?: 2 | 4;
  indices: number[];
  primitiveFlags?: number[];
  /** Per morph, per vertex: position, normal, tangent, bitangent. */
  morphs?: { position: V3; normal?: V3; tangent?: V3; bitangent?: V3 }[][];
  pick?: number[];
}

export interface WLod {
  viewDistance?: number;
  meshes: WMesh[];
}

export interface WBone {
  name: string;
  position?: V3;
  rotation?: V4;
  scale?: V3;
  children?: WBone[];
}

export interface WTrack {
  boneId: number;
  flags: number;
  keys: { position?: V3; rotation?: V4; scale?: V3 }[];
}

export interface WAnimation {
  name: string;
  speed: number;
  keyframes: number;
  tracks: WTrack[];
}

export interface WPart {
  /** Ultra: 4-character tag; G3D: integer id. */
  shape: string | number;
  offset?: V3;
  rotation?: V4;
  size?: V3;
  mesh?: { flag: number; polygons: V3[][] };
  /** Bytes written after the shape instead of a payload. */
  raw?: number[];
}

export interface WNode {
  name?: string;
  engine?: string;
  user?: string;
  position?: V3;
  rotation?: V4;
  scale?: V3;
  color?: V4;
  /** Ultra v301+; default (16, 32, 64). */
  unknownFloats?: V3;
  attachBone?: number;
  lods?: WLod[];
  bones?: WBone[];
  animations?: WAnimation[];
  parts?: WPart[];
  children?: WNode[];
}

export interface WFile {
  variant: 'ultra' | 'g3d';
  /** Default 300 (Ultra) or 100 (G3D). */
  version?: number;
  /** G3D only: write an INT child count after `KIDS`, as the real format does (the G3D page has none). */
  g3dChildCount?: boolean;
  root: WNode;
}

class Bytes extends ByteWriter {
  constructor() {
    super(256);
  }
  override f32(...v: number[]) {
    for (const x of v) super.f32(x);
    return this;
  }
  tag(t: string) { return this.ascii(t); }
  istring(s: string) { const b = new TextEncoder().encode(s); return this.i32(b.length).raw(b); }
  bytes() { return this.result(); }
}

function writeVertex(out: Bytes, v: WVertex, ultra: boolean, stride: number) {
  const start = out.length;
  out.f32(...v.position, ...(v.normal ?? [0, 1, 0]), ...(v.uv0 ?? [0, 0]), ...(v.uv1 ?? [0, 0]));
  if (ultra) out.raw(v.color ?? [255, 255, 255, 255]);
  out.f32(v.displacement ?? 1, ...(v.tangent ?? [1, 0, 0]), ...(v.bitangent ?? [0, 0, 0]));
  for (const b of v.bones ?? [0, 0, 0, 0]) out.u16(b);
  out.raw(v.weights ?? [0, 0, 0, 0]);
  while (out.length - start < stride) out.u8(ultra ? 0 : 0xee); // G3D: mark the undocumented tail
}

function writeMesh(out: Bytes, m: WMesh, ultra: boolean) {
  out.tag('MESH');
  if (ultra) out.i32(m.polyVerts ?? 3);
  out.istring(m.name ?? '').istring(m.material ?? '');
  const strideField = m.strideField ?? (ultra ? 88 : 84);
  out.i32(strideField).i32(m.vertices.length);
  for (const v of m.vertices) writeVertex(out, v, ultra, ultra ? 96 : strideField);
  const indexSize = m.indexSize ?? 2;
  out.i32(indexSize).i32(m.indices.length);
  for (const i of m.indices) indexSize === 2 ? out.u16(i) : out.u32(i);
  const prim = () => out.tag('PRIM').i32(m.primitiveFlags?.length ?? 0).raw(m.primitiveFlags ?? []);
  const mset = () => {
    out.tag('MSET').i32(m.morphs?.length ?? 0);
    for (const morph of m.morphs ?? []) {
      out.tag('MORP');
      for (const v of morph) out.f32(...v.position, ...(v.normal ?? [0, 1, 0]), ...(v.tangent ?? [0, 0, 0]), ...(v.bitangent ?? [0, 0, 0]));
    }
  };
  if (ultra) { prim(); mset(); } else { mset(); prim(); }
  out.tag('PICK').i32(m.pick?.length ?? 0).raw(m.pick ?? []);
}

function writeBone(out: Bytes, b: WBone) {
  out.tag('BONE').istring(b.name).f32(...(b.position ?? [0, 0, 0]), ...(b.rotation ?? [0, 0, 0, 1]), ...(b.scale ?? [1, 1, 1]));
  out.i32(b.children?.length ?? 0);
  for (const c of b.children ?? []) writeBone(out, c);
}

function writeAnimation(out: Bytes, a: WAnimation) {
  out.tag('ANIM').istring(a.name).f32(a.speed).i32(a.keyframes).i32(a.tracks.length);
  for (const t of a.tracks) {
    out.tag('BONE').i32(t.boneId).i32(t.flags);
    for (const k of t.keys) {
      if (t.flags & 1) out.f32(...k.position!);
      if (t.flags & 2) out.f32(...k.rotation!);
      if (t.flags & 4) out.f32(...k.scale!);
    }
  }
}

function partsBytes(parts: WPart[], ultra: boolean): Uint8Array {
  const out = new Bytes();
  if (!parts.length) return out.bytes();
  out.i32(parts.length);
  for (const p of parts) {
    out.tag('PART');
    if (ultra) out.tag(p.shape as string);
    else out.i32(p.shape as number);
    if (p.raw) out.raw(p.raw);
    else if (p.mesh) {
      out.i32(p.mesh.flag).i32(p.mesh.polygons.length);
      for (const poly of p.mesh.polygons) {
        out.i32(poly.length);
        for (const v of poly) out.f32(...v);
      }
    } else out.f32(...(p.offset ?? [0, 0, 0]), ...(p.rotation ?? [0, 0, 0, 1]), ...(p.size ?? [1, 1, 1]));
  }
  return out.bytes();
}

function writeNode(out: Bytes, n: WNode, ultra: boolean, version: number, g3dChildCount = false) {
  out.tag('NODE').istring(n.name ?? '').istring(n.engine ?? '').istring(n.user ?? '');
  out.f32(...(n.position ?? [0, 0, 0]), ...(n.rotation ?? [0, 0, 0, 1]), ...(n.scale ?? [1, 1, 1]), ...(n.color ?? [1, 1, 1, 1]));
  if (ultra && version >= 301) out.f32(...(n.unknownFloats ?? [16, 32, 64]));
  if (!ultra) out.i32(n.attachBone ?? -1);
  out.i32(n.lods?.length ?? 0);
  for (const lod of n.lods ?? []) {
    out.tag('LOD_').f32(lod.viewDistance ?? 0).i32(lod.meshes.length);
    for (const m of lod.meshes) writeMesh(out, m, ultra);
  }
  const parts = partsBytes(n.parts ?? [], ultra);
  if (ultra) {
    out.tag('SKEL').i32(n.bones?.length ?? 0);
    for (const b of n.bones ?? []) writeBone(out, b);
    out.tag('ATCH').i32(n.attachBone ?? -1);
    out.tag('ASET').i32(n.animations?.length ?? 0);
    for (const a of n.animations ?? []) writeAnimation(out, a);
    out.tag('PHYS').i32(parts.length).raw(parts);
    out.tag('KIDS').i32(n.children?.length ?? 0);
  } else {
    out.i32(n.bones?.length ?? 0);
    for (const b of n.bones ?? []) writeBone(out, b);
    out.i32(n.animations?.length ?? 0);
    for (const a of n.animations ?? []) writeAnimation(out, a);
    out.tag('COLL').i32(parts.length).raw(parts);
    out.tag('KIDS');
    if (g3dChildCount) out.i32(n.children?.length ?? 0);
  }
  for (const c of n.children ?? []) writeNode(out, c, ultra, version, g3dChildCount);
}

/** Writes a file of either layout. */
export function writeMdl(file: WFile): Uint8Array {
  const ultra = file.variant === 'ultra';
  const version = file.version ?? (ultra ? 300 : 100);
  const out = new Bytes();
  out.tag(ultra ? 'Ultra Model\0' : 'G3D\0').i32(version);
  writeNode(out, file.root, ultra, version, file.g3dChildCount);
  return out.bytes();
}

/** The sample model as data, for tests that want to inspect what was written. */
export function sampleModel(): WFile {
  // A 0.5 × 2 × 0.5 column in two segments, skinned to a two-bone spine, bending 90° about Z.
  const vertices: WVertex[] = [];
  const indices: number[] = [];
  const corners: [number, number][] = [[-0.25, -0.25], [0.25, -0.25], [0.25, 0.25], [-0.25, 0.25]];
  for (let ring = 0; ring < 3; ring++) {
    const y = ring;
    for (const [x, z] of corners) {
      const l = Math.hypot(x, z);
      const weights: V4 = ring === 0 ? [255, 0, 0, 0] : ring === 1 ? [128, 127, 0, 0] : [0, 255, 0, 0];
      vertices.push({ position: [x, y, z], normal: [x / l, 0, z / l], uv0: [corners.findIndex((c) => c[0] === x && c[1] === z) / 4, 1 - y / 2], tangent: [-z / l, 0, x / l], bones: [0, 1, 0, 0], weights });
    }
  }
  // Side quads, wound so that (p1−p0)×(p2−p0) points outward in the left-handed file frame.
  for (let ring = 0; ring < 2; ring++) {
    for (let k = 0; k < 4; k++) {
      const a = ring * 4 + k, b = ring * 4 + ((k + 1) % 4), c = a + 4, d = b + 4;
      indices.push(a, c, b, b, c, d);
    }
  }
  return {
    variant: 'g3d',
    root: {
      name: 'Sample column',
      user: '{"sample": true}',
      lods: [{ viewDistance: 0, meshes: [{ name: 'column', material: './sample.mat', vertices, indices }] }],
      bones: [{ name: 'base', children: [{ name: 'top', position: [0, 1, 0] }] }],
      animations: [
        {
          name: 'bend',
          speed: 1,
          keyframes: 61,
          tracks: [
            {
              boneId: 1,
              flags: 2,
              keys: Array.from({ length: 61 }, (_, k) => {
                const a = (Math.PI / 2) * Math.sin((Math.PI * k) / 60) / 2;
                return { rotation: [0, 0, Math.sin(a), Math.cos(a)] as V4 };
              }),
            },
          ],
        },
      ],
      parts: [{ shape: 0, offset: [0, 1, 0], size: [0.5, 2, 0.5] }],
    },
  };
}

/**
 * The viewer column's profile, base to top, as (height, radius): a rounded plinth (the widest ring,
 * radius 0.25), a slightly tapering shaft and a flared capital under a domed top. Each end closes
 * on a pole at y = 0 and y = 2.
 */
const RELIC_PROFILE: [number, number][] = [
  [0.02, 0.2], [0.06, 0.25], [0.14, 0.25], [0.2, 0.2], [0.26, 0.17], [0.5, 0.165], [0.8, 0.16], [1, 0.155],
  [1.2, 0.15], [1.5, 0.14], [1.7, 0.15], [1.8, 0.2], [1.88, 0.22], [1.94, 0.2], [1.98, 0.12],
];

/**
 * A surface of revolution around +Y over `profile` (poles added at y = 0 and 2) with `sides`
 * segments (a multiple of 4, so the widest ring reaches ±0.25 on both axes), smooth normals from the
 * profile's slope, and weights blending from `base` to `top` around the joint at y = 1.
 */
function relicColumnMesh(name: string, sides: number, profile: [number, number][]): WMesh {
  const rings: [number, number][] = [[0, 0], ...profile, [2, 0]];
  const vertices: WVertex[] = [];
  const indices: number[] = [];
  const ringStart: number[] = [];
  for (let i = 0; i < rings.length; i++) {
    const [y, r] = rings[i];
    // Normal in the (radial, y) plane: the profile's tangent turned outward; poles point along ∓y.
    const [yPrev, rPrev] = rings[Math.max(0, i - 1)], [yNext, rNext] = rings[Math.min(rings.length - 1, i + 1)];
    let nr = yNext - yPrev, ny = -(rNext - rPrev);
    if (r === 0) [nr, ny] = [0, i === 0 ? -1 : 1];
    const nl = Math.hypot(nr, ny);
    const t = Math.min(1, Math.max(0, (y - 0.7) / 0.6));
    const top = Math.round(255 * t * t * (3 - 2 * t));
    const weights: V4 = [255 - top, top, 0, 0];
    ringStart.push(vertices.length);
    for (let k = 0; k < (r === 0 ? 1 : sides); k++) {
      const angle = (2 * Math.PI * k) / sides;
      const c = Math.cos(angle), s = Math.sin(angle);
      vertices.push({ position: [r * c, y, r * s], normal: [(nr / nl) * c, ny / nl, (nr / nl) * s], uv0: [k / sides, 1 - y / 2], tangent: [-s, 0, c], bones: [0, 1, 0, 0], weights });
    }
  }
  // Wound like the quads of sampleModel: (p1−p0)×(p2−p0) points outward in the left-handed file frame.
  const last = rings.length - 1;
  for (let i = 0; i < last; i++) {
    for (let k = 0; k < sides; k++) {
      const k1 = (k + 1) % sides;
      const at = (ring: number, j: number) => ringStart[ring] + (ring === 0 || ring === last ? 0 : j);
      const a = at(i, k), b = at(i, k1), c = at(i + 1, k), d = at(i + 1, k1);
      if (i !== 0) indices.push(a, c, b);
      if (i + 1 !== last) indices.push(b, c, d);
    }
  }
  return { name, material: './sample.mat', vertices, indices };
}

/** The viewer sample as data: the column in two levels of detail (16 sides, then 8 sides and every other ring from 12 units). */
function relicColumnModel(): WFile {
  const file = sampleModel();
  const coarseProfile = RELIC_PROFILE.filter((_, i) => i % 2 === 1 || i === RELIC_PROFILE.length - 1);
  file.root.lods = [
    { viewDistance: 0, meshes: [relicColumnMesh('column', 16, RELIC_PROFILE)] },
    { viewDistance: 12, meshes: [relicColumnMesh('column_coarse', 8, coarseProfile)] },
  ];
  return file;
}

/**
 * A small valid G3D v100 file: a skinned, animated, smooth column (two levels of detail) with a
 * material path (`./sample.mat`, written next to it by the viewer) and a box collider.
 */
export function writeSampleMdl(): Uint8Array {
  return writeMdl(relicColumnModel());
}
