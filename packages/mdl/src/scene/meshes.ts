import { mirrorZ, type Extras, type Mesh, type Primitive } from '@relic3d/core';
import type { MdlMesh, MdlNode } from '../file.js';
import { fanOutput, gltfIndices } from './axes.js';
import type { BuildContext } from './context.js';
import { morphBitangents, morphTargets, padTargets } from './morphs.js';
import { bindToModelJoint, hasWeights, skinAttributes, skinFor, type Skeleton } from './skins.js';
import { uvGradients } from './tangents.js';
import { allBytes255, allEqual, convertVertices, finiteOrCopy, normalisedColors, ultraTail } from './vertices.js';

/** One scene mesh for the MDL meshes of one LOD (a primitive each), on the LOD's node. */
export function buildLodMesh(ctx: BuildContext, node: MdlNode, meshes: MdlMesh[], lodNode: number, skeleton: Skeleton | undefined): void {
  const { scene, sink, file } = ctx;
  const weighted = meshes.some((m) => hasWeights(m, file.variant));
  if (weighted && !skeleton) {
    sink.warn('MDL_WEIGHTS_WITHOUT_SKELETON', `node '${node.name}' has bone weights but no skeleton it may use; the weights are ignored`, node.offset);
  }
  const skinned = weighted && skeleton !== undefined;
  let needsModelJoint = false;
  const primitives: Primitive[] = meshes.map((mesh) => {
    const { primitive, unweighted } = buildPrimitive(ctx, mesh, skinned ? skeleton : undefined);
    if (unweighted) needsModelJoint = true;
    return primitive;
  });
  if (skinned) {
    scene.nodes[lodNode].skin = skinFor(ctx, skeleton!, needsModelJoint);
    if (needsModelJoint) bindToModelJoint(primitives, skeleton!.joints.length);
  }
  const targetCount = padTargets(primitives);
  const mesh: Mesh = { name: meshes.map((m) => m.name).filter(Boolean).join(' + ') || node.name, primitives };
  if (targetCount > 0) {
    mesh.weights = new Array(targetCount).fill(0);
    mesh.extras = { morphSemantics: `${ctx.options.morphTargets ?? 'absolute'} (assumed; the file does not say)` };
  }
  scene.nodes[lodNode].mesh = scene.meshes.length;
  scene.meshes.push(mesh);
}

function buildPrimitive(ctx: BuildContext, mesh: MdlMesh, skeleton: Skeleton | undefined): { primitive: Primitive; unweighted: boolean } {
  const { file } = ctx;
  const v = mesh.vertices;
  const n = mesh.vertexCount;
  const ultra = file.variant === 'ultra';
  // Tangents: glTF wants unit xyz + handedness; the handedness comes from the bitangent when stored,
  // else from the UVs (see tangents.ts), in the file's frame.
  const bitangentUsed = (!ultra || v.tailUsed === true) && !allEqual(v.bitangent, 0);
  let dPdv: Float64Array | undefined;
  // Polygons are fanned into glTF triangles in the same pass over the indices.
  let triangles: Uint16Array | Uint32Array | undefined;
  if (!bitangentUsed) {
    if (ctx.scratch.length < n * 3) ctx.scratch = new Float64Array(n * 3);
    if (mesh.polyVerts >= 3) triangles = fanOutput(mesh.indices.length, mesh.polyVerts, n);
    dPdv = uvGradients(v.position, v.texcoord0, mesh.indices, mesh.polyVerts, n, ctx.scratch, triangles);
  }
  const converted = convertVertices(v, dPdv, bitangentUsed, n);
  const { position, normal, tangent, zeroTangents } = converted;
  const texcoord0 = converted.texcoordFinite ? v.texcoord0 : v.texcoord0.slice();
  for (const [array, finite] of [[position, converted.positionFinite], [normal, converted.normalFinite], [tangent, converted.tangentFinite], [texcoord0, converted.texcoordFinite]] as const) {
    if (finite) ctx.finite.add(array);
  }
  const attributes: Primitive['attributes'] = { POSITION: position, NORMAL: normal, TEXCOORD_0: texcoord0 };
  if (converted.texcoord1Used) attributes.TEXCOORD_1 = finiteOrCopy(v.texcoord1, ctx.finite);
  const extras: Extras = {
    name: mesh.name,
    materialPath: mesh.materialPath,
    polyVerts: mesh.polyVerts,
    strideField: mesh.strideField,
    indexSize: mesh.indexSize,
  };
  if (v.color) {
    if (allBytes255(v.color)) extras.vertexColor = 'white';
    else attributes.COLOR_0 = normalisedColors(v.color);
  }
  extras.displacement = converted.uniformDisplacement ? (v.displacement[0] ?? 1) : finiteOrCopy(v.displacement, ctx.finite);

  if (zeroTangents === 0 && n > 0) attributes.TANGENT = tangent;
  else if (zeroTangents < n) {
    // glTF tangents must be unit: with some zero ones the attribute is left out, the data kept.
    extras.zeroTangents = zeroTangents;
    extras.tangents = tangent;
  }
  if (zeroTangents < n) extras.tangentHandedness = bitangentUsed ? 'stored bitangent' : 'texcoord gradient';
  if (bitangentUsed) extras.bitangents = mirrorZ(v.bitangent);
  if (v.padding?.some((b) => b !== 0)) extras.vertexPadding = v.padding; // G3D bytes 80..stride
  if (!ultra && !skeleton && hasWeights(mesh, file.variant)) {
    extras.boneIds = v.boneIds;
    extras.boneWeights = v.boneWeights;
  }
  if (ultra && v.tailUsed) {
    extras.unverifiedVertexTail = ultraTail(mesh, ctx.options);
    extras.unverified = 'vertex bytes 60–95 decoded as bitangent, bone ids, weights (spec §2.5)';
  }

  const unweighted = skeleton ? skinAttributes(ctx, mesh, skeleton, attributes) : false;

  const { indices, mode } = triangles ? { indices: triangles, mode: 'TRIANGLES' as const } : gltfIndices(mesh.indices, mesh.polyVerts, n);
  const primitive: Primitive = { attributes, indices, extras };
  if (mode !== 'TRIANGLES') primitive.mode = mode;
  const material = ctx.materials.get(mesh.materialPath);
  if (material !== undefined) primitive.material = material;
  if (mesh.primitiveFlags.length) extras.primitiveFlags = mesh.primitiveFlags.slice();
  if (mesh.pick.length) extras.pick = mesh.pick.slice();

  if (mesh.morphs.length) {
    primitive.targets = morphTargets(mesh, position, normal, ctx.options);
    extras.morphBitangents = morphBitangents(mesh);
  }
  return { primitive, unweighted };
}
