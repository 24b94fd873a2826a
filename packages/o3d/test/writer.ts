/**
 * A small test-only writer for Flyff `.o3d`, `.chr` and `.ani` files, written from the spec
 * (shared/specs/o3d.md) and independent of the parser. No test-framework imports: the viewer builds
 * its O3D sample with `writeSampleO3d()`.
 */
import { ByteWriter } from '@relic3d/test-harness/byte-writer';

type V3 = [number, number, number];
type M16 = number[];

export const IDENTITY: M16 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** Row-vector translation matrix (translation in elements 12..14). */
export function translationMatrix(x: number, y: number, z: number): M16 {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
}

class Bytes extends ByteWriter {
  /** int length (including the NUL) + bytes + NUL. */
  lengthName(name: string) {
    return this.i32(name.length + 1).ascii(name).u8(0);
  }
  done(): Uint8Array {
    return this.result();
  }
}

export interface WVertex {
  p: V3;
  n?: V3;
  uv?: [number, number];
  /** Skin vertices: w1, w2. */
  w?: [number, number];
  /** Skin vertices: stored indices (palette slot × 3). */
  idx?: [number, number];
}

export interface WMaterial {
  diffuse?: [number, number, number, number];
  ambient?: [number, number, number, number];
  specular?: [number, number, number, number];
  emissive?: [number, number, number, number];
  power?: number;
  texture: string;
}

export interface WBlock {
  start: number;
  count: number;
  textureId?: number;
  effect?: number;
  amount?: number;
  bones?: number[];
}

export interface WGeometry {
  vertices: WVertex[];
  indices: number[];
  /** Default: the vertex positions themselves, mapped 1:1. */
  vertexList?: V3[];
  vertexMap?: number[];
  physique?: number[];
  /** The stored flag; default 1 when materials are given. */
  materialFlag?: number;
  /** The stored nMaterial; default 0 for one material (0 means 1), else the count. */
  materialCount?: number;
  materials?: WMaterial[];
  blocks?: WBlock[];
  opacity?: number;
  bump?: number;
  faceCount?: number;
}

export interface WObject {
  type: 0 | 1;
  light?: boolean;
  bones?: number[];
  id?: number;
  parent?: number;
  parentType?: number;
  localTM?: M16;
  geometry: WGeometry;
  /** Normal objects in animated files: per frame [qx, qy, qz, qw, px, py, pz]; omitted = `has` 0. */
  tm?: number[][];
}

export interface WMotionBone {
  name: string;
  inverse?: M16;
  local?: M16;
  parent: number;
  /** Per frame [qx, qy, qz, qw, px, py, pz]; else `matrix` is stored. */
  keys?: number[][];
  matrix?: M16;
}

export interface WAttribute {
  flags: number;
  soundId: number;
  frame: number;
}

export interface WO3d {
  name: string;
  version?: number;
  id?: number;
  forces?: V3[];
  bboxMin?: V3;
  bboxMax?: V3;
  perSlerp?: number;
  frameCount?: number;
  events?: V3[];
  collision?: WGeometry;
  lod?: boolean;
  skeleton?: { base: M16[]; inverse: M16[]; motion?: WMotionBone[]; sendVS?: number };
  groups: WObject[][];
  poolSize?: number;
  attributes?: WAttribute[];
  /** Writes this count (and no records unless `attributes`) after the groups. */
  attributeCount?: number;
  /** Bytes appended verbatim (to test trailing data). */
  trailing?: number[];
}

function writeGeometry(out: Bytes, g: WGeometry, skin: boolean): void {
  const min: V3 = [Infinity, Infinity, Infinity];
  const max: V3 = [-Infinity, -Infinity, -Infinity];
  for (const v of g.vertices) for (let k = 0; k < 3; k++) {
    min[k] = Math.min(min[k], v.p[k]);
    max[k] = Math.max(max[k], v.p[k]);
  }
  out.floats(g.vertices.length ? min : [0, 0, 0]).floats(g.vertices.length ? max : [0, 0, 0]);
  out.i32(g.opacity ?? 0).i32(g.bump ?? 0).i32(0).zeros(28);
  const list = g.vertexList ?? g.vertices.map((v) => v.p);
  out.i32(list.length).i32(g.vertices.length).i32(g.faceCount ?? g.indices.length / 3).i32(g.indices.length);
  for (const p of list) out.floats(p);
  for (const v of g.vertices) {
    out.floats(v.p);
    if (skin) {
      out.floats(v.w ?? [1, 0]);
      out.u16(v.idx?.[0] ?? 0).u16(v.idx?.[1] ?? 0);
    }
    out.floats(v.n ?? [0, 1, 0]).floats(v.uv ?? [0, 0]);
  }
  for (const i of g.indices) out.u16(i);
  const map = g.vertexMap ?? g.vertices.map((_, i) => i);
  for (const i of map) out.u16(i);
  const physique = g.physique ?? [];
  out.u32(physique.length);
  for (const b of physique) out.i32(b);
  const materials = g.materials ?? [];
  const flag = g.materialFlag ?? (materials.length ? 1 : 0);
  out.u32(flag);
  if (flag !== 0) {
    out.i32(g.materialCount ?? (materials.length === 1 ? 0 : materials.length));
    for (const m of materials) {
      out.floats(m.diffuse ?? [1, 1, 1, 0]).floats(m.ambient ?? [1, 1, 1, 0]).floats(m.specular ?? [0, 0, 0, 0]).floats(m.emissive ?? [0, 0, 0, 0]);
      out.f32(m.power ?? 0).lengthName(m.texture);
    }
  }
  const blocks = g.blocks ?? [{ start: 0, count: g.indices.length / 3 }];
  out.i32(blocks.length);
  for (const b of blocks) {
    const effect = b.effect ?? 0;
    out.i32(b.start).i32(b.count).i32(b.textureId ?? 0).u32(effect).i32(b.amount ?? (effect & 2 ? 255 : 0));
    const bones = b.bones ?? [];
    out.i32(bones.length);
    for (let k = 0; k < 28; k++) out.i32(bones[k] ?? 0);
  }
}

function writeMotionBody(out: Bytes, bones: WMotionBone[], frameCount: number): void {
  for (const b of bones) {
    out.lengthName(b.name).floats(b.inverse ?? IDENTITY).floats(b.local ?? b.matrix ?? IDENTITY).i32(b.parent);
  }
  out.i32(bones.filter((b) => b.keys).length * frameCount);
  for (const b of bones) {
    if (b.keys) {
      out.i32(1);
      for (const k of b.keys) out.floats(k);
    } else out.i32(0).floats(b.matrix ?? b.local ?? IDENTITY);
  }
}

function writeAttributes(out: Bytes, attributes: WAttribute[]): void {
  for (const a of attributes) out.u32(a.flags).i32(a.soundId).f32(a.frame);
}

/** Writes an `.o3d` (versions 20–22). */
export function writeO3d(o: WO3d): Uint8Array {
  const out = new Bytes();
  const version = o.version ?? 22;
  const name = Array.from(o.name, (c) => c.charCodeAt(0) ^ 0xcd);
  out.u8(name.length).raw(name);
  out.i32(version).i32(o.id ?? 1);
  const forces = o.forces ?? [];
  for (let k = 0; k < (version >= 22 ? 4 : 2); k++) out.floats(forces[k] ?? [0, 0, 0]);
  out.f32(0).f32(0);
  out.raw(name.slice(0, 16)).zeros(Math.max(0, 16 - name.length)); // the client's stale name buffer
  out.floats(o.bboxMin ?? [-1, -1, -1]).floats(o.bboxMax ?? [1, 1, 1]);
  const frameCount = o.frameCount ?? 0;
  out.f32(o.perSlerp ?? 0.5).i32(frameCount);
  const events = o.events ?? [];
  out.i32(events.length);
  for (const e of events) out.floats(e);
  if (o.collision) {
    out.i32(1);
    writeGeometry(out, o.collision, false);
  } else out.i32(0);
  out.i32(o.lod ? 1 : 0);
  const sk = o.skeleton;
  out.i32(sk ? sk.base.length : 0);
  if (sk) {
    for (const m of sk.base) out.floats(m);
    for (const m of sk.inverse) out.floats(m);
    if (frameCount > 0) writeMotionBody(out, sk.motion ?? sk.base.map((_, i) => ({ name: `Bone${i}`, parent: i - 1 })), frameCount);
    out.i32(sk.sendVS ?? (sk.base.length <= 28 ? 1 : 0));
  }
  out.i32(o.poolSize ?? o.groups.reduce((n, g) => n + g.length, 0));
  for (const group of o.groups) {
    out.i32(group.length);
    for (const obj of group) {
      out.u32((obj.type | (obj.light ? 0x80000000 : 0)) >>> 0);
      const bones = obj.bones ?? [];
      out.i32(bones.length);
      for (const b of bones) out.i32(b);
      out.i32(obj.id ?? 0);
      const parent = obj.parent ?? -1;
      out.i32(parent);
      if (parent !== -1) out.i32(obj.parentType ?? 0);
      out.floats(obj.localTM ?? IDENTITY);
      writeGeometry(out, obj.geometry, obj.type === 1);
      if (obj.type === 0 && frameCount > 0) {
        if (obj.tm) {
          out.i32(1);
          for (const k of obj.tm) out.floats(k);
        } else out.i32(0);
      }
    }
  }
  if (o.attributes) {
    out.i32(o.attributeCount ?? o.attributes.length);
    writeAttributes(out, o.attributes);
  } else if (o.attributeCount !== undefined) out.i32(o.attributeCount);
  if (o.trailing) out.raw(o.trailing);
  return out.done();
}

export interface WChrBone {
  name: string;
  tm: M16;
  inverse: M16;
  local: M16;
  parent: number;
}

export interface WChr {
  version?: number;
  id?: number;
  bones: WChrBone[];
  sendVS?: number;
  rightHand?: M16;
  shield?: M16;
  knuckle?: M16;
  leftHand?: M16;
  events?: V3[];
  eventParents?: number[];
}

/** Writes a `.chr` (versions 4–7); events are two arrays (positions, then parents). */
export function writeChr(c: WChr): Uint8Array {
  const out = new Bytes();
  const version = c.version ?? 7;
  out.i32(version).i32(c.id ?? 1).i32(c.bones.length);
  for (const b of c.bones) out.lengthName(b.name).floats(b.tm).floats(b.inverse).floats(b.local).i32(b.parent);
  out.i32(c.sendVS ?? (c.bones.length <= 28 ? 1 : 0));
  out.floats(c.rightHand ?? IDENTITY).floats(c.shield ?? IDENTITY).floats(c.knuckle ?? IDENTITY);
  const slots = version === 5 ? 4 : version >= 6 ? 8 : 0;
  for (let k = 0; k < slots; k++) out.floats(c.events?.[k] ?? [0, 0, 0]);
  for (let k = 0; k < slots; k++) out.i32(c.eventParents?.[k] ?? 0);
  if (version >= 7) out.floats(c.leftHand ?? IDENTITY);
  return out.done();
}

export interface WAni {
  id?: number;
  perSlerp?: number;
  frameCount: number;
  path?: V3[];
  bones: WMotionBone[];
  attributes?: WAttribute[];
  events?: V3[];
  version?: number;
}

/** Writes an `.ani` (version 10). */
export function writeAni(a: WAni): Uint8Array {
  const out = new Bytes();
  out.i32(a.version ?? 10).i32(a.id ?? 1).f32(a.perSlerp ?? 0.5).zeros(32);
  out.i32(a.bones.length).i32(a.frameCount).i32(a.path ? 1 : 0);
  for (const p of a.path ?? []) out.floats(p);
  writeMotionBody(out, a.bones, a.frameCount);
  const attributes = a.attributes ?? [];
  for (let f = 0; f < a.frameCount; f++) writeAttributes(out, [attributes[f] ?? { flags: 0, soundId: 0, frame: 0 }]);
  const events = a.events ?? [];
  out.i32(events.length);
  for (const e of events) out.floats(e);
  return out.done();
}

/** Quaternion (x, y, z, w) for a rotation of `angle` radians about Z. */
export function quatZ(angle: number): [number, number, number, number] {
  return [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
}

/**
 * A small valid skinned, animated model: a 3-bone column (1 unit per bone, 3 units tall) skinned to a
 * tapered, twisted square shaft (28 triangles: three side bands and flat end caps), its `.chr` and
 * one 31-frame `.ani` that sways the upper bones. Untextured, with a terracotta diffuse colour;
 * the sides have smooth normals, the caps their own flat-shaded vertices.
 */
export function writeSampleO3d(): { o3d: Uint8Array; chr: Uint8Array; ani: Uint8Array } {
  // Centre-to-corner radius per ring (a wide foot, a waist, a flared head), each ring turned 30° on.
  const radius = [0.34, 0.26, 0.23, 0.3];
  const vertices: WVertex[] = [];
  const skin = (ring: number): Pick<WVertex, 'w' | 'idx'> => {
    // Ring k follows bone k (the top ring follows bone 2); ring 1 and 2 blend with the bone below.
    const bone = Math.min(ring, 2);
    const blend = ring === 1 || ring === 2;
    return { w: blend ? [0.75, 0.25] : [1, 0], idx: [bone * 3, (blend ? bone - 1 : 0) * 3] };
  };
  const corner = (ring: number, c: number): V3 => {
    const angle = (Math.PI / 2) * c + (Math.PI / 6) * ring + Math.PI / 4;
    return [radius[ring] * Math.cos(angle), ring, radius[ring] * Math.sin(angle)];
  };
  for (let ring = 0; ring < 4; ring++) {
    for (let c = 0; c < 4; c++) vertices.push({ p: corner(ring, c), uv: [c / 4, 1 - ring / 3], ...skin(ring) });
  }
  const indices: number[] = [];
  const at = (ring: number, c: number) => ring * 4 + (c % 4);
  // D3D front faces are clockwise seen from outside: with left-handed coordinates the plain cross
  // product (p1 − p0) × (p2 − p0) points outward.
  const cross = (a: number, b: number, c: number): V3 => {
    const p = (i: number) => vertices[i].p;
    const u = [p(b)[0] - p(a)[0], p(b)[1] - p(a)[1], p(b)[2] - p(a)[2]];
    const v = [p(c)[0] - p(a)[0], p(c)[1] - p(a)[1], p(c)[2] - p(a)[2]];
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  };
  const tri = (a: number, b: number, c: number, outward: V3) => {
    const n = cross(a, b, c);
    const dot = n[0] * outward[0] + n[1] * outward[1] + n[2] * outward[2];
    indices.push(...(dot >= 0 ? [a, b, c] : [a, c, b]));
  };
  for (let ring = 0; ring < 3; ring++) {
    for (let c = 0; c < 4; c++) {
      const [p0, p1, p2, p3] = [at(ring, c), at(ring + 1, c), at(ring + 1, c + 1), at(ring, c + 1)].map((i) => vertices[i].p);
      const out: V3 = [(p0[0] + p1[0] + p2[0] + p3[0]) / 4, 0, (p0[2] + p1[2] + p2[2] + p3[2]) / 4];
      tri(at(ring, c), at(ring + 1, c), at(ring + 1, c + 1), out);
      tri(at(ring, c), at(ring + 1, c + 1), at(ring, c + 1), out);
    }
  }
  // Smooth side normals: the area-weighted outward face normals around each vertex.
  const sums = vertices.map((): V3 => [0, 0, 0]);
  for (let t = 0; t < indices.length; t += 3) {
    const n = cross(indices[t], indices[t + 1], indices[t + 2]);
    for (let k = 0; k < 3; k++) for (let e = 0; e < 3; e++) sums[indices[t + k]][e] += n[e];
  }
  vertices.forEach((v, i) => {
    const l = Math.hypot(...sums[i]);
    v.n = [sums[i][0] / l, sums[i][1] / l, sums[i][2] / l];
  });
  // Flat caps on their own vertices, so the sides' smooth normals do not bend their shading.
  for (const ring of [0, 3]) {
    const first = vertices.length;
    const ny = ring === 0 ? -1 : 1;
    for (let c = 0; c < 4; c++) {
      const p = corner(ring, c);
      vertices.push({ p, n: [0, ny, 0], uv: [0.5 + p[0], 0.5 + p[2]], ...skin(ring) });
    }
    tri(first, first + 1, first + 2, [0, ny, 0]);
    tri(first, first + 2, first + 3, [0, ny, 0]);
  }
  const extent = Math.max(...radius);

  const o3d = writeO3d({
    name: 'mvr_sample.o3d',
    version: 22,
    bboxMin: [-extent, 0, -extent],
    bboxMax: [extent, 3, extent],
    groups: [
      [
        {
          type: 1,
          geometry: {
            vertices,
            indices,
            physique: vertices.map((v) => (v.idx![0] / 3)),
            // Untextured: the diffuse colour (gamma space, alpha 0 as in real files) is the colour.
            materials: [{ texture: '', diffuse: [0.82, 0.46, 0.3, 0], ambient: [0.82, 0.46, 0.3, 0], specular: [0.25, 0.22, 0.2, 0], power: 24 }],
          },
        },
      ],
    ],
  });
  const names = ['Bone01', 'Bone02', 'Bone03'];
  const chr = writeChr({
    version: 7,
    bones: names.map((name, i) => ({
      name,
      tm: translationMatrix(0, i, 0),
      inverse: translationMatrix(0, -i, 0),
      local: translationMatrix(0, i === 0 ? 0 : 1, 0),
      parent: i - 1,
    })),
  });
  const frameCount = 31;
  const ani = writeAni({
    frameCount,
    bones: names.map((name, i) => {
      const bone: WMotionBone = { name, parent: i - 1, inverse: translationMatrix(0, -i, 0), local: translationMatrix(0, i === 0 ? 0 : 1, 0) };
      if (i === 0) bone.matrix = IDENTITY;
      else bone.keys = Array.from({ length: frameCount }, (_, f) => [...quatZ(0.4 * Math.sin((2 * Math.PI * f) / (frameCount - 1))), 0, 1, 0]);
      return bone;
    }),
  });
  return { o3d, chr, ani };
}
