// One drawn primitive's render vertices in MS3D model space: the bind pose (= the scene's rest
// pose), world space for unskinned meshes, skinned rest positions for skinned ones, with the
// normal, the UV and the packed influences MS3D stores. Non-finite values become 0 (counted).
import { createScene, math, vertexNormals, type Scene, type TextureTransform, type WarningSink, keepMapAlive } from '@relic3d/core';
import type { DrawnPrimitive } from './drawn.js';
import { extraTyped } from './extras.js';
import type { JointPlan } from './joints.js';
import { packVertex } from './weights.js';
import { isIdentity } from './world.js';

/** The normal of a vertex on no triangle. */
const UP = [0, 1, 0];

export interface RenderVertices {
  count: number;
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  boneIds: Int8Array;
  extraIds: Int8Array;
  extraWeights: Uint8Array;
  /** Render vertex indices, 3 per triangle, in MS3D winding. */
  triangles: Uint32Array;
  /** Each triangle's position in the primitive's own list (for its stored flags and smoothing group). */
  triangleSource: Uint32Array;
  /** Corners of the written triangles that use each render vertex (0: unused). */
  uses: Uint32Array;
  /** File vertex each render vertex came from, when the scene came from MS3D (`extras.sourceVertices`). */
  sourceVertices: Uint32Array | undefined;
}

/** What the conversion met, for one warning each. */
export interface VertexStats {
  notFinite: number;
  badTriangles: number;
  leftoverIndices: number;
  droppedInfluences: { count: number };
  unweighted: number;
  computedNormals: number;
}

export function newVertexStats(): VertexStats {
  return { notFinite: 0, badTriangles: 0, leftoverIndices: 0, droppedInfluences: { count: 0 }, unweighted: 0, computedNormals: 0 };
}

export function warnVertexStats(stats: VertexStats, sink: WarningSink): void {
  if (stats.notFinite) sink.warn('MS3D_WRITE_NOT_FINITE', `${stats.notFinite} non-finite vertex values (positions, normals, UVs) were written as 0`);
  if (stats.badTriangles) sink.warn('MS3D_WRITE_BAD_INDEX', `${stats.badTriangles} triangles name a vertex past their primitive's vertices; they are not written`);
  if (stats.leftoverIndices) sink.warn('MS3D_WRITE_BAD_INDEX', `${stats.leftoverIndices} indices after the last whole triangle are not written`);
  if (stats.droppedInfluences.count) sink.warn('MS3D_WRITE_WEIGHTS', `${stats.droppedInfluences.count} joint influences below 0.5 % are left out (MS3D stores whole percents, up to 4 joints per vertex)`);
  if (stats.unweighted) sink.warn('MS3D_WRITE_WEIGHTS', `${stats.unweighted} skinned vertices have no weight on any joint; they are written unskinned`);
  if (stats.computedNormals) sink.warn('MS3D_WRITE_NORMALS', `${stats.computedNormals} primitives have no normals; smooth vertex normals were computed (MS3D stores a normal per corner)`);
}

/** Per skin: each joint's MS3D index, and world(rest) · inverseBind, which is the identity when rest = bind. */
interface SkinSpace {
  ms3d: Int32Array;
  blend: Float64Array;
  identity: boolean;
}

export class VertexBuilder {
  private readonly skinSpaces = new Map<number, SkinSpace>();
  constructor(
    private readonly scene: Scene,
    private readonly world: Float64Array,
    private readonly joints: JointPlan,
    readonly stats: VertexStats,
  ) {}

  private skinSpace(skinIndex: number): SkinSpace {
    let space = this.skinSpaces.get(skinIndex);
    if (space) return space;
    const skin = this.scene.skins[skinIndex];
    const n = skin.joints.length;
    const ms3d = new Int32Array(n).fill(-1);
    const blend = new Float64Array(n * 16);
    let identity = true;
    for (let k = 0; k < n; k++) {
      const node = skin.joints[k];
      const m = blend.subarray(k * 16, k * 16 + 16);
      const ibm = skin.inverseBindMatrices.length >= (k + 1) * 16 ? skin.inverseBindMatrices.subarray(k * 16, k * 16 + 16) : math.identity();
      if (node >= 0 && node < this.scene.nodes.length) math.multiply(this.world.subarray(node * 16, node * 16 + 16), ibm, m);
      else math.identity(m);
      ms3d[k] = this.joints.indexOfNode.get(node) ?? -1;
      if (!nearIdentity(m, this.world.subarray(node * 16, node * 16 + 16))) identity = false;
    }
    space = { ms3d, blend, identity };
    this.skinSpaces.set(skinIndex, space);
    return space;
  }

  build(d: DrawnPrimitive): RenderVertices {
    const { scene, stats } = this;
    const node = scene.nodes[d.node];
    const p = d.primitive;
    const count = p.attributes.POSITION.length / 3 | 0;
    // Positions and normals are the scene's own arrays (views, never written) until something must
    // change them: a transform, a morph, a non-finite value. Then they are copied first.
    let positions = basePositions(scene, d, count);
    const sourceNormals = p.attributes.NORMAL && p.attributes.NORMAL.length >= count * 3 ? p.attributes.NORMAL : undefined;
    let normals = sourceNormals instanceof Float32Array ? sourceNormals.subarray(0, count * 3) : new Float32Array(count * 3);
    if (sourceNormals && normals.buffer !== sourceNormals.buffer) normals.set(sourceNormals.subarray(0, count * 3));
    const boneIds = new Int8Array(count).fill(-1);
    const extraIds = new Int8Array(count * 3).fill(-1);
    const extraWeights = new Uint8Array(count * 3);
    const skinArrays = { boneIds, extraIds, extraWeights };
    let mirrored = false;

    if (d.skinned) {
      const space = this.skinSpace(node.skin!);
      if (!space.identity) (positions = own(positions, p.attributes.POSITION)), (normals = own(normals, sourceNormals));
      const J = p.attributes.JOINTS_0!, W = p.attributes.WEIGHTS_0!;
      const m = new Float64Array(16);
      // Render vertices of one stored vertex (a scene read from MS3D) share its influences: packed once.
      const sources = storedVertices(d, count);
      let packedAt: Int32Array | undefined;
      if (sources) {
        let max = 0;
        for (let v = 0; v < count; v++) if (sources[v] > max) max = sources[v];
        packedAt = new Int32Array(max + 1).fill(-1);
      }
      for (let v = 0; v < count; v++) {
        const first = packedAt ? packedAt[sources![v]] : -1;
        if (first >= 0 && sameInfluences(J, W, first, v)) {
          boneIds[v] = boneIds[first];
          for (let k = 0; k < 3; k++) {
            extraIds[v * 3 + k] = extraIds[first * 3 + k];
            extraWeights[v * 3 + k] = extraWeights[first * 3 + k];
          }
          if (!space.identity) transformVertex(blendOf(space, J, W, v, m), positions, sourceNormals ? normals : undefined, v);
          continue;
        }
        if (packedAt) packedAt[sources![v]] = v;
        const weighted = packVertex(J, W, space.ms3d, v, stats.droppedInfluences, skinArrays);
        if (!weighted) stats.unweighted++;
        if (space.identity || !weighted) continue;
        transformVertex(blendOf(space, J, W, v, m), positions, sourceNormals ? normals : undefined, v);
      }
    } else {
      const anchor = this.joints.anchors.get(d.node) ?? -1;
      if (anchor >= 0) {
        boneIds.fill(anchor);
        for (let v = 0; v < count; v++) extraWeights[v * 3] = 100;
      }
      const m = this.world.subarray(d.node * 16, d.node * 16 + 16);
      if (!isIdentity(m)) {
        (positions = own(positions, p.attributes.POSITION)), (normals = own(normals, sourceNormals));
        for (let v = 0; v < count; v++) transformVertex(m, positions, sourceNormals ? normals : undefined, v);
        mirrored = math.determinant3(m) < 0;
      }
    }

    if (countNonFinite(positions) + countNonFinite(normals)) {
      (positions = own(positions, p.attributes.POSITION)), (normals = own(normals, sourceNormals));
      stats.notFinite += scrub(positions) + scrub(normals);
    }
    const { triangles, triangleSource, uses } = this.triangles(d, count, mirrored);
    if (!sourceNormals) {
      // One per render vertex, so vertex counts hold.
      normals.set(vertexNormals(positions, triangles, UP));
      this.stats.computedNormals++;
    }
    let uvs = uvsOf(scene, d, count);
    if (countNonFinite(uvs)) {
      uvs = own(uvs, p.attributes[d.uvSet]);
      stats.notFinite += scrub(uvs);
    }
    const sourceVertices = storedVertices(d, count);
    // Always the same fields (no spread): one map that outlives a full GC, so the welder's code stays optimised.
    return { count, positions, normals, uvs, boneIds, extraIds, extraWeights, triangles, triangleSource, uses, sourceVertices };
  }

  private triangles(d: DrawnPrimitive, count: number, mirrored: boolean) {
    const indices = d.primitive.indices;
    const length = indices ? indices.length : count;
    const total = Math.floor(length / 3);
    this.stats.leftoverIndices += length - total * 3;
    const triangles = new Uint32Array(total * 3);
    const triangleSource = new Uint32Array(total);
    const uses = new Uint32Array(count);
    let kept = 0;
    for (let i = 0; i < total; i++) {
      const a = indices ? indices[i * 3] : i * 3, b = indices ? indices[i * 3 + 1] : i * 3 + 1, c = indices ? indices[i * 3 + 2] : i * 3 + 2;
      if (!(a < count && b < count && c < count)) {
        this.stats.badTriangles++;
        continue;
      }
      // A mirroring world transform turns the winding: swap two corners to keep the front face.
      triangles[kept * 3] = a;
      triangles[kept * 3 + 1] = mirrored ? c : b;
      triangles[kept * 3 + 2] = mirrored ? b : c;
      triangleSource[kept++] = i;
      uses[a]++;
      uses[b]++;
      uses[c]++;
    }
    return { triangles: triangles.subarray(0, kept * 3), triangleSource: triangleSource.subarray(0, kept), uses };
  }
}

// One inert builder keeps the class's map across full GCs (core's keepMapAlive; weld.ts).
keepMapAlive(new VertexBuilder(createScene('ms3d'), new Float64Array(0), { nodes: [], indexOfNode: new Map(), chains: [], bind: [], restRigid: [], anchors: new Map(), promoted: [] }, newVertexStats()));
// And one record of each shape `build` and `triangles` return, fields in the same order: a literal's map
// is held by no literal (V8's map cache holds it weakly), so it died with a write's records (output.ts).
keepMapAlive({
  count: 0,
  positions: new Float32Array(0),
  normals: new Float32Array(0),
  uvs: new Float32Array(0),
  boneIds: new Int8Array(0),
  extraIds: new Int8Array(0),
  extraWeights: new Uint8Array(0),
  triangles: new Uint32Array(0),
  triangleSource: new Uint32Array(0),
  uses: new Uint32Array(0),
  sourceVertices: undefined,
} satisfies RenderVertices);
keepMapAlive({ triangles: new Uint32Array(0), triangleSource: new Uint32Array(0), uses: new Uint32Array(0) });

/** MS3D vertex numbers are u16: a larger `sourceVertices` number is no stored vertex (nor a reason to allocate for it). */
const MAX_STORED_VERTEX = 0xffff;

/** `extras.sourceVertices` when every number can be a stored vertex, else undefined (written in use order). */
function storedVertices(d: DrawnPrimitive, count: number): Uint32Array | undefined {
  const sources = extraTyped(d.primitive.extras, 'sourceVertices', Uint32Array, count);
  if (!sources) return undefined;
  for (let v = 0; v < count; v++) if (sources[v] > MAX_STORED_VERTEX) return undefined;
  return sources;
}

/** The same joints and weights on vertices a and b. */
function sameInfluences(J: Uint16Array, W: Float32Array, a: number, b: number): boolean {
  for (let k = 0; k < 4; k++) if (J[a * 4 + k] !== J[b * 4 + k] || W[a * 4 + k] !== W[b * 4 + k]) return false;
  return true;
}

/** Σ wₖ · world(rest) · inverseBind of vertex v's joints (weights renormalised), into `m`. */
function blendOf(space: SkinSpace, J: Uint16Array, W: Float32Array, v: number, m: Float64Array): Float64Array {
  m.fill(0);
  let sum = 0;
  for (let k = 0; k < 4; k++) {
    const w = W[v * 4 + k];
    if (J[v * 4 + k] < space.ms3d.length && w > 0 && Number.isFinite(w)) sum += w;
  }
  for (let k = 0; k < 4; k++) {
    const j = J[v * 4 + k], w = W[v * 4 + k];
    if (!(j < space.ms3d.length && w > 0 && Number.isFinite(w))) continue;
    for (let c = 0; c < 16; c++) m[c] += (w / sum) * space.blend[j * 16 + c];
  }
  return m;
}

/**
 * world(rest) · inverseBind is the identity (rest = bind): within 1e-5, and for the translation
 * 1e-5 of the joint's distance from the origin (f32 inverse bind matrices of far joints).
 */
function nearIdentity(m: Float64Array, jointWorld: ArrayLike<number>): boolean {
  const reach = 1 + Math.abs(jointWorld[12]) + Math.abs(jointWorld[13]) + Math.abs(jointWorld[14]);
  for (let i = 0; i < 16; i++) {
    const tolerance = i >= 12 && i < 15 ? 1e-5 * reach : 1e-5;
    if (!(Math.abs(m[i] - (i % 5 === 0 ? 1 : 0)) <= tolerance)) return false;
  }
  return true;
}

/** POSITION with the node's (or mesh's) default morph weights applied. */
function basePositions(scene: Scene, d: DrawnPrimitive, count: number): Float32Array {
  const p = d.primitive;
  const base = p.attributes.POSITION.subarray(0, count * 3);
  const weights = scene.nodes[d.node].weights ?? scene.meshes[d.mesh].weights;
  let out: Float32Array | undefined;
  p.targets?.forEach((target, k) => {
    const w = weights?.[k] ?? 0;
    if (!w || !Number.isFinite(w) || !target.POSITION || target.POSITION.length < count * 3) return;
    out ??= base.slice();
    for (let i = 0; i < count * 3; i++) out[i] += w * target.POSITION[i];
  });
  return out ?? base;
}

/** Position by `m`, normal by its inverse transpose (renormalised), in place. */
function transformVertex(m: ArrayLike<number>, positions: Float32Array, normals: Float32Array | undefined, v: number): void {
  const x = positions[v * 3], y = positions[v * 3 + 1], z = positions[v * 3 + 2];
  positions[v * 3] = m[0] * x + m[4] * y + m[8] * z + m[12];
  positions[v * 3 + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
  positions[v * 3 + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  if (!normals) return;
  // Cofactors of the 3×3 part: the inverse transpose times the determinant (sign fixed below).
  const c0 = m[5] * m[10] - m[6] * m[9], c1 = m[6] * m[8] - m[4] * m[10], c2 = m[4] * m[9] - m[5] * m[8];
  const c4 = m[2] * m[9] - m[1] * m[10], c5 = m[0] * m[10] - m[2] * m[8], c6 = m[1] * m[8] - m[0] * m[9];
  const c8 = m[1] * m[6] - m[2] * m[5], c9 = m[2] * m[4] - m[0] * m[6], c10 = m[0] * m[5] - m[1] * m[4];
  const det = m[0] * c0 + m[1] * c1 + m[2] * c2;
  const nx = normals[v * 3], ny = normals[v * 3 + 1], nz = normals[v * 3 + 2];
  const ox = c0 * nx + c4 * ny + c8 * nz, oy = c1 * nx + c5 * ny + c9 * nz, oz = c2 * nx + c6 * ny + c10 * nz;
  const l = Math.hypot(ox, oy, oz) * (det < 0 ? -1 : 1) || 1;
  normals[v * 3] = ox / l + 0;
  normals[v * 3 + 1] = oy / l + 0;
  normals[v * 3 + 2] = oz / l + 0;
}

/** The UV set the base colour texture uses, with its KHR_texture_transform baked in (MS3D has none). */
function uvsOf(scene: Scene, d: DrawnPrimitive, count: number): Float32Array {
  const source = d.primitive.attributes[d.uvSet];
  const material = d.primitive.material !== undefined ? scene.materials[d.primitive.material] : undefined;
  const transform = material?.baseColorTexture?.transform;
  // The scene's own array (a view, never written) when nothing changes it.
  if (!transform && source instanceof Float32Array && source.length >= count * 2) return source.subarray(0, count * 2);
  const out = new Float32Array(count * 2);
  if (source && source.length >= count * 2) out.set(source.subarray(0, count * 2));
  if (transform) applyTextureTransform(out, transform);
  return out;
}

/** uv' = T(offset) · R(rotation) · S(scale) · uv, as KHR_texture_transform defines it. */
export function applyTextureTransform(uvs: Float32Array, t: TextureTransform): void {
  const c = Math.cos(t.rotation), s = Math.sin(t.rotation);
  for (let i = 0; i < uvs.length; i += 2) {
    const u = uvs[i] * t.scale[0], v = uvs[i + 1] * t.scale[1];
    uvs[i] = c * u + s * v + t.offset[0];
    uvs[i + 1] = -s * u + c * v + t.offset[1];
  }
}

/** `values`, or a copy of them when they are a view of the scene's `source` (which is never written). */
function own(values: Float32Array, source: ArrayBufferView | undefined): Float32Array {
  return source && values.buffer === source.buffer ? values.slice() : values;
}

/** How many values are NaN or ±Infinity (x − x is 0 only for a finite x). */
function countNonFinite(values: Float32Array): number {
  let bad = 0;
  for (let i = 0; i < values.length; i++) if (values[i] - values[i] !== 0) bad++;
  return bad;
}

/** Non-finite values → 0, counted. */
function scrub(values: Float32Array): number {
  let bad = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    if (x - x !== 0) {
      values[i] = 0;
      bad++;
    }
  }
  return bad;
}
