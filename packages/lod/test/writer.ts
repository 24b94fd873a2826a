/**
 * A test-only LODka3D writer, built from the spec's tables (shared/specs/lod.md), independent of the
 * parser's code. Every builder returns bytes; the tests assemble files from them.
 */
import { ByteWriter, concatBytes } from '@relic3d/test-harness/byte-writer';

/** CP1251 for ASCII and the Russian alphabet (enough for the tests). */
export function cp1251(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c >= 0x410 && c <= 0x44f) out.push(c - 0x410 + 0xc0);
    else if (c === 0x401) out.push(0xa8);
    else if (c === 0x451) out.push(0xb8);
    else throw new Error(`cp1251 writer: no byte for ${ch}`);
  }
  return out;
}

export class Bytes extends ByteWriter {
  bool(v: boolean): this {
    return this.u8(v ? 1 : 0);
  }
  f32s(values: ArrayLike<number>): this {
    return this.floats(values);
  }
  /** Characters without a length. */
  chars(text: string): this {
    return this.raw(cp1251(text));
  }
  /** Integer length + characters (the format's string). */
  str(text: string): this {
    const b = cp1251(text);
    return this.i32(b.length).raw(b);
  }
  /** An index of `width` bytes. */
  index(v: number, width: number): this {
    return width === 1 ? this.u8(v) : width === 2 ? this.u16(v) : this.u32(v);
  }
  bytes(): Uint8Array {
    return this.result();
  }
}

/** A chunk: ID, Size (data bytes), Count, data. `size` overrides the stored Size. */
export function chunk(id: string, count: number, data: Uint8Array | Bytes | Uint8Array[], size?: number): Uint8Array {
  const body = data instanceof Bytes ? data.bytes() : Array.isArray(data) ? concatBytes(data) : data;
  return concatBytes([new Bytes().chars(id).i32(size ?? body.length).i32(count).bytes(), body]);
}

/** Signature + one LOD1 block holding `children` (Count = number of children unless given). */
export function lodFile(children: Uint8Array[], options: { count?: number; signature?: string; after?: Uint8Array[] } = {}): Uint8Array {
  return concatBytes([
    new Bytes().chars(options.signature ?? 'LODka3D1').bytes(),
    chunk('LOD1', options.count ?? children.length, children),
    ...(options.after ?? []),
  ]);
}

// ---------------------------------------------------------------- materials (§3)

export interface MaterialOptionsSpec {
  ambient?: number[];
  diffuse?: number[];
  emission?: number[];
  specular?: number[];
  envColor?: number[];
  shininess?: number;
  imageBrightness?: number;
  imageGamma?: number;
  normalMapScale?: number;
  blendingMode?: number;
  imageAlpha?: number;
  textureMode?: number;
  textureWrap?: number;
  textureFormat?: number;
  textureEnabled?: boolean;
  enabled?: boolean;
  mappingMode?: number;
}

export interface MaterialSpec {
  name: string;
  texture: string;
  options?: MaterialOptionsSpec;
}

export function materialOptions(o: MaterialOptionsSpec, type: 2 | 3): Bytes {
  const b = new Bytes()
    .f32s(o.ambient ?? [0.2, 0.2, 0.2, 1])
    .f32s(o.diffuse ?? [0.8, 0.8, 0.8, 1])
    .f32s(o.emission ?? [0, 0, 0, 1])
    .f32s(o.specular ?? [0, 0, 0, 1])
    .f32s(o.envColor ?? [0, 0, 0, 0])
    .u8(o.shininess ?? 0)
    .f32(o.imageBrightness ?? 1)
    .f32(o.imageGamma ?? 1)
    .f32(o.normalMapScale ?? 0.125)
    .u8(o.blendingMode ?? 0)
    .u8(o.imageAlpha ?? 0)
    .u8(o.textureMode ?? 1)
    .u8(o.textureWrap ?? 0)
    .u8(o.textureFormat ?? 0)
    .bool(o.textureEnabled ?? true)
    .bool(o.enabled ?? true);
  if (type === 3) b.u8(o.mappingMode ?? 0);
  return b;
}

/** `MAT1` of MaterialsType 0..3. */
export function mat1(type: 0 | 1 | 2 | 3, materials: MaterialSpec[]): Uint8Array {
  const b = new Bytes().u8(type);
  if (type > 0) {
    b.i32(materials.length);
    for (const m of materials) {
      b.str(m.name).str(m.texture);
      if (type === 2 || type === 3) b.raw(materialOptions(m.options ?? {}, type).bytes());
    }
  }
  return chunk('MAT1', materials.length, b);
}

export function mal1(children: Uint8Array[], count = 1): Uint8Array {
  return chunk('MAL1', count, children);
}

export interface EmbeddedTextureSpec {
  materialName: string;
  textureName: string;
  data: Uint8Array;
  reserve?: number;
  optionType?: number;
}

/** `TXTL` holding one `TXTR`. */
export function txtl(textures: EmbeddedTextureSpec[]): Uint8Array {
  const b = new Bytes().u8(0);
  for (const t of textures) {
    const m = cp1251(t.materialName).length;
    const n = cp1251(t.textureName).length;
    const optionSize = 20 + m + n + (t.reserve ?? 0);
    b.i32(optionSize).i32(t.data.length).i32(t.optionType ?? 0).str(t.materialName).str(t.textureName);
    b.raw(new Uint8Array(t.reserve ?? 0).fill(0xee)).raw(t.data);
  }
  return chunk('TXTL', 1, [chunk('TXTR', textures.length, b)]);
}

export interface BumpSpec {
  name: string;
  normalName: string;
  specularName: string;
  lightPower: number;
  specularPower: number;
  reserve?: number;
  /** Another shader type, stored with `data` as parameters. */
  type?: number;
  data?: number[];
}

/** `SHDL` holding one `SHDR`. ShaderSize counts the bytes after itself. */
export function shdl(shaders: BumpSpec[]): Uint8Array {
  const b = new Bytes().u8(1);
  for (const s of shaders) {
    const params = new Bytes();
    if ((s.type ?? 1) === 1) {
      params.str(s.name).str(s.normalName).str(s.specularName).f32(s.lightPower).f32(s.specularPower).raw(new Uint8Array(s.reserve ?? 0));
    } else params.raw(s.data ?? []);
    b.i32(1 + params.length).u8(s.type ?? 1).raw(params.bytes());
  }
  return chunk('SHDL', 1, [chunk('SHDR', shaders.length, b)]);
}

// ---------------------------------------------------------------- skeleton (§4)

export interface BoneSpec {
  id: number;
  parent: number;
  name: string;
}

export function skl1(bones: BoneSpec[]): Uint8Array {
  const b = new Bytes().u8(1);
  for (const bone of bones) b.i16(bone.id).i16(bone.parent).str(bone.name);
  return chunk('SKL1', bones.length, b);
}

export interface AnimationSpec {
  name: string;
  interval: number;
  mode: number;
  /** frames[f][boneId] = [px, py, pz, rx, ry, rz] */
  frames: number[][][];
}

/** `ANM1`, packed header: type at 0, interval at 1, mode at 5, name length at 6. */
export function anm1(a: AnimationSpec): Uint8Array {
  const b = new Bytes().u8(1).i32(a.interval).u8(a.mode).str(a.name);
  for (const frame of a.frames) for (const entry of frame) b.f32s(entry);
  return chunk('ANM1', a.frames.length, b);
}

export const ans1 = (anims: AnimationSpec[]) => chunk('ANS1', anims.length, anims.map(anm1));

// ---------------------------------------------------------------- meshes (§5)

/** The spec's index-width table (§5.3), written out again for the tests. */
export function specWidth(n: number, newThresholds: boolean): number {
  if (newThresholds) return n <= 256 ? 1 : n <= 65536 ? 2 : 4;
  return n <= 255 ? 1 : n <= 65535 ? 2 : 4;
}

export interface FaceGroupSpec {
  faceType: 1 | 2;
  name: string;
  visible?: boolean;
  materials: string[];
  vertex: number[];
  smooth?: number[];
  normal?: number[];
  /** One list per UV set. */
  uv?: number[][];
  /** Overrides of the list counts, for broken files. */
  vertexCount?: number;
}

export interface MeshSpec {
  name: string;
  mode: 2 | 3;
  skeletonFlag?: boolean;
  visible?: boolean;
  positions: number[];
  normals?: number[];
  /** UV sets (u, v pairs). Mode 2: exactly one. */
  uvSets: number[][];
  /** Mode 3 with two sets: store counts first (reader) or interleaved (seed). */
  uvLayout?: 'counts-first' | 'interleaved';
  /** One bone number per position (PntBnAssoc). */
  assoc?: number[];
  /** Weight type 1: per vertex a list of [bone, weight]. */
  weights?: { bonesPerVertex: number; perVertex: [number, number][][] };
  /** Overrides BonesWeightArLen (broken files). */
  weightRecordCount?: number;
  groups: FaceGroupSpec[];
  /** SKL1 bone count the mesh is written against. */
  boneCount: number;
  count?: number;
}

export function msh1(m: MeshSpec): Uint8Array {
  const b = new Bytes().str(m.name).bool(m.skeletonFlag ?? false).u8(m.mode).bool(m.visible ?? true);
  const V = m.positions.length / 3;
  const N = (m.normals ?? []).length / 3;
  b.i32(V).f32s(m.positions).i32(N).f32s(m.normals ?? []);
  const T = m.uvSets.length;
  if (m.mode === 3) {
    b.u8(T);
    if (m.uvLayout === 'interleaved') for (const set of m.uvSets) b.i32(set.length / 2).f32s(set);
    else {
      for (const set of m.uvSets) b.i32(set.length / 2);
      for (const set of m.uvSets) b.f32s(set);
    }
  } else b.i32(m.uvSets[0].length / 2).f32s(m.uvSets[0]);
  const assoc = m.assoc ?? [];
  b.i32(assoc.length);
  for (const a of assoc) m.boneCount < 255 ? b.u8(a) : b.u16(a);
  if (m.weights) {
    const wide = m.boneCount > 127;
    const records: [number, number][] = [];
    for (const list of m.weights.perVertex) {
      list.forEach(([bone, w], k) => {
        const close = k === list.length - 1 && list.length < m.weights!.bonesPerVertex;
        records.push([bone | (close ? (wide ? 0x8000 : 0x80) : 0), w]);
      });
    }
    b.i32(1).i32(m.weights.bonesPerVertex).i32(m.weightRecordCount ?? records.length);
    for (const [field, w] of records) (wide ? b.u16(field) : b.u8(field)).f32(w);
  } else b.i32(0);
  b.i32(m.groups.length);
  for (const g of m.groups) {
    b.i32(g.faceType).u8(0).str(g.name).bool(g.visible ?? true);
    if (m.mode === 2) b.str(g.materials[0]);
    else {
      for (let s = 0; s < T; s++) b.i32(cp1251(g.materials[s] ?? '').length);
      for (let s = 0; s < T; s++) b.chars(g.materials[s] ?? '');
    }
    const newRule = g.faceType === 2;
    b.i32(g.vertexCount ?? g.vertex.length);
    for (const i of g.vertex) b.index(i, specWidth(V, newRule));
    if (g.faceType === 2) b.i32((g.smooth ?? []).length).raw(u32s(g.smooth ?? []));
    b.i32((g.normal ?? []).length);
    for (const i of g.normal ?? []) b.index(i, specWidth(N, newRule));
    const uv = g.uv ?? m.uvSets.map(() => []);
    for (let s = 0; s < T; s++) b.i32(uv[s].length);
    for (let s = 0; s < T; s++) for (const i of uv[s]) b.index(i, specWidth(m.uvSets[s].length / 2, m.mode === 3 || newRule));
  }
  return chunk('MSH1', m.count ?? m.groups.length, b);
}

function u32s(values: number[]): Uint8Array {
  const b = new Bytes();
  for (const v of values) b.u32(v);
  return b.bytes();
}

export const msl1 = (meshes: MeshSpec[]) => chunk('MSL1', meshes.length, meshes.map(msh1));

// ---------------------------------------------------------------- morph (§6)

export interface MorphCollectionSpec {
  name: string;
  colliderName: string;
  parentId: number;
  parentBone: number;
  proxyId: number;
  bones: { name: string; parentId: number }[];
  animations: { name: string; mode: number; interval: number; frames: number }[];
}

/** `MAN1` with 28- or 32-byte collection records. */
export function man1(collections: MorphCollectionSpec[], recordSize: 28 | 32 = 28): Uint8Array {
  const b = new Bytes().i32(0);
  for (const c of collections) {
    b.i32(cp1251(c.name).length).i32(cp1251(c.colliderName).length).i32(c.bones.length).i32(c.animations.length);
    if (recordSize === 32) b.i32(0x1234);
    b.i32(c.parentId).i32(c.parentBone).i32(c.proxyId);
  }
  for (const c of collections) for (const bone of c.bones) b.i32(cp1251(bone.name).length).i32(bone.parentId);
  for (const c of collections) for (const a of c.animations) b.i32(cp1251(a.name).length).u8(a.mode).i32(a.interval).i32(a.frames);
  for (const c of collections) {
    b.chars(c.name).chars(c.colliderName);
    for (const bone of c.bones) b.chars(bone.name);
    for (const a of c.animations) b.chars(a.name);
  }
  let k = 0;
  for (const c of collections) {
    const frames = c.animations.reduce((s, a) => s + a.frames, 0);
    for (let i = 0; i < c.bones.length * frames; i++) b.f32s([1, 0, 0, 0, 1, 0, 0, 0, 1, k, k + 0.5, i]), k++;
  }
  for (const c of collections) {
    const frames = c.animations.reduce((s, a) => s + a.frames, 0);
    for (let f = 0; f < frames; f++) b.f32s([-1, -1, -1, 1, 1, 1, 0, 0, f, 2]);
  }
  return chunk('MAN1', collections.length, b);
}

export interface MorphMeshSpec {
  meshIndex: number;
  meshName: string;
  collectionName: string;
  /** frames[f] = xyz per vertex */
  frames: number[][];
}

export function mmd1(meshes: MorphMeshSpec[]): Uint8Array {
  const b = new Bytes().i32(0);
  for (const m of meshes) {
    b.i32(m.frames.length).i32((m.frames[0]?.length ?? 0) / 3).i32(m.meshIndex).i32(cp1251(m.meshName).length).i32(cp1251(m.collectionName).length);
  }
  for (const m of meshes) b.chars(m.meshName).chars(m.collectionName);
  b.i32(meshes.reduce((s, m) => s + m.frames.length * ((m.frames[0]?.length ?? 0) / 3), 0));
  for (const m of meshes) for (const f of m.frames) b.f32s(f);
  return chunk('MMD1', meshes.length, b);
}

// ---------------------------------------------------------------- physics, lights, proxies, colliders (§7)

export interface BodySpec {
  type: number;
  name: string;
  position: number[];
  scale: number[];
  rotation: number[];
  mass: number;
}

export interface GeomSpec {
  type: number;
  name: string;
  body: number;
  position: number[];
  scale: number[];
  rotation: number[];
  meshLink: number;
  meshLinkCount: number;
}

export interface JointSpec {
  type: number;
  bodies: [number, number];
  position: number[];
  params: number[];
}

export function phs1(p: { bodies: BodySpec[]; geoms: GeomSpec[]; joints: JointSpec[]; meshLinks: number[] }, count = 2): Uint8Array {
  const bodyNames = p.bodies.map((x) => x.name).join('\r\n');
  const geomNames = p.geoms.map((x) => x.name).join('\r\n');
  const b = new Bytes().u8(1).i32(cp1251(bodyNames).length).i32(cp1251(geomNames).length).i32(p.meshLinks.length);
  b.i32(p.bodies.length).i32(p.geoms.length).i32(p.joints.length).chars(bodyNames).chars(geomNames);
  for (const m of p.meshLinks) b.i32(m);
  for (const x of p.bodies) {
    const start = b.length;
    b.u8(x.type).f32s(x.position).f32s(x.scale).f32s(x.rotation).i32(1).f32(x.mass).f32(2.5).f32(7.5);
    b.bool(true).bool(true).bool(false).bool(true).bool(false).f32(0.01).f32(0.02).f32(3).i32(10);
    if (b.length - start !== 78) throw new Error('TBody must be 78 bytes');
  }
  for (const g of p.geoms) {
    const start = b.length;
    b.u8(g.type).i32(g.body).f32s(g.position).f32s(g.scale).f32s(g.rotation).i32(2).f32(4).f32(5).i32(g.meshLink).i32(g.meshLinkCount).f32(6.5).bool(true);
    if (b.length - start !== 70) throw new Error('TGeom must be 70 bytes');
  }
  for (const j of p.joints) {
    const start = b.length;
    b.u8(j.type).i32(j.bodies[0]).i32(j.bodies[1]).f32s([0, 0, 0, 1, 0, 1, 0, 0]).f32s(j.position).f32s(j.params).f32(9.5);
    if (b.length - start !== 101) throw new Error('TJoint must be 101 bytes');
  }
  return chunk('PHS1', count, b);
}

export interface LightSpec {
  enabled: boolean;
  style: number;
  position: number[];
  direction: number[];
  diffuse: number[];
  cutoff: number;
}

export function lig1(name: string, lights: LightSpec[], count = 8): Uint8Array {
  const b = new Bytes().str(name);
  for (let i = 0; i < 8; i++) {
    const l = lights[i] ?? { enabled: false, style: 1, position: [0, 0, 1], direction: [0, 0, -1], diffuse: [0, 0, 0, 1], cutoff: 180 };
    const start = b.length;
    b.bool(l.enabled).u8(l.style).f32s(l.position).f32s(l.direction).f32s([0, 0, 0, 1]).f32s(l.diffuse).f32s([1, 1, 1, 1]);
    b.f32(l.cutoff).f32(2).f32(1).f32(0.5).f32(0.25);
    if (b.length - start !== 94) throw new Error('light record must be 94 bytes');
  }
  return chunk('LIG1', count, b);
}

export const lgs1 = (schemes: Uint8Array[]) => chunk('LGS1', schemes.length, schemes);

export interface ProxyItemSpec {
  name: string;
  parent: number;
  source: number;
  position: number[];
  rotation: number[];
  scale: number[];
  visible?: boolean;
}

export function pxi1(meshIndex: number, items: ProxyItemSpec[], recordSize: 54 | 56 = 56): Uint8Array {
  const b = new Bytes().i32(items.length);
  for (const it of items) b.i32(cp1251(it.name).length);
  for (const it of items) b.chars(it.name);
  for (const it of items) {
    const start = b.length;
    b.i16(it.parent);
    if (recordSize === 56) b.i16(0);
    b.i16(it.source).i16(-1).i16(-1).i16(-1).i16(0).f32s(it.position).f32s(it.rotation).f32s(it.scale).bool(it.visible ?? true).bool(false);
    if (b.length - start !== recordSize) throw new Error('proxy record size');
  }
  return chunk('PXI1', meshIndex, b);
}

export const pxl1 = (proxies: Uint8Array[]) => chunk('PXL1', proxies.length, proxies);

export interface ColliderSpec {
  name: string;
  bone: number;
  type: number;
  /** 16 floats as stored (row-major, row-vector: translation in 12..14, scale in 3, 7, 11). */
  matrix: number[];
}

export function col1(name: string, colliders: ColliderSpec[]): Uint8Array {
  const b = new Bytes().str(name);
  if (colliders.length) {
    for (const c of colliders) b.i32(cp1251(c.name).length);
    for (const c of colliders) b.chars(c.name);
  }
  for (const c of colliders) {
    const start = b.length;
    b.i16(c.bone).u8(c.type).f32s(c.matrix).i32(7).f32(0.75).bool(true).f32s([0, 0, 0, 1]).f32(-1).f32(1).f32s([0, 1, 0, 0]).f32(-2).f32(2);
    if (b.length - start !== 124) throw new Error('collider record must be 124 bytes');
  }
  return chunk('COL1', colliders.length, b);
}

export const cll1 = (sets: Uint8Array[]) => chunk('CLL1', sets.length, sets);

export function img1(name: string, data: Uint8Array): Uint8Array {
  return chunk('IMG1', 1, new Bytes().i32(0).str(name).i32(data.length).raw(data));
}

export function inf1(text: string | Uint8Array, count = 1): Uint8Array {
  return chunk('INF1', count, typeof text === 'string' ? new Bytes().chars(text) : text);
}

// ---------------------------------------------------------------- the viewer's sample

/** Shape of `writeSampleLod()`'s model, so tests can check it without re-deriving the geometry. */
export const SAMPLE_LOD = {
  sides: 16,
  /** Bones Root, Body1, Body2, Body3, Head: one unit apart along +Y. */
  bones: ['Root', 'Body1', 'Body2', 'Body3', 'Head'],
  ringsPerSegment: 6,
  /** 24 rows of side quads + head cone + flat base. */
  triangles: 24 * 16 * 2 + 16 + 16,
  /** 25 rings, the tip, the base's centre: more than 256, so position indices are 2 bytes wide. */
  positions: 25 * 16 + 2,
  /** [name, frames stored (the last repeats the first, so the loop is seamless), interval ms]. */
  clips: [
    ['sway', 41, 40],
    ['slither', 49, 40],
  ] as [string, number, number][],
  /** Gamma-space diffuse colours as stored, by material. */
  materials: {
    Scales: [0.95, 0.64, 0.22, 1],
    Bands: [0.1, 0.3, 0.34, 1],
    Belly: [0.85, 0.78, 0.62, 1],
  } as Record<string, number[]>,
};

/**
 * A small valid LODka3D model for the viewer: a tapered, ring-segmented serpent (+Y up, 4.35 units
 * tall) on a five-bone chain, skinned with weight type 1 (two bones per vertex across each joint),
 * three coloured materials (scales, dark bands at the joints, a pale base), smoothing-group normals
 * (no stored normals, as in real skinned files), and two looping clips: `sway` (its first frame is
 * the straight rest pose, so it is the bind pose) and `slither`, a wave running up the chain.
 */
export function writeSampleLod(): Uint8Array {
  const { sides, bones, ringsPerSegment } = SAMPLE_LOD;
  const segments = bones.length - 1;
  const rings = segments * ringsPerSegment + 1;
  const height = segments;
  const tipY = height + 0.35;
  const radius = (y: number) => {
    const taper = 0.42 * (1 - 0.55 * (y / height));
    const frac = y - Math.floor(y);
    return taper * (0.82 + 0.18 * Math.sin(Math.PI * frac)); // pinched at each joint, bulging between
  };

  const positions: number[] = [];
  const uvs: number[] = [];
  for (let r = 0; r < rings; r++) {
    const y = r / ringsPerSegment;
    for (let s = 0; s < sides; s++) {
      const a = (2 * Math.PI * s) / sides;
      positions.push(radius(y) * Math.cos(a), y, -radius(y) * Math.sin(a));
    }
    for (let s = 0; s <= sides; s++) uvs.push(s / sides, y / tipY);
  }
  const tip = positions.length / 3;
  positions.push(0, tipY, 0);
  const baseCentre = positions.length / 3;
  positions.push(0, 0, 0);
  const tipUv = uvs.length / 2;
  for (let s = 0; s < sides; s++) uvs.push((s + 0.5) / sides, 1);
  const baseUv = uvs.length / 2;
  uvs.push(0.5, 0.5);
  for (let s = 0; s < sides; s++) {
    const a = (2 * Math.PI * s) / sides;
    uvs.push(0.5 + 0.5 * Math.cos(a), 0.5 + 0.5 * Math.sin(a));
  }

  // Face groups: position and UV index lists kept apart (the format's OBJ-style corners).
  type Group = { vertex: number[]; uv: number[]; smooth: number[] };
  const scales: Group = { vertex: [], uv: [], smooth: [] };
  const bands: Group = { vertex: [], uv: [], smooth: [] };
  const belly: Group = { vertex: [], uv: [], smooth: [] };
  const p = (i: number) => [positions[i * 3], positions[i * 3 + 1], positions[i * 3 + 2]];
  /** Adds a triangle wound counter-clockwise seen from `outward` (right-handed, as GLScene). */
  const tri = (g: Group, mask: number, corners: [number, number][], outward: number[]) => {
    const [a, b, c] = corners.map(([v]) => p(v));
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    const order = n[0] * outward[0] + n[1] * outward[1] + n[2] * outward[2] >= 0 ? [0, 1, 2] : [0, 2, 1];
    for (const k of order) g.vertex.push(corners[k][0]), g.uv.push(corners[k][1]);
    g.smooth.push(mask);
  };
  const SIDE = 1, BASE = 2; // smoothing groups: the body is smooth, the base a separate flat group
  for (let r = 0; r + 1 < rings; r++) {
    // Dark bands on the pinched quads either side of each joint.
    const g = r % ringsPerSegment === 0 || r % ringsPerSegment === ringsPerSegment - 1 ? bands : scales;
    for (let s = 0; s < sides; s++) {
      const s1 = (s + 1) % sides;
      const q = (ring: number, side: number, col: number): [number, number] => [ring * sides + side, ring * (sides + 1) + col];
      const mid = p(r * sides + s);
      const out = [mid[0], 0, mid[2]];
      tri(g, SIDE, [q(r, s, s), q(r + 1, s, s), q(r + 1, s1, s + 1)], out);
      tri(g, SIDE, [q(r, s, s), q(r + 1, s1, s + 1), q(r, s1, s + 1)], out);
    }
  }
  const top = (rings - 1) * sides;
  for (let s = 0; s < sides; s++) {
    const s1 = (s + 1) % sides;
    const mid = p(top + s);
    tri(bands, SIDE, [[top + s, (rings - 1) * (sides + 1) + s], [top + s1, (rings - 1) * (sides + 1) + s + 1], [tip, tipUv + s]], [mid[0], 0.5, mid[2]]);
    tri(belly, BASE, [[s, baseUv + 1 + s], [s1, baseUv + 1 + s1], [baseCentre, baseUv]], [0, -1, 0]);
  }

  // Weights: bone k spans y ∈ [k, k + 1]; within half a unit of joint j a vertex blends bones j − 1 and j.
  const perVertex: [number, number][][] = [];
  for (let v = 0; v < positions.length / 3; v++) {
    const y = positions[v * 3 + 1];
    const j = Math.min(segments, Math.max(1, Math.round(y)));
    const t = Math.min(1, Math.max(0, y - (j - 0.5)));
    const child = t * t * (3 - 2 * t);
    if (child <= 0) perVertex.push([[j - 1, 1]]);
    else if (child >= 1) perVertex.push([[j, 1]]);
    else perVertex.push(child >= 0.5 ? [[j, child], [j - 1, 1 - child]] : [[j - 1, 1 - child], [j, child]]);
  }

  const mesh: MeshSpec = {
    name: 'Serpent',
    mode: 3,
    skeletonFlag: true,
    positions,
    uvSets: [uvs],
    weights: { bonesPerVertex: 2, perVertex },
    groups: [
      { faceType: 2, name: 'scales', materials: ['Scales'], vertex: scales.vertex, smooth: scales.smooth, normal: [], uv: [scales.uv] },
      { faceType: 2, name: 'bands', materials: ['Bands'], vertex: bands.vertex, smooth: bands.smooth, normal: [], uv: [bands.uv] },
      { faceType: 2, name: 'base', materials: ['Belly'], vertex: belly.vertex, smooth: belly.smooth, normal: [], uv: [belly.uv] },
    ],
    boneCount: bones.length,
  };

  const material = (name: string, specular: number, shininess: number): MaterialSpec => {
    const diffuse = SAMPLE_LOD.materials[name];
    return {
      name,
      texture: '',
      options: {
        ambient: diffuse.map((c, i) => (i < 3 ? c * 0.25 : 1)),
        diffuse,
        specular: [specular, specular, specular, 1],
        shininess,
        textureEnabled: false,
      },
    };
  };

  const clip = ([name, frames, interval]: [string, number, number]): AnimationSpec => {
    const period = frames - 1;
    return {
      name,
      interval,
      mode: 2, // loop
      frames: Array.from({ length: frames }, (_, f) => {
        const phase = (2 * Math.PI * (f % period)) / period;
        return bones.map((_, k) => {
          const at: number[] = [0, k === 0 ? 0 : 1, 0];
          if (name === 'sway') {
            // Starts straight: frame 0 is the bind pose.
            const bend = k === 0 ? 0.08 : 0.22 + 0.04 * k;
            return [...at, 0.12 * Math.sin(2 * phase) * (k > 0 ? 1 : 0), 0, bend * Math.sin(phase)];
          }
          const wave = phase - 0.9 * k;
          return [...at, k === 0 ? 0 : 0.18 * Math.cos(wave), 0.1 * Math.sin(phase), (k === 0 ? 0.1 : 0.38) * Math.sin(wave)];
        });
      }),
    };
  };

  return lodFile([
    inf1('relic3d sample: a skinned serpent written by @relic3d/lod test/writer.ts (MIT)'),
    mal1([mat1(3, [material('Scales', 0.45, 48), material('Bands', 0.3, 24), material('Belly', 0.1, 8)])]),
    skl1(bones.map((name, id) => ({ id, parent: id - 1, name }))),
    msl1([mesh]),
    ans1(SAMPLE_LOD.clips.map(clip)),
  ]);
}
