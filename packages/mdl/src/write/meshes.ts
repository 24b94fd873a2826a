import { vertexNormals, WriteError, zeroNonFinite, type Extras, type Primitive } from '@relic3d/core';
import type { WriteContext } from './context.js';
import { uvTangents } from './normals.js';
import { NO_PLACEMENT, placeDirections, placePoints, rigidPlacement, type Placement } from './placement.js';
import type { MeshRecord } from './records.js';
import type { MeshItem } from './structure.js';
import { primitiveCorners, storedPolygons } from './topology.js';
import { packMorph, packVertices, type VertexArrays } from './vertices.js';
import { byteWeights, skinPlacement, storedWeights, wholeBone, type SkinBinding } from './weights.js';

/** What every real file writes in the stride field (the records are 96 bytes whatever it says). */
export const STRIDE_FIELD = 88;

/** A Float32Array of `length` from extras, else undefined. */
function floats(value: unknown, length: number): Float32Array | undefined {
  return value instanceof Float32Array && value.length === length ? value : undefined;
}

/**
 * One primitive as an MDL mesh: vertices placed (baked transform or skin), missing normals and
 * tangents computed, legacy fields recovered from the reader's `extras`, non-finite values zeroed.
 */
export function meshRecord(ctx: WriteContext, item: MeshItem, binding: SkinBinding | undefined, materialPath: string): MeshRecord {
  const { scene, sink } = ctx;
  const mesh = scene.meshes[item.mesh];
  const p = mesh.primitives[item.primitive];
  const extras: Extras = p.extras ?? {};
  const where = `mesh '${mesh.name}' primitive ${item.primitive}`;
  const source = p.attributes.POSITION;
  if (!(source instanceof Float32Array) || source.length % 3 !== 0) {
    throw new WriteError({ format: 'mdl', code: 'INVALID_SCENE', limit: 'POSITION', value: source?.length ?? 'missing', where });
  }
  const n = source.length / 3;
  const c = primitiveCorners(p, n, where, sink);
  const joints = p.attributes.JOINTS_0, weights = p.attributes.WEIGHTS_0;
  const skinned = binding !== undefined && joints?.length === n * 4 && weights?.length === n * 4;
  const placement: Placement = skinned ? skinPlacement(binding, joints, weights, n) : item.transform ? rigidPlacement(item.transform) : NO_PLACEMENT;

  // In glTF's frame, before placement: the normals and tangents the primitive lacks.
  const sourceNormal = floats(p.attributes.NORMAL, n * 3) ?? (c.polyVerts === 3 ? vertexNormals(source, c.corners) : new Float32Array(n * 3));
  const texcoord0 = floats(p.attributes.TEXCOORD_0, n * 2);
  // A primitive the MDL reader made (it notes the stride field) had all-zero tangents when it has
  // neither TANGENT nor extras.tangents: those stay zero instead of being made up.
  const fromMdl = typeof extras.strideField === 'number';
  const sourceTangent = floats(p.attributes.TANGENT, n * 4) ?? floats(extras.tangents, n * 4) ?? (!fromMdl && texcoord0 && c.polyVerts === 3 ? uvTangents(source, sourceNormal, texcoord0, c.corners) : undefined);

  const position = scrub(ctx, placePoints(source, placement), source, where, 'positions');
  const normal = scrub(ctx, placeDirections(sourceNormal, 3, placement, true), sourceNormal, where, 'normals');
  const tangent = sourceTangent && scrub(ctx, placeDirections(sourceTangent, 4, placement, false), sourceTangent, where, 'tangents');
  // The reader's raw bytes 60–95, when it kept them: bitangents, weights and the last vec3 as stored.
  const tail = extras.unverifiedVertexTail instanceof Uint8Array && extras.unverifiedVertexTail.length === n * 36 ? extras.unverifiedVertexTail : undefined;
  const storedBitangent = floats(extras.bitangents, n * 3) ?? (tail && tailVec3(tail, n, 0, true));
  const computed = skinned ? byteWeights(joints, weights, binding.boneOfJoint, n) : item.rigidBone !== undefined ? wholeBone(item.rigidBone, n) : undefined;
  const bytes = computed && tail ? (storedWeights(tail, computed, n) ?? computed) : computed;
  if (bytes?.partial) sink.warn('MDL_WRITE_WEIGHT_DROPPED', `${where}: ${bytes.partial} vertices had part of their weight on a joint that is not a bone (the top node); the rest was renormalised`);
  // The reader takes the tangent handedness from a stored bitangent when bytes 60–95 are in use.
  const bitangent = storedBitangent ? placeDirections(storedBitangent, 3, placement, false) : bytes && tangent ? bitangents(normal, tangent) : undefined;

  const arrays: VertexArrays = {
    count: n,
    position,
    normal,
    tangentStride: 4,
    displacement: extras.displacement instanceof Float32Array && extras.displacement.length === n ? extras.displacement : typeof extras.displacement === 'number' && Number.isFinite(extras.displacement) ? extras.displacement : 1,
  };
  if (tangent) arrays.tangent = tangent;
  if (texcoord0) arrays.texcoord0 = scrub(ctx, texcoord0, texcoord0, where, 'texture coordinates');
  const texcoord1 = floats(p.attributes.TEXCOORD_1, n * 2);
  if (texcoord1) arrays.texcoord1 = scrub(ctx, texcoord1, texcoord1, where, 'texture coordinates');
  if (p.attributes.TEXCOORD_2 || p.attributes.TEXCOORD_3) sink.warn('MDL_WRITE_TEXCOORDS_DROPPED', `${where}: TEXCOORD_2/3 were not written; Ultra MDL vertices hold two UV sets`);
  if (p.attributes.COLOR_0) arrays.color = colorBytes(p.attributes.COLOR_0, n);
  if (bitangent) arrays.bitangent = bitangent;
  if (bytes) {
    arrays.boneIds = bytes.ids;
    arrays.boneWeights = bytes.weights;
  }
  if (tail) arrays.unknown = tailVec3(tail, n, 24, false);

  const wide = n > 0x10000 || extras.indexSize === 4;
  const mirrored = placement.kind === 'rigid' && placement.mirror;
  const { polyVerts, indices } = storedPolygons(c, wide, mirrored, extras.polyVerts);
  const polygons = polyVerts > 0 ? indices.length / polyVerts : 0;
  const flags = extras.primitiveFlags instanceof Uint8Array && extras.primitiveFlags.length === polygons ? extras.primitiveFlags : new Uint8Array(0);
  const stride = extras.strideField;
  return {
    polyVerts,
    name: typeof extras.name === 'string' ? extras.name : item.primitive > 0 ? '' : item.merged ? scene.nodes[item.node].name : mesh.name,
    materialPath,
    strideField: typeof stride === 'number' && Number.isInteger(stride) && stride >= -0x80000000 && stride < 0x80000000 ? stride : STRIDE_FIELD,
    vertexCount: n,
    vertexData: packVertices(arrays),
    indexSize: wide ? 4 : 2,
    indices,
    primitiveFlags: flags,
    morphs: morphRecords(ctx, p, n, placement, sourceNormal, sourceTangent, bitangent, where),
    pick: extras.pick instanceof Uint8Array ? extras.pick : new Uint8Array(0),
  };
}

/**
 * MSET: each target as full vertices (the reader's default reading, `morphTargets: 'absolute'`,
 * subtracts the base again), placed like the base. Stored bitangents come back from extras.
 */
function morphRecords(ctx: WriteContext, p: Primitive, n: number, placement: Placement, baseNormal: Float32Array, baseTangent: Float32Array | undefined, bitangent: Float32Array | undefined, where: string): Uint8Array[] {
  const stored = Array.isArray(p.extras?.morphBitangents) ? (p.extras!.morphBitangents as unknown[]) : [];
  const base = p.attributes.POSITION;
  return (p.targets ?? []).map((target, k) => {
    const position = absolute(base, floats(target.POSITION, n * 3), 3, 3);
    const normal = absolute(baseNormal, floats(target.NORMAL, n * 3), 3, 3);
    const tangent = baseTangent ? absolute(baseTangent, floats(target.TANGENT, n * 3), 4, 3) : undefined;
    const morphBitangent = floats(stored[k], n * 3);
    return packMorph(
      n,
      scrub(ctx, placePoints(position, placement), position, where, `morph ${k} positions`),
      placeDirections(normal, 3, placement, true),
      tangent && placeDirections(tangent, 4, placement, false),
      4,
      morphBitangent ? placeDirections(morphBitangent, 3, placement, false) : bitangent,
    );
  });
}

/** base + delta in a new array (`stride` of base, 3 of delta; w copied). */
function absolute(base: Float32Array, delta: Float32Array | undefined, stride: 3 | 4, deltaStride: 3): Float32Array {
  const out = base.slice();
  if (!delta) return out;
  for (let i = 0, j = 0; j < delta.length; i += stride, j += deltaStride) {
    out[i] += delta[j];
    out[i + 1] += delta[j + 1];
    out[i + 2] += delta[j + 2];
  }
  return out;
}

/** glTF bitangents cross(N, T) × w, which the reader reads the handedness back from. */
function bitangents(normal: Float32Array, tangent: Float32Array): Float32Array {
  const n = normal.length / 3;
  const out = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const nx = normal[i * 3], ny = normal[i * 3 + 1], nz = normal[i * 3 + 2];
    const tx = tangent[i * 4], ty = tangent[i * 4 + 1], tz = tangent[i * 4 + 2], w = tangent[i * 4 + 3] < 0 ? -1 : 1;
    out[i * 3] = (ny * tz - nz * ty) * w;
    out[i * 3 + 1] = (nz * tx - nx * tz) * w;
    out[i * 3 + 2] = (nx * ty - ny * tx) * w;
  }
  return out;
}

/** COLOR_0 (linear floats, RGBA or RGB) as the RGBA8 the records store (the reader divides by 255). */
function colorBytes(color: Float32Array, n: number): Uint8Array {
  const size = color.length === n * 3 ? 3 : 4;
  const out = new Uint8Array(n * 4).fill(255);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < size; k++) {
      const v = color[i * size + k];
      out[i * 4 + k] = v >= 1 ? 255 : v > 0 ? Math.round(v * 255) : 0;
    }
  }
  return out;
}

/**
 * A vec3 of the reader's raw bytes 60–95 (`extras.unverifiedVertexTail`, 36 per vertex): the
 * bitangent at 0 (into glTF's frame, as the packer mirrors it back) or the trailing vec3 at 24.
 */
function tailVec3(tail: Uint8Array, n: number, at: number, mirror: boolean): Float32Array {
  const out = new Float32Array(n * 3);
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  for (let v = 0, o = at; v < n; v++, o += 36) {
    const z = view.getFloat32(o + 8, true);
    out[v * 3] = view.getFloat32(o, true);
    out[v * 3 + 1] = view.getFloat32(o + 4, true);
    out[v * 3 + 2] = mirror ? 0 - z : z;
  }
  return out;
}

/** Non-finite values become 0 (warned); the scene's own array is copied first, never changed. */
function scrub(ctx: WriteContext, values: Float32Array, sceneArray: unknown, where: string, what: string): Float32Array {
  if (ctx.attributesFinite && !what.startsWith('morph')) return values; // validated: nothing to find
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  if (sum - sum === 0) return values;
  const out = values === sceneArray ? values.slice() : values;
  const fixed = zeroNonFinite(out);
  if (fixed) ctx.sink.warn('MDL_WRITE_NOT_FINITE', `${where}: ${fixed} non-finite ${what} (NaN or infinity) were written as 0`);
  return out;
}
