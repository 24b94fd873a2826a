import {
  addNode,
  createScene,
  math,
  type AnimationChannel,
  type AnimationClip,
  type Collider,
  type Extras,
  type Mesh,
  type MorphTarget,
  type Primitive,
  type Scene,
  type Skin,
  type WarningSink,
} from '@relic3d/core';
import { convertIndices, fanTriangles, convertQuat, convertQuats, convertVec3, flipZ, flipZInPlace } from './convert.js';
import { sanitizeScene } from './finite.js';
import { handednessFromGradient, uvGradients } from './tangents.js';
import { unpackMdlWeights } from './vertices.js';
import { MaterialTable } from './materials.js';
import type { MdlAnimation, MdlBone, MdlColliderPart, MdlFile, MdlMesh, MdlNode, MdlParseOptions, MdlVertices } from './types.js';

/** The skeleton of one MDL node: joint nodes in depth-first BONE order. */
interface Skeleton {
  joints: number[];
  /** Inverse of each bone's rest matrix relative to the model node (converted frame). */
  inverseBind: Float32Array;
  /** Scene node of the MDL node that owns the bones. */
  modelNode: number;
  /** Skin indices: bones only, and bones + the model node (for unweighted vertices). */
  skin?: number;
  skinWithModelJoint?: number;
}

interface Context {
  scene: Scene;
  file: MdlFile;
  options: MdlParseOptions;
  sink: WarningSink;
  materials: MaterialTable;
  /** Arrays already checked to hold only finite values while they were built (sanitizeScene skips them). */
  finite: Set<Float32Array>;
  /** dP/dv sums of the largest mesh so far, reused by the next ones. */
  scratch: Float64Array;
  topSkeleton?: Skeleton;
}

/**
 * Raw file → core Scene. Coordinates are converted here (see convert.ts). The scene takes over the
 * file's vertex and morph arrays (mirrored in place, no copies): the file is not usable afterwards.
 */
export function toScene(file: MdlFile, options: MdlParseOptions, sink: WarningSink): Scene {
  const scene = createScene('mdl', file.version);
  if (file.root.name) scene.name = file.root.name;
  scene.extras = {
    variant: file.variant,
    magic: file.magic,
    sourceAxes: 'left-handed, +X right, +Y up, +Z forward, metres (Z mirrored on import)',
  };
  if (file.variant === 'g3d') scene.extras.unverifiedLayout = true;
  if (file.trailingBytes) scene.extras.trailingBytes = file.trailingBytes;
  const ctx: Context = { scene, file, options, sink, materials: new MaterialTable(scene, options), finite: new Set(), scratch: new Float64Array(0) };
  convertNode(ctx, file.root, -1, true);
  sanitizeScene(scene, sink, ctx.finite);
  return scene;
}

function parseJson(ctx: Context, text: string, what: string, offset: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // The parser's message quotes the text, which stays in extras and out of the warning.
    ctx.sink.warn('MDL_BAD_JSON', `${what} are not valid JSON (${text.length} characters); the raw text is kept`, offset);
    return undefined;
  }
}

function convertNode(ctx: Context, node: MdlNode, parent: number, isTop: boolean): number {
  const { scene, sink } = ctx;
  const extras: Extras = { color: node.color };
  if (node.engineProperties) {
    extras.engineProperties = node.engineProperties;
    const json = parseJson(ctx, node.engineProperties, `engine properties of node '${node.name}'`, node.offset);
    if (json !== undefined) extras.engine = json;
  }
  if (node.userProperties) {
    extras.userProperties = node.userProperties;
    const json = parseJson(ctx, node.userProperties, `user properties of node '${node.name}'`, node.offset);
    if (json !== undefined) extras.user = json;
  }
  if (node.unknownNodeFloats) extras.unknownNodeFloats = node.unknownNodeFloats;
  if (node.attachBone !== -1) extras.attachBone = node.attachBone;
  let rotation = convertQuat(node.rotation);
  const length = Math.hypot(...rotation);
  if (Math.abs(length - 1) > 1e-3) {
    sink.warn('MDL_ROTATION_NOT_UNIT', `node '${node.name}' rotation has length ${length}; normalised`, node.offset);
    extras.storedRotation = node.rotation;
    rotation = math.quatNormalize(rotation);
  }
  const index = addNode(
    scene,
    { name: node.name, translation: convertVec3(node.position), rotation, scale: [...node.scale], extras },
    parent,
  );

  let skeleton: Skeleton | undefined;
  if (node.bones.length) {
    if (!isTop) sink.warn('MDL_BONES_IN_CHILD', `node '${node.name}' has bones; the spec allows them only on the top-level node`, node.offset);
    skeleton = buildSkeleton(ctx, node.bones, index);
    if (isTop) ctx.topSkeleton = skeleton;
  }

  const lods = node.lods.map((lod, k) => {
    const lodNode = addNode(scene, { name: `${node.name || 'node'} LOD${k}`, extras: { viewDistance: lod.viewDistance } }, index);
    if (lod.meshes.length) convertLodMeshes(ctx, node, lod.meshes, lodNode, isTop ? skeleton : undefined);
    return { node: lodNode, distance: lod.viewDistance };
  });
  if (lods.length) scene.nodes[index].lods = lods;

  node.collision.parts.forEach((part, k) => {
    const collider = convertCollider(part, index, `${node.name || 'node'} collider ${k}`);
    if (collider) scene.colliders.push(collider);
  });
  if (node.collision.raw) scene.nodes[index].extras!.colliderData = node.collision.raw;

  if (node.animations.length) {
    if (skeleton) for (const anim of node.animations) scene.animations.push(convertAnimation(ctx, anim, skeleton, node.name));
    else sink.warn('MDL_ANIMATION_WITHOUT_BONES', `node '${node.name}' has ${node.animations.length} animations but no bones; ignored`, node.offset);
  }

  for (const child of node.children) {
    let childParent = index;
    if (child.attachBone >= 0) {
      const joints = ctx.topSkeleton?.joints;
      if (joints && child.attachBone < joints.length) childParent = joints[child.attachBone];
      else sink.warn('MDL_BAD_ATTACH_BONE', `node '${child.name}' is attached to bone ${child.attachBone}, which does not exist`, child.offset);
    }
    convertNode(ctx, child, childParent, false);
  }
  return index;
}

function buildSkeleton(ctx: Context, roots: MdlBone[], modelNode: number): Skeleton {
  const joints: number[] = [];
  const matrices: number[] = [];
  const identity = math.identity(new Float64Array(16));
  const visit = (bone: MdlBone, parentNode: number, parentMatrix: ArrayLike<number>) => {
    const translation = convertVec3(bone.position);
    const stored = convertQuat(bone.rotation);
    const rotation = math.quatNormalize(stored);
    const scale: [number, number, number] = [...bone.scale];
    const length = Math.hypot(...stored);
    const extras: Extras | undefined = Math.abs(length - 1) > 1e-3 ? { storedRotation: bone.rotation } : undefined;
    if (extras) ctx.sink.warn('MDL_ROTATION_NOT_UNIT', `bone '${bone.name}' rotation has length ${length}; normalised`, bone.offset);
    const node = addNode(ctx.scene, { name: bone.name, translation, rotation, scale, joint: true, ...(extras && { extras }) }, parentNode);
    joints.push(node);
    const model = math.multiply(parentMatrix, math.fromTRS(translation, rotation, scale, new Float64Array(16)), new Float64Array(16));
    const inverse = math.invert(model, new Float64Array(16));
    if (!inverse) ctx.sink.warn('MDL_SINGULAR_BONE', `bone '${bone.name}' has a singular rest matrix; identity used`, bone.offset);
    for (let i = 0; i < 16; i++) matrices.push(inverse ? inverse[i] : identity[i]);
    for (const child of bone.children) visit(child, node, model);
  };
  for (const root of roots) visit(root, modelNode, identity);
  return { joints, inverseBind: Float32Array.from(matrices), modelNode };
}

function skinFor(ctx: Context, skeleton: Skeleton, withModelJoint: boolean): number {
  const key = withModelJoint ? 'skinWithModelJoint' : 'skin';
  if (skeleton[key] !== undefined) return skeleton[key]!;
  const joints = withModelJoint ? [...skeleton.joints, skeleton.modelNode] : [...skeleton.joints];
  const inverseBindMatrices = new Float32Array(joints.length * 16);
  inverseBindMatrices.set(skeleton.inverseBind);
  if (withModelJoint) math.identity(inverseBindMatrices.subarray(skeleton.joints.length * 16));
  const skin: Skin = { name: ctx.scene.nodes[skeleton.modelNode].name, joints, inverseBindMatrices, skeleton: skeleton.joints[0] };
  if (withModelJoint) skin.extras = { modelJoint: skeleton.joints.length };
  skeleton[key] = ctx.scene.skins.length;
  ctx.scene.skins.push(skin);
  return skeleton[key]!;
}

/** True when the mesh stores bone weights we may use (Ultra: only when bytes 60–95 are used). */
function hasWeights(mesh: MdlMesh, variant: MdlFile['variant']): boolean {
  if (variant === 'ultra' && !mesh.vertices.tailUsed) return false;
  const weights = mesh.vertices.boneWeights;
  for (let i = 0; i < weights.length; i++) if (weights[i] !== 0) return true;
  return false;
}

function convertLodMeshes(ctx: Context, node: MdlNode, meshes: MdlMesh[], lodNode: number, skeleton: Skeleton | undefined): void {
  const { scene, sink, file } = ctx;
  const weighted = meshes.some((m) => hasWeights(m, file.variant));
  if (weighted && !skeleton) {
    sink.warn('MDL_WEIGHTS_WITHOUT_SKELETON', `node '${node.name}' has bone weights but no skeleton it may use; the weights are ignored`, node.offset);
  }
  const skinned = weighted && skeleton !== undefined;
  let needsModelJoint = false;
  const primitives: Primitive[] = meshes.map((mesh) => {
    const { primitive, unweighted } = convertMesh(ctx, mesh, skinned ? skeleton : undefined);
    if (unweighted) needsModelJoint = true;
    return primitive;
  });
  if (skinned) {
    const skin = skinFor(ctx, skeleton!, needsModelJoint);
    scene.nodes[lodNode].skin = skin;
    if (needsModelJoint) {
      const modelJoint = skeleton!.joints.length;
      for (const p of primitives) {
        const joints = p.attributes.JOINTS_0!;
        for (let i = 0; i < joints.length; i++) if (joints[i] === MODEL_JOINT) joints[i] = modelJoint;
      }
    }
  }
  // Every primitive of a glTF mesh needs the same number of morph targets: pad with zero deltas.
  const targetCount = Math.max(0, ...primitives.map((p) => p.targets?.length ?? 0));
  if (targetCount > 0) {
    for (const p of primitives) {
      p.targets ??= [];
      while (p.targets.length < targetCount) p.targets.push({ POSITION: new Float32Array(p.attributes.POSITION.length) });
    }
  }
  const mesh: Mesh = { name: meshes.map((m) => m.name).filter(Boolean).join(' + ') || node.name, primitives };
  if (targetCount > 0) {
    mesh.weights = new Array(targetCount).fill(0);
    mesh.extras = { morphSemantics: `${ctx.options.morphTargets ?? 'absolute'} (assumed; the file does not say)` };
  }
  scene.nodes[lodNode].mesh = scene.meshes.length;
  scene.meshes.push(mesh);
}

/** Placeholder joint for vertices without weights, replaced once the skin is known. */
const MODEL_JOINT = 0xffff;

/**
 * `Math.hypot(x, y, z) > 1e-6` without the slow call: float32 squares are exact in doubles, so the
 * squared length decides except within a hair of the threshold (and for NaN), where hypot does.
 */
function isLongerThan1e6(squared: number, x: number, y: number, z: number): boolean {
  if (squared > 1.000001e-12) return true;
  if (squared < 0.999999e-12) return false;
  return Math.hypot(x, y, z) > 1e-6;
}

/** Every byte 255, four at a time when the array is aligned (it is when fresh from deinterleave). */
function allBytes255(values: Uint8Array): boolean {
  let i = 0;
  if (values.byteOffset % 4 === 0) {
    const words = new Uint32Array(values.buffer, values.byteOffset, values.length >> 2);
    for (; i < words.length; i++) if (words[i] !== 0xffffffff) return false;
    i = words.length * 4;
  }
  for (; i < values.length; i++) if (values[i] !== 255) return false;
  return true;
}

function normalisedColors(bytes: Uint8Array): Float32Array {
  const out = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[i] / 255;
  return out;
}

function allEqual(values: Float32Array, value: number): boolean {
  for (let i = 0; i < values.length; i++) if (values[i] !== value) return false;
  return true;
}

/**
 * One pass over the vertices: glTF tangents (xyz mirrored, w the handedness) from the stored ones,
 * with w from the UV gradients `dPdv` (tangents.ts, file frame) or, when stored, the bitangent; then
 * positions and normals mirrored in place. Also says which arrays are all finite (sums stay finite
 * for any float32 input and turn NaN or infinite as soon as one value is), whether texcoord1 is used
 * and whether the displacement is one value. A leaf function, so the loop is optimised as a whole.
 */
function convertVertices(v: MdlVertices, dPdv: Float64Array | undefined, bitangentUsed: boolean, n: number) {
  const tangent = new Float32Array(n * 4);
  const { position, normal, texcoord0, texcoord1, displacement, bitangent } = v;
  const stored = v.tangent;
  const firstDisplacement = n > 0 ? displacement[0] : 1;
  let zeroTangents = 0, texcoord1Used = false, uniformDisplacement = true;
  let positionSum = 0, normalSum = 0, tangentSum = 0, texcoordSum = 0;
  for (let i = 0; i < n; i++) {
    const sx = stored[i * 3], sy = stored[i * 3 + 1], sz = stored[i * 3 + 2];
    const tx = sx, ty = sy, tz = 0 - sz;
    const squared = tx * tx + ty * ty + tz * tz;
    tangentSum += squared;
    texcoordSum += texcoord0[i * 2] + texcoord0[i * 2 + 1];
    if (texcoord1[i * 2] !== 0 || texcoord1[i * 2 + 1] !== 0) texcoord1Used = true;
    if (displacement[i] !== firstDisplacement) uniformDisplacement = false;
    if (!isLongerThan1e6(squared, tx, ty, tz)) zeroTangents++;
    tangent[i * 4] = tx;
    tangent[i * 4 + 1] = ty;
    tangent[i * 4 + 2] = tz;
    const nx = normal[i * 3], ny = normal[i * 3 + 1], storedNz = normal[i * 3 + 2];
    const nz = 0 - storedNz;
    let w = dPdv ? handednessFromGradient(nx, ny, storedNz, sx, sy, sz, dPdv, i * 3) : 1;
    if (bitangentUsed) {
      // In the glTF frame: mirrored normal, tangent and bitangent.
      const bx = bitangent[i * 3], by = bitangent[i * 3 + 1], bz = 0 - bitangent[i * 3 + 2];
      const d = (ny * tz - nz * ty) * bx + (nz * tx - nx * tz) * by + (nx * ty - ny * tx) * bz;
      if (d < 0) w = -1;
    }
    tangent[i * 4 + 3] = w;
    normalSum += nx + ny + storedNz;
    normal[i * 3 + 2] = nz;
    const px = position[i * 3], py = position[i * 3 + 1], pz = position[i * 3 + 2];
    positionSum += px + py + pz;
    position[i * 3 + 2] = 0 - pz;
  }
  return {
    tangent,
    zeroTangents,
    texcoord1Used,
    uniformDisplacement,
    positionFinite: positionSum - positionSum === 0,
    normalFinite: normalSum - normalSum === 0,
    tangentFinite: tangentSum - tangentSum === 0,
    texcoordFinite: texcoordSum - texcoordSum === 0,
  };
}

function convertMesh(ctx: Context, mesh: MdlMesh, skeleton: Skeleton | undefined): { primitive: Primitive; unweighted: boolean } {
  const { file, sink } = ctx;
  const v = mesh.vertices;
  const n = mesh.vertexCount;
  const ultra = file.variant === 'ultra';
  // Tangents: glTF wants unit xyz + handedness; the handedness comes from the bitangent when stored,
  // else from the UVs (see tangents.ts), in the file's frame: before positions and normals are mirrored.
  const bitangentUsed = (!ultra || v.tailUsed === true) && !allEqual(v.bitangent, 0);
  let dPdv: Float64Array | undefined;
  // Polygons are fanned into glTF triangles in the same pass over the indices.
  let triangles: Uint16Array | Uint32Array | undefined;
  if (!bitangentUsed) {
    if (ctx.scratch.length < n * 3) ctx.scratch = new Float64Array(n * 3);
    if (mesh.polyVerts >= 3) triangles = fanTriangles(mesh.indices.length, mesh.polyVerts, n);
    dPdv = uvGradients(v.position, v.texcoord0, mesh.indices, mesh.polyVerts, n, ctx.scratch, triangles);
  }
  const converted = convertVertices(v, dPdv, bitangentUsed, n);
  const { tangent, zeroTangents } = converted;
  const position = v.position, normal = v.normal; // mirrored in place
  for (const [array, finite] of [[position, converted.positionFinite], [normal, converted.normalFinite], [tangent, converted.tangentFinite], [v.texcoord0, converted.texcoordFinite]] as const) {
    if (finite) ctx.finite.add(array);
  }
  const attributes: Primitive['attributes'] = { POSITION: position, NORMAL: normal, TEXCOORD_0: v.texcoord0 };
  if (converted.texcoord1Used) attributes.TEXCOORD_1 = v.texcoord1;
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
  extras.displacement = converted.uniformDisplacement ? (v.displacement[0] ?? 1) : v.displacement;

  if (zeroTangents === 0 && n > 0) attributes.TANGENT = tangent;
  else if (zeroTangents < n) {
    // glTF tangents must be unit: with some zero ones the attribute is left out, the data kept.
    extras.zeroTangents = zeroTangents;
    extras.tangents = tangent;
  }
  if (zeroTangents < n) extras.tangentHandedness = bitangentUsed ? 'stored bitangent' : 'texcoord gradient';
  if (bitangentUsed) extras.bitangents = flipZInPlace(v.bitangent);
  if (v.padding?.some((b) => b !== 0)) extras.vertexPadding = v.padding; // G3D bytes 80..stride
  if (!ultra && !skeleton && hasWeights(mesh, file.variant)) {
    extras.boneIds = v.boneIds;
    extras.boneWeights = v.boneWeights;
  }
  if (ultra && v.tailUsed) {
    extras.unverifiedVertexTail = tail(mesh);
    extras.unverified = 'vertex bytes 60–95 decoded as bitangent, bone ids, weights (spec §2.5)';
  }

  let unweighted = false;
  if (skeleton) {
    const packed = unpackMdlWeights(mesh, file.variant, skeleton.joints.length, ctx.options);
    if (packed.badIds) sink.warn('MDL_BAD_BONE_ID', `mesh '${mesh.name}': ${packed.badIds} weights name bones past the ${skeleton.joints.length} of the skeleton; dropped`, mesh.offset);
    if (packed.unskinned) {
      // Vertices without weights follow the model node (an extra joint, see skinFor).
      unweighted = true;
      for (let i = 0; i < n; i++) {
        if (packed.weights[i * 4] !== 0) continue;
        packed.joints[i * 4] = MODEL_JOINT;
        packed.weights[i * 4] = 1;
      }
    }
    attributes.JOINTS_0 = packed.joints;
    attributes.WEIGHTS_0 = packed.weights;
  }

  const { indices, mode } = triangles ? { indices: triangles, mode: 'TRIANGLES' as const } : convertIndices(mesh.indices, mesh.polyVerts, n);
  const primitive: Primitive = { attributes, indices, extras };
  if (mode !== 'TRIANGLES') primitive.mode = mode;
  const material = ctx.materials.get(mesh.materialPath);
  if (material !== undefined) primitive.material = material;
  if (mesh.primitiveFlags.length) extras.primitiveFlags = mesh.primitiveFlags.slice();
  if (mesh.pick.length) extras.pick = mesh.pick.slice();

  if (mesh.morphs.length) {
    const absolute = (ctx.options.morphTargets ?? 'absolute') === 'absolute';
    const baseTangent = flipZInPlace(v.tangent);
    primitive.targets = mesh.morphs.map((morph, k): MorphTarget => {
      const p = flipZInPlace(morph.position), nn = flipZInPlace(morph.normal), t = flipZInPlace(morph.tangent);
      if (absolute) {
        for (let i = 0; i < p.length; i++) {
          p[i] -= position[i];
          nn[i] -= normal[i];
          t[i] -= baseTangent[i];
        }
      }
      return { name: `morph ${k}`, POSITION: p, NORMAL: nn, TANGENT: t };
    });
    extras.morphBitangents = mesh.morphs.map((m) => flipZInPlace(m.bitangent));
  }
  return { primitive, unweighted };
}

/** Bytes 60–95 of every Ultra vertex, packed (36 per vertex). */
function tail(mesh: MdlMesh): Uint8Array {
  const out = new Uint8Array(mesh.vertexCount * 36);
  for (let i = 0; i < mesh.vertexCount; i++) out.set(mesh.vertexData.subarray(i * 96 + 60, i * 96 + 96), i * 36);
  return out;
}

const G3D_SHAPES = ['box', 'cylinder', 'sphere', 'cone', 'capsule', 'chamfer cylinder', 'convex hull', 'polygons'];

function convertCollider(part: MdlColliderPart, node: number, name: string): Collider | undefined {
  const extras: Extras = {};
  if (part.shapeTag !== undefined) extras.shapeTag = part.shapeTag;
  if (part.shapeId !== undefined) extras.shapeId = part.shapeId;
  const kind =
    part.shapeTag === 'BOX_' || part.shapeId === 0 ? 'box'
    : part.shapeTag === 'CYLI' || part.shapeId === 1 || part.shapeId === 5 ? 'cylinder'
    : part.shapeId !== undefined ? G3D_SHAPES[part.shapeId]
    : part.shapeTag === 'MESH' ? 'polygons'
    : undefined;
  if (part.primitive) {
    const { offset, rotation, size } = part.primitive;
    extras.size = size;
    if (part.shapeId === 5) extras.shape = 'chamfer cylinder';
    if (size[0] === 1 && size[1] === 1 && size[2] === 1) extras.unitSize = 'size (1,1,1): possibly "fit the mesh bounds" (unverified)';
    const base = { name, node, translation: convertVec3(offset), rotation: math.quatNormalize(convertQuat(rotation)), extras };
    const [sx, sy, sz] = size.map(Math.abs);
    if (kind === 'box') return { ...base, shape: { type: 'box', size: [sx, sy, sz] } };
    if (kind === 'cylinder') return { ...base, shape: { type: 'cylinder', radius: Math.max(sx, sz) / 2, height: sy } };
    if (kind === 'sphere') return { ...base, shape: { type: 'sphere', radius: Math.max(sx, sy, sz) / 2 } };
    if (kind === 'cone') return { ...base, shape: { type: 'cone', radius: Math.max(sx, sz) / 2, height: sy } };
    if (kind === 'capsule') {
      const radius = Math.max(sx, sz) / 2;
      return { ...base, shape: { type: 'capsule', radius, height: Math.max(0, sy - 2 * radius) } };
    }
    return undefined;
  }
  if (part.mesh) {
    extras.flag = part.mesh.flag;
    extras.polygonSizes = part.mesh.polygons.map((p) => p.length / 3);
    let total = 0;
    for (const p of part.mesh.polygons) total += p.length;
    const positions = new Float32Array(total);
    const triangles: number[] = [];
    let base = 0;
    for (const polygon of part.mesh.polygons) {
      positions.set(flipZ(polygon), base * 3);
      const count = polygon.length / 3;
      for (let k = 1; k + 1 < count; k++) triangles.push(base, base + k + 1, base + k);
      base += count;
    }
    if (kind === 'convex hull') return { name, node, shape: { type: 'convex', positions }, extras };
    return { name, node, shape: { type: 'trimesh', positions, indices: Uint32Array.from(triangles) }, extras };
  }
  return undefined;
}

function convertAnimation(ctx: Context, anim: MdlAnimation, skeleton: Skeleton, nodeName: string): AnimationClip {
  const { sink } = ctx;
  let speed = anim.speed;
  // Below 1e-6 (a denormal, say) the key times overflow float32 to Infinity.
  if (!(speed >= 1e-6 && speed <= 1e6)) {
    sink.warn('MDL_BAD_SPEED', `animation '${anim.name}' has speed ${speed}; 1 used`, anim.offset);
    speed = 1;
  }
  // Evenly spaced keys; the clip lasts keyframes / 60 / speed seconds (spec §5.7).
  const step = 1 / 60 / speed;
  const count = anim.keyframeCount;
  const channels: AnimationChannel[] = [];
  const flags: Record<string, number> = {};
  let times: Float32Array | undefined;
  const keyTimes = () => (times ??= Float32Array.from({ length: count }, (_, k) => k * step));
  for (const track of anim.tracks) {
    const joint = skeleton.joints[track.boneId];
    if (joint === undefined || track.boneId < 0) {
      sink.warn('MDL_BAD_TRACK_BONE', `animation '${anim.name}' animates bone ${track.boneId}, which does not exist; skipped`, anim.offset);
      continue;
    }
    flags[ctx.scene.nodes[joint].name || String(track.boneId)] = track.flags;
    if (count === 0) continue;
    if (track.position) channels.push({ node: joint, path: 'translation', times: keyTimes(), values: flipZ(track.position), interpolation: 'LINEAR' });
    if (track.rotation) {
      const values = convertQuats(track.rotation.slice());
      for (let k = 0; k < values.length; k += 4) {
        const q = math.quatNormalize(values.subarray(k, k + 4));
        values.set(q, k);
      }
      math.makeQuaternionsContinuous(values);
      channels.push({ node: joint, path: 'rotation', times: keyTimes(), values, interpolation: 'LINEAR' });
    }
    if (track.scale) channels.push({ node: joint, path: 'scale', times: keyTimes(), values: track.scale.slice(), interpolation: 'LINEAR' });
  }
  return {
    name: anim.name,
    duration: count * step,
    channels,
    extras: { speed: anim.speed, keyframeCount: count, keyframeFlags: flags, node: nodeName },
  };
}
