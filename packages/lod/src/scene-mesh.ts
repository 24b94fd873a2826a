import { FormatError, compactIndices, cornerNormals, zeroNonFinite, type Mesh, type Primitive, type WarningSink } from '@relic3d/core';
import { gather, unpackLodWeights } from '@relic3d/kernels';
import { FORMAT } from './chunk.js';
import type { Axis } from './axis.js';
import type { MaterialTable } from './scene-materials.js';
import type { LodMesh } from './types.js';
import { weldCorners } from './weld.js';

export interface BuiltMesh {
  mesh: Mesh;
  skinned: boolean;
  /** Per primitive: the file position index of each render vertex (for morph targets). */
  positionOfVertex: Uint32Array[];
}

export interface MeshContext {
  axis: Axis;
  materials: MaterialTable;
  sink: WarningSink;
  /** Bones in SKL1 (0 without a skeleton). */
  boneCount: number;
  kernels?: 'wasm' | 'js';
}

/**
 * Weight type 1 records → JOINTS_0/WEIGHTS_0 through the LOD weight kernel (top 4, renormalised).
 * Out-of-range bones become bone 0 and non-finite weights 0 first, on a copy of the records.
 */
function unpackWeights(raw: LodMesh, ctx: MeshContext, bone: (b: number) => number): { joints: Uint16Array; weights: Float32Array } {
  const w = raw.weights!;
  const count = raw.positions.length / 3;
  const size = w.recordSize;
  const mask = size === 5 ? 0x7f : 0x7fff;
  let records = w.records;
  const copy = () => (records === w.records ? (records = w.records.slice()) : records);
  for (let i = 0; i < w.boneFields.length; i++) {
    const field = w.boneFields[i];
    if (bone(field & mask) !== (field & mask)) {
      const out = copy();
      if (size === 5) out[i * 5] = field & 0x80;
      else new DataView(out.buffer, out.byteOffset).setUint16(i * 6, field & 0x8000, true);
    }
    if (!Number.isFinite(w.weights[i])) new DataView(copy().buffer, records.byteOffset).setFloat32(i * size + size - 4, 0, true);
  }
  try {
    const { joints, weights } = unpackLodWeights(records, w.boneFields.length, Math.min(w.bonesPerVertex, 0xffff), count, { wide: size === 6, kernels: ctx.kernels });
    return { joints, weights };
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    throw new FormatError({ format: FORMAT, offset: 0, expected: `bone weight records of mesh '${raw.name}' filling ${count} vertices`, found: e.message, code: 'BAD_COUNT' });
  }
}

/** JOINTS_0/WEIGHTS_0 per file position, from single-bone ids or weight-type-1 records. */
function skinOfPositions(raw: LodMesh, ctx: MeshContext): { joints: Uint16Array; weights: Float32Array } | undefined {
  const count = raw.positions.length / 3;
  if (ctx.boneCount === 0 || count === 0) return undefined;
  let outOfRange = 0;
  const bone = (b: number) => {
    if (b < ctx.boneCount) return b;
    outOfRange++;
    return 0; // as the reference reader does
  };
  let packed: { joints: Uint16Array; weights: Float32Array } | undefined;
  if (raw.boneAssoc.length === count) {
    const joints = new Uint16Array(count * 4);
    const weights = new Float32Array(count * 4);
    for (let v = 0; v < count; v++) {
      joints[v * 4] = bone(raw.boneAssoc[v]);
      weights[v * 4] = 1;
    }
    packed = { joints, weights };
  } else if (raw.weights) {
    packed = unpackWeights(raw, ctx, bone);
  }
  if (outOfRange) ctx.sink.warn('LOD_BONE_RANGE', `mesh '${raw.name}': ${outOfRange} bone ids past the ${ctx.boneCount} bones were mapped to bone 0`);
  return packed;
}

/**
 * One MSH1 → a Mesh with one primitive per non-empty face group. The separate position, normal and
 * UV index lists are un-welded into indexed vertices. Missing normals are generated: smoothing
 * masks where FaceType 2 stores them, smooth per position for skinned meshes (as GLScene does),
 * flat per face otherwise.
 */
export function buildMesh(raw: LodMesh, ctx: MeshContext): BuiltMesh {
  const { axis, sink } = ctx;
  // Attributes are gathered from the raw arrays and converted afterwards (the axis map and the V
  // flip act per element), so no converted copy of the whole arrays is made.
  const flipV = (uv: Float32Array) => {
    for (let i = 1; i < uv.length; i += 2) uv[i] = 1 - uv[i]; // OpenGL bottom-left → glTF top-left
    return uv;
  };
  const skin = skinOfPositions(raw, ctx);
  const normalCount = raw.normals.length / 3;

  // Generated corner normals over the whole mesh, so smoothing crosses face groups.
  let generated: Uint32Array | undefined;
  const groupCorner: number[] = [];
  const generatedBits = () => {
    if (generated) return generated;
    let total = 0;
    for (const g of raw.faceGroups) total += g.vertexIndices.length;
    const corners = new Uint32Array(total);
    const masks = new Uint32Array(total / 3);
    let at = 0;
    for (const g of raw.faceGroups) {
      groupCorner.push(at);
      const tris = g.vertexIndices.length / 3;
      const hasMasks = g.smoothData !== undefined && g.smoothData.length === tris && tris > 0;
      if (hasMasks) masks.set(g.smoothData!, at / 3);
      else masks.fill(skin ? 0xffffffff : 0, at / 3, at / 3 + tris);
      corners.set(g.vertexIndices, at);
      at += g.vertexIndices.length;
    }
    const positions = axis.points(raw.positions.slice());
    zeroNonFinite(positions); // counted where POSITION is gathered
    const normals = cornerNormals(positions, corners, masks);
    for (let i = 0; i < normals.length; i++) if (normals[i] === 0) normals[i] = 0; // −0 and 0 must weld
    generated = new Uint32Array(normals.buffer);
    return generated;
  };

  const primitives: Primitive[] = [];
  const positionOfVertex: Uint32Array[] = [];
  let notFinite = 0;
  const emptyGroups: string[] = [];
  raw.faceGroups.forEach((g, gi) => {
    const corners = g.vertexIndices.length;
    if (corners === 0) {
      emptyGroups.push(g.name);
      return;
    }
    const storedNormals = normalCount > 0 && g.normalIndices.length === corners;
    if (!storedNormals && g.normalIndices.length > 0) {
      sink.warn('LOD_INDEX_COUNT', `face group '${g.name}': ${g.normalIndices.length} normal indices for ${corners} corners; normals generated`);
    }
    const sets = g.texCoordIndices.map((list, s) => {
      const ok = list.length === corners && (raw.texCoords[s]?.length ?? 0) > 0;
      if (!ok && list.length > 0) sink.warn('LOD_INDEX_COUNT', `face group '${g.name}': ${list.length} UV indices of set ${s + 1} for ${corners} corners; set dropped`);
      return ok;
    });
    const bits = storedNormals ? undefined : generatedBits();
    const base = storedNormals ? 0 : groupCorner[gi];
    const none = new Uint32Array(0);
    const welded = weldCorners(
      {
        position: g.vertexIndices,
        positionCount: raw.positions.length / 3,
        normal: storedNormals ? g.normalIndices : none,
        normalBits: bits ?? none,
        bitsBase: base,
        uv0: sets[0] ? g.texCoordIndices[0] : none,
        uv1: sets[1] ? g.texCoordIndices[1] : none,
      },
      ctx.kernels,
    );
    const { indices, firstCorner, vertexCount, position: posIndex } = welded;
    const primitive: Primitive = {
      attributes: { POSITION: axis.points(gather(raw.positions, 3, posIndex)) },
      // compactIndices would copy a u32 list once more.
      indices: vertexCount <= 0xffff ? compactIndices(indices, vertexCount) : indices,
      mode: 'TRIANGLES',
      extras: {
        faceGroup: g.name,
        faceType: g.faceType,
        visible: g.visible,
        materialNames: g.materialNames,
        normals: storedNormals ? 'stored' : g.smoothData?.length ? 'smoothing groups' : skin ? 'smooth' : 'flat',
        indexWidths: g.indexWidths,
      },
    };
    if (storedNormals) primitive.attributes.NORMAL = axis.points(gather(raw.normals, 3, welded.normal));
    else {
      const corner = new Float32Array(bits!.buffer, (base * 3) * 4, corners * 3);
      primitive.attributes.NORMAL = gather(corner, 3, firstCorner, vertexCount);
    }
    if (sets[0]) primitive.attributes.TEXCOORD_0 = flipV(gather(raw.texCoords[0], 2, welded.uv0));
    if (sets[1]) primitive.attributes.TEXCOORD_1 = flipV(gather(raw.texCoords[1], 2, welded.uv1));
    for (const name of ['POSITION', 'NORMAL', 'TEXCOORD_0', 'TEXCOORD_1'] as const) {
      const values = primitive.attributes[name];
      if (values instanceof Float32Array) notFinite += zeroNonFinite(values);
    }
    if (skin) {
      primitive.attributes.JOINTS_0 = gather(skin.joints, 4, posIndex);
      primitive.attributes.WEIGHTS_0 = gather(skin.weights, 4, posIndex);
    }
    const material = ctx.materials.resolve(g.materialNames[0], g.materialNames[1]);
    if (material !== undefined) primitive.material = material;
    primitives.push(primitive);
    positionOfVertex.push(posIndex);
  });
  if (notFinite) sink.warn('LOD_NOT_FINITE', `mesh '${raw.name}': ${notFinite} non-finite vertex values (NaN or infinity) were set to 0`);
  const mesh: Mesh = {
    name: raw.name,
    primitives,
    extras: {
      meshMode: raw.meshMode,
      isSkeletonExists: raw.isSkeletonExists,
      visible: raw.visible,
      positionCount: raw.positions.length / 3,
      normalCount,
      texCoordCounts: raw.texCoords.map((t) => t.length / 2),
      ...(raw.texCoordLayout ? { texCoordLayout: raw.texCoordLayout } : {}),
      weightType: raw.weightType,
      ...(raw.weights ? { bonesPerVertex: raw.weights.bonesPerVertex } : {}),
      ...(emptyGroups.length ? { emptyFaceGroups: emptyGroups } : {}),
    },
  };
  return { mesh, skinned: skin !== undefined, positionOfVertex };
}
