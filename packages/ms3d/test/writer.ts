/** A test-only MS3D writer: builds files for spec corners the corpus lacks. */
import { ByteWriter } from '@relic3d/test-harness/byte-writer';

type V3 = [number, number, number];
type V4 = [number, number, number, number];
type Name = string | Uint8Array;

export interface WVertex {
  position: V3;
  boneId?: number;
  flags?: number;
  referenceCount?: number;
}
export interface WTriangle {
  v: V3;
  normals?: [V3, V3, V3];
  s?: V3;
  t?: V3;
  smoothingGroup?: number;
  groupIndex?: number;
  flags?: number;
}
export interface WGroup {
  name: Name;
  triangles: number[];
  material?: number;
  flags?: number;
}
export interface WMaterial {
  name: Name;
  ambient?: V4;
  diffuse?: V4;
  specular?: V4;
  emissive?: V4;
  shininess?: number;
  transparency?: number;
  mode?: number;
  texture?: Name;
  alphamap?: Name;
}
export interface WJoint {
  name: Name;
  parent?: Name;
  rotation?: V3;
  position?: V3;
  rotKeys?: V4[];
  posKeys?: V4[];
  flags?: number;
}
export interface WFile {
  version?: number;
  vertices?: WVertex[];
  triangles?: WTriangle[];
  groups?: WGroup[];
  materials?: WMaterial[];
  fps?: number;
  currentTime?: number;
  totalFrames?: number;
  joints?: WJoint[];
  comments?: { subVersion?: number; groups?: [number, string][]; materials?: [number, string][]; joints?: [number, string][]; model?: string };
  vertexExtra?: { subVersion: number; records: { ids: V3; weights: V3; extra?: number[] }[] };
  jointExtra?: { subVersion?: number; colors: V3[] };
  modelExtra?: { subVersion?: number; jointSize: number; transparencyMode: number; alphaRef: number };
  /** Raw bytes appended at the very end. */
  tail?: Uint8Array;
}

class Out extends ByteWriter {
  vec(v: number[]) { return this.floats(v); }
  bytes(b: Uint8Array) { return this.raw(b); }
  /** A fixed-size field: NUL-padded, or cut to `size` (then it has no NUL). */
  fixed(name: Name, size: number) {
    const b = typeof name === 'string' ? Uint8Array.from(name, (c) => c.charCodeAt(0) & 0xff) : name;
    const field = new Uint8Array(size);
    field.set(b.subarray(0, size));
    return this.raw(field);
  }
  text(s: string) { return this.ascii(s); }
}

const up: [V3, V3, V3] = [[0, 0, 1], [0, 0, 1], [0, 0, 1]];

export function writeMs3d(f: WFile): Uint8Array {
  const o = new Out();
  o.text('MS3D000000');
  o.i32(f.version ?? 4);
  const vertices = f.vertices ?? [];
  o.u16(vertices.length);
  for (const v of vertices) {
    o.u8(v.flags ?? 0);
    o.vec(v.position);
    o.i8(v.boneId ?? -1);
    o.u8(v.referenceCount ?? 0);
  }
  const triangles = f.triangles ?? [];
  o.u16(triangles.length);
  triangles.forEach((t, i) => {
    o.u16(t.flags ?? 0);
    t.v.forEach((x) => o.u16(x));
    (t.normals ?? up).forEach((n) => o.vec(n));
    o.vec(t.s ?? [0, 1, 0]);
    o.vec(t.t ?? [0, 0, 1]);
    o.u8(t.smoothingGroup ?? 1);
    o.u8(t.groupIndex ?? (f.groups ?? []).findIndex((g) => g.triangles.includes(i)) & 0xff);
  });
  const groups = f.groups ?? [];
  o.u16(groups.length);
  for (const g of groups) {
    o.u8(g.flags ?? 0);
    o.fixed(g.name, 32);
    o.u16(g.triangles.length);
    g.triangles.forEach((t) => o.u16(t));
    o.i8(g.material ?? -1);
  }
  const materials = f.materials ?? [];
  o.u16(materials.length);
  for (const m of materials) {
    o.fixed(m.name, 32);
    o.vec(m.ambient ?? [0.2, 0.2, 0.2, 1]);
    o.vec(m.diffuse ?? [0.8, 0.8, 0.8, 1]);
    o.vec(m.specular ?? [0, 0, 0, 1]);
    o.vec(m.emissive ?? [0, 0, 0, 1]);
    o.f32(m.shininess ?? 0);
    o.f32(m.transparency ?? 1);
    o.u8(m.mode ?? 0);
    o.fixed(m.texture ?? '', 128);
    o.fixed(m.alphamap ?? '', 128);
  }
  o.f32(f.fps ?? 24);
  o.f32(f.currentTime ?? 1);
  o.i32(f.totalFrames ?? 30);
  const joints = f.joints ?? [];
  o.u16(joints.length);
  for (const j of joints) {
    o.u8(j.flags ?? 0);
    o.fixed(j.name, 32);
    o.fixed(j.parent ?? '', 32);
    o.vec(j.rotation ?? [0, 0, 0]);
    o.vec(j.position ?? [0, 0, 0]);
    o.u16(j.rotKeys?.length ?? 0);
    o.u16(j.posKeys?.length ?? 0);
    (j.rotKeys ?? []).forEach((k) => o.vec(k));
    (j.posKeys ?? []).forEach((k) => o.vec(k));
  }
  if (f.comments) {
    const c = f.comments;
    o.i32(c.subVersion ?? 1);
    for (const list of [c.groups ?? [], c.materials ?? [], c.joints ?? []]) {
      o.i32(list.length);
      for (const [index, text] of list) {
        o.i32(index);
        o.i32(text.length);
        o.text(text);
      }
    }
    o.i32(c.model === undefined ? 0 : 1);
    if (c.model !== undefined) {
      o.i32(c.model.length);
      o.text(c.model);
    }
  }
  if (f.vertexExtra) {
    o.i32(f.vertexExtra.subVersion);
    const words = f.vertexExtra.subVersion === 2 ? 1 : f.vertexExtra.subVersion === 3 ? 2 : 0;
    for (const r of f.vertexExtra.records) {
      r.ids.forEach((x) => o.i8(x));
      r.weights.forEach((x) => o.u8(x));
      for (let k = 0; k < words; k++) o.u32(r.extra?.[k] ?? 0);
    }
  }
  if (f.jointExtra) {
    o.i32(f.jointExtra.subVersion ?? 1);
    f.jointExtra.colors.forEach((c) => o.vec(c));
  }
  if (f.modelExtra) {
    o.i32(f.modelExtra.subVersion ?? 1);
    o.f32(f.modelExtra.jointSize);
    o.i32(f.modelExtra.transparencyMode);
    o.f32(f.modelExtra.alphaRef);
  }
  if (f.tail) o.bytes(f.tail);
  return o.result();
}

/** A unit quad in the XY plane, two CCW triangles, one group, no material. */
export function quad(overrides: Partial<WFile> = {}): WFile {
  return {
    vertices: [{ position: [0, 0, 0] }, { position: [1, 0, 0] }, { position: [1, 1, 0] }, { position: [0, 1, 0] }],
    triangles: [
      { v: [0, 1, 2], s: [0, 1, 1], t: [1, 1, 0] },
      { v: [0, 2, 3], s: [0, 1, 0], t: [1, 0, 0] },
    ],
    groups: [{ name: 'quad', triangles: [0, 1] }],
    ...overrides,
  };
}
