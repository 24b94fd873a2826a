import {
  addNode,
  createScene,
  math,
  type AnimationChannel,
  type Collider,
  type ColliderShape,
  type Light,
  type Quat,
  type Scene,
  type Vec3,
  type WarningSink,
} from '@relic3d/core';
import { axisFor, type Axis } from './axis.js';
import { imageMimeType, buildMaterials } from './scene-materials.js';
import { FiniteScrub } from './finite.js';
import { buildMesh, type BuiltMesh } from './scene-mesh.js';
import type { LodFile, LodParseOptions } from './types.js';

export const ANIMATION_MODES = ['none', 'playOnce', 'loop', 'bounceForward', 'bounceBackward', 'loopBackward', 'external'];
const LIGHT_STYLES = ['spot', 'omni', 'parallel'];
const BODY_TYPES = ['none', 'box', 'sphere', 'cylinder', 'capsule', 'cone', 'plane', 'triMesh', 'cappedCylinder', 'ray'];
const JOINT_TYPES = ['none', 'ball', 'slider', 'hinge', 'hinge2', 'universal', 'corkscrew', 'upVector'];
const COLLIDER_TYPES = ['sphere', 'capsule', 'cylinder', 'box'];
/** Morph targets may take this many floats per stored MMD1 float, plus MORPH_BUDGET_FLOATS. */
const MORPH_BUDGET_FACTOR = 16;
const MORPH_BUDGET_FLOATS = 1 << 22;
/** Frame time used when AnimInterval is not positive. */
const DEFAULT_INTERVAL_MS = 100;

/** Local TRS of a GLScene frame entry: L = T(p) · Rz · Ry · Rx (Euler radians), in scene space. */
function boneLocal(axis: Axis, data: Float32Array, at: number, finite: FiniteScrub): { translation: Vec3; rotation: Quat } {
  const q = math.quatFromEulerXYZ(finite.value(data[at + 3]), finite.value(data[at + 4]), finite.value(data[at + 5]));
  return {
    translation: finite.vec(axis.point(data[at], data[at + 1], data[at + 2])),
    rotation: math.quatNormalize(axis.quat(q)),
  };
}

/** A rotation taking glTF's light direction (−Z) onto `dir`. */
function rotationFromMinusZ(dir: Vec3): Quat | undefined {
  const l = Math.hypot(dir[0], dir[1], dir[2]);
  if (!(l > 0) || !Number.isFinite(l)) return undefined;
  const d: Vec3 = [dir[0] / l, dir[1] / l, dir[2] / l];
  const dot = -d[2]; // (0,0,−1)·d
  if (dot < -0.999999) return [1, 0, 0, 0]; // opposite: half turn about X
  const axis: Vec3 = [d[1], -d[0], 0]; // (0,0,−1) × d
  return math.quatNormalize([axis[0], axis[1], axis[2], 1 + dot]);
}

interface Built {
  scene: Scene;
  axis: Axis;
  boneNodes: number[];
  boneNodeById: Map<number, number>;
  meshNodes: number[];
  builtMeshes: (BuiltMesh | undefined)[];
  finite: FiniteScrub;
}

function buildSkeleton(file: LodFile, b: Built, sink: WarningSink): void {
  const { scene, axis } = b;
  const bones = file.skeleton?.bones ?? [];
  const bind = file.animations[0];
  bones.forEach((bone, i) => {
    const parent = bone.parentId === -1 ? -1 : (b.boneNodeById.get(bone.parentId) ?? -2);
    if (parent === -2) sink.warn('LOD_BONE_PARENT', `bone '${bone.name}' names parent ${bone.parentId}, which was not read before it; made a root`);
    const node = addNode(scene, { name: bone.name, joint: true, extras: { boneId: bone.id, parentId: bone.parentId } }, Math.max(-1, parent));
    if (bind && bind.frameCount > 0) {
      if (bone.id >= 0 && bone.id < bind.boneCount) Object.assign(scene.nodes[node], boneLocal(axis, bind.bonesRotPos, bone.id * 6, b.finite));
      else sink.warn('LOD_BONE_ID', `bone '${bone.name}' has BoneID ${bone.id}, outside the ${bind.boneCount} frame entries`);
    }
    if (b.boneNodeById.has(bone.id)) sink.warn('LOD_BONE_ID', `BoneID ${bone.id} is used twice (bone ${i})`);
    else b.boneNodeById.set(bone.id, node);
    b.boneNodes.push(node);
  });
}

function buildAnimations(file: LodFile, b: Built, sink: WarningSink): void {
  const { scene, axis } = b;
  if (!file.skeleton) return;
  for (const anim of file.animations) {
    let interval = anim.interval;
    if (!(interval > 0)) {
      sink.warn('LOD_ANIMATION_INTERVAL', `animation '${anim.name}' has AnimInterval ${interval}; ${DEFAULT_INTERVAL_MS} ms used`);
      interval = DEFAULT_INTERVAL_MS;
    }
    const dt = interval / 1000;
    const frames = anim.frameCount;
    const channels: AnimationChannel[] = [];
    // Created with the first channel: without bones, Count is not bounded by any frame data.
    let times: Float32Array | undefined;
    for (const bone of file.skeleton.bones) {
      const node = b.boneNodeById.get(bone.id);
      if (node === undefined || bone.id < 0 || bone.id >= anim.boneCount || frames === 0) continue;
      times ??= Float32Array.from({ length: frames }, (_, k) => k * dt);
      const t = new Float32Array(frames * 3);
      const r = new Float32Array(frames * 4);
      for (let f = 0; f < frames; f++) {
        const local = boneLocal(axis, anim.bonesRotPos, (f * anim.boneCount + bone.id) * 6, b.finite);
        t.set(local.translation, f * 3);
        r.set(local.rotation, f * 4);
      }
      math.makeQuaternionsContinuous(r);
      channels.push({ node, path: 'translation', times, values: t, interpolation: 'LINEAR' });
      channels.push({ node, path: 'rotation', times, values: r, interpolation: 'LINEAR' });
    }
    scene.animations.push({
      name: anim.name,
      duration: frames > 0 ? (frames - 1) * dt : 0,
      channels,
      extras: {
        mode: anim.mode,
        modeName: ANIMATION_MODES[anim.mode] ?? 'unknown',
        interval: anim.interval,
        frameCount: frames,
        // GLScene actor semantics: a looping clip wraps from the last frame to the first.
        loopDuration: frames * dt,
      },
    });
  }
}

function buildSkin(b: Built): number | undefined {
  const { scene } = b;
  if (!b.boneNodes.length) return undefined;
  const world = new Float32Array(scene.nodes.length * 16);
  const local = new Float32Array(16);
  const inverseBindMatrices = new Float32Array(b.boneNodes.length * 16);
  // Bones are added parents-first, so one pass computes the bind-pose world matrices.
  for (const node of b.boneNodes) {
    const n = scene.nodes[node];
    math.fromTRS(n.translation, n.rotation, n.scale, local);
    const out = world.subarray(node * 16, node * 16 + 16);
    if (n.parent >= 0) math.multiply(world.subarray(n.parent * 16, n.parent * 16 + 16), local, out);
    else out.set(local);
  }
  b.boneNodes.forEach((node, j) => {
    const inv = math.invert(world.subarray(node * 16, node * 16 + 16)) ?? math.identity();
    inverseBindMatrices.set(inv, j * 16);
  });
  const roots = b.boneNodes.filter((n) => scene.nodes[n].parent === -1);
  scene.skins.push({ name: 'skeleton', joints: [...b.boneNodes], inverseBindMatrices, ...(roots.length === 1 ? { skeleton: roots[0] } : {}) });
  return scene.skins.length - 1;
}

/** Morph frames (MMD1) become one morph target per frame plus one weights clip per animation. */
function buildMorphs(file: LodFile, b: Built, sink: WarningSink): void {
  const { scene, axis } = b;
  for (const record of file.morphFrames?.meshes ?? []) {
    const built = b.builtMeshes[record.meshIndex];
    const raw = file.meshes[record.meshIndex];
    if (!built || !raw || record.vertexCount !== raw.positions.length / 3 || record.frameCount === 0 || !built.mesh.primitives.length) {
      sink.warn('LOD_MORPH_MESH', `MMD1 record for mesh ${record.meshIndex} ('${record.meshName}') does not match a drawn mesh of ${record.vertexCount} positions; kept in extras only`);
      continue;
    }
    // Targets hold frames × render vertices × 3 floats and the one-hot weight keys frames²: refuse
    // sizes far beyond the stored frames instead of multiplying a small file into gigabytes.
    const renderVertices = built.positionOfVertex.reduce((s, p) => s + p.length, 0);
    const needed = record.frameCount * (renderVertices * 3 + record.frameCount);
    if (needed > MORPH_BUDGET_FACTOR * record.vertices.length + MORPH_BUDGET_FLOATS) {
      sink.warn('LOD_MORPH_SIZE', `MMD1 record for mesh ${record.meshIndex} ('${record.meshName}'): ${record.frameCount} frames of ${renderVertices} vertices would need ${needed} floats as morph targets; kept in extras only`);
      continue;
    }
    const frames = axis.points(record.vertices.slice());
    const size = record.vertexCount * 3;
    built.mesh.primitives.forEach((primitive, p) => {
      const posIndex = built.positionOfVertex[p];
      primitive.targets = [];
      for (let f = 0; f < record.frameCount; f++) {
        const delta = new Float32Array(posIndex.length * 3);
        for (let v = 0; v < posIndex.length; v++) {
          for (let c = 0; c < 3; c++) delta[v * 3 + c] = b.finite.value(frames[f * size + posIndex[v] * 3 + c] - primitive.attributes.POSITION[v * 3 + c]);
        }
        primitive.targets.push({ name: `frame ${f}`, POSITION: delta });
      }
    });
    built.mesh.weights = new Array(record.frameCount).fill(0);
    const node = b.meshNodes[record.meshIndex];
    const collection = file.morphCollections?.collections.find((c) => c.name === record.collectionName);
    const anims = collection?.animations.length
      ? collection.animations
      : [{ name: record.collectionName || record.meshName, mode: 0, interval: DEFAULT_INTERVAL_MS, frameCount: record.frameCount }];
    let first = 0;
    for (const anim of anims) {
      const count = Math.max(0, Math.min(anim.frameCount, record.frameCount - first));
      if (count === 0) continue;
      const dt = (anim.interval > 0 ? anim.interval : DEFAULT_INTERVAL_MS) / 1000;
      const values = new Float32Array(count * record.frameCount);
      for (let k = 0; k < count; k++) values[k * record.frameCount + first + k] = 1;
      scene.animations.push({
        name: collection ? `${collection.name}/${anim.name}` : anim.name,
        duration: (count - 1) * dt,
        channels: [{ node, path: 'weights', times: Float32Array.from({ length: count }, (_, k) => k * dt), values, interpolation: 'LINEAR' }],
        extras: { morph: true, mode: anim.mode, modeName: ANIMATION_MODES[anim.mode] ?? 'unknown', interval: anim.interval, firstFrame: first, frameCount: count },
      });
      first += count;
    }
  }
}

function shapeFromScale(type: string, s: Vec3, finite: FiniteScrub): ColliderShape | undefined {
  const [x, y, z] = s.map((v) => Math.abs(finite.value(v))) as Vec3;
  switch (type) {
    case 'box':
      return { type: 'box', size: [x, y, z] };
    case 'sphere':
      return { type: 'sphere', radius: x };
    case 'capsule':
    case 'cappedCylinder':
      return { type: 'capsule', radius: x, height: y };
    case 'cylinder':
      return { type: 'cylinder', radius: x, height: y };
    case 'cone':
      return { type: 'cone', radius: x, height: y };
    default:
      return undefined;
  }
}

function buildPhysics(file: LodFile, b: Built): void {
  const physics = file.physics;
  if (!physics) return;
  const { scene, axis, finite } = b;
  physics.geoms.forEach((geom, i) => {
    const typeName = BODY_TYPES[geom.type] ?? 'unknown';
    const body = physics.bodies[geom.bodyIndex];
    // World transform = body ∘ geom (geom relative to the body).
    const bodyQ = body ? math.quatNormalize(finite.vec(Array.from(body.rotation))) : ([0, 0, 0, 1] as Quat);
    const rel = math.quatRotateVec3(bodyQ, finite.vec([...geom.position] as Vec3));
    const pos: Vec3 = body ? finite.vec([finite.value(body.position[0]) + rel[0], finite.value(body.position[1]) + rel[1], finite.value(body.position[2]) + rel[2]]) : finite.vec([...geom.position] as Vec3);
    const rot = math.quatNormalize(math.quatMultiply(bodyQ, math.quatNormalize(finite.vec(Array.from(geom.rotation)))));
    const firstLink = Math.max(0, geom.meshLink);
    const meshes = physics.meshLinks.slice(firstLink, Math.max(firstLink, Math.min(physics.meshLinks.length, geom.meshLink + geom.meshLinkCount, firstLink + 1024)));
    const shape = shapeFromScale(typeName, axis.scale(geom.scale), finite);
    const extras = { source: 'PHS1', geomIndex: i, geomType: typeName, body: body?.name, bodyIndex: geom.bodyIndex, meshes, mass: geom.mass, density: geom.density, enabled: geom.enabled };
    const collider: Collider = {
      name: geom.name || `geom ${i}`,
      shape: shape ?? { type: 'box', size: [0, 0, 0] },
      node: -1,
      translation: axis.point(...pos),
      rotation: axis.quat(rot),
      extras: shape ? extras : { ...extras, unsupportedShape: typeName },
    };
    if (shape || typeName !== 'none') scene.colliders.push(collider);
  });
  scene.extras.physics = {
    physType: physics.physType,
    meshLinks: physics.meshLinks,
    bodies: physics.bodies.map((body) => ({ ...body, typeName: BODY_TYPES[body.type] })),
    geoms: physics.geoms.map((geom) => ({ ...geom, typeName: BODY_TYPES[geom.type] })),
    joints: physics.joints.map((joint) => ({ ...joint, typeName: JOINT_TYPES[joint.type] })),
    upAxis: 'file',
  };
}

function buildLights(file: LodFile, b: Built): void {
  const { scene, axis, finite } = b;
  file.lightSchemes.forEach((scheme, s) => {
    const group = addNode(scene, { name: scheme.name || `light scheme ${s}`, extras: { lightScheme: s, active: s === 0, lights: scheme.lights } });
    scheme.lights.forEach((l, i) => {
      if (!l.enabled) return;
      const style = LIGHT_STYLES[l.style] ?? 'omni';
      const color = finite.vec([l.diffuse[0], l.diffuse[1], l.diffuse[2]]).map((c) => Math.max(0, c)) as Vec3;
      const cutoff = finite.value(l.spotCutOff, 180);
      const light: Light = {
        name: `${scheme.name} ${i}`,
        type: style === 'parallel' ? 'directional' : style === 'spot' && cutoff < 180 ? 'spot' : 'point',
        color,
        intensity: 1,
        extras: { ...l, styleName: style },
      };
      if (light.type === 'spot') {
        light.outerConeAngle = (Math.min(90, Math.max(0, cutoff)) * Math.PI) / 180;
        light.innerConeAngle = 0;
      }
      scene.lights.push(light);
      const node = addNode(scene, { name: light.name!, light: scene.lights.length - 1, translation: finite.vec(axis.point(...l.position)) }, group);
      if (light.type !== 'point') {
        const rotation = rotationFromMinusZ(axis.point(...(finite.vec([...l.spotDirection]) as Vec3)));
        if (rotation) scene.nodes[node].rotation = rotation;
      }
    });
  });
}

function buildColliders(file: LodFile, b: Built, sink: WarningSink): void {
  const { scene, axis, finite } = b;
  file.colliderSets.forEach((set, s) => {
    set.colliders.forEach((c, i) => {
      const m = Array.from(c.matrix, (v) => finite.value(v));
      // GLScene keeps the collider's scale in [0][3], [1][3], [2][3] and zeroes them before use.
      const scale: Vec3 = [m[3], m[7], m[11]];
      m[3] = m[7] = m[11] = 0;
      // Stored row-major for row vectors, so the 16 floats read column-major give the column-vector matrix.
      const d = math.decompose(axis.matrix(m));
      const node = b.boneNodeById.get(c.boneId);
      if (node === undefined) sink.warn('LOD_COLLIDER_BONE', `collider '${c.name}' names BoneID ${c.boneId}, which does not exist`);
      const typeName = COLLIDER_TYPES[c.type] ?? 'sphere';
      scene.colliders.push({
        name: c.name || `collider ${i}`,
        shape: shapeFromScale(typeName, axis.scale(scale), finite)!,
        node: node ?? -1,
        translation: d.translation,
        rotation: math.quatNormalize(d.rotation),
        extras: { source: 'COL1', set: set.name, setIndex: s, type: typeName, scale, tag: c.tag, tagFloat: c.tagFloat, visible: c.visible, jointAxis: c.jointAxis, matrix: Array.from(c.matrix) },
      });
    });
  });
}

function buildProxies(file: LodFile, b: Built, sink: WarningSink): void {
  const { scene, axis, finite } = b;
  for (const proxy of file.proxies) {
    const host = b.meshNodes[proxy.meshIndex];
    if (host === undefined) {
      sink.warn('LOD_PROXY_MESH', `PXI1 stands in for mesh ${proxy.meshIndex}, which does not exist; placed at the root`);
    } else if (scene.nodes[host].mesh !== undefined && file.meshes[proxy.meshIndex].faceGroups.some((g) => g.vertexIndices.length > 0)) {
      sink.warn('LOD_PROXY_MESH', `PXI1 stands in for mesh ${proxy.meshIndex}, which is not empty`);
    }
    const parentOfProxy = host ?? addNode(scene, { name: `proxy ${proxy.meshIndex}` });
    const items: number[] = [];
    proxy.items.forEach((item, i) => {
      const parent = item.parentIndex >= 0 && item.parentIndex < i ? items[item.parentIndex] : parentOfProxy;
      if (item.parentIndex >= i) sink.warn('LOD_PROXY_PARENT', `proxy item ${i} names parent ${item.parentIndex}, not read before it; attached to the root`);
      const sourceNode = b.meshNodes[item.sourceMeshIndex];
      const mesh = item.sourceMeshIndex >= 0 && sourceNode !== undefined ? scene.nodes[sourceNode].mesh : undefined;
      const skin = item.sourceMeshIndex >= 0 && sourceNode !== undefined ? scene.nodes[sourceNode].skin : undefined;
      const node = addNode(
        scene,
        {
          name: item.name || `proxy item ${i}`,
          translation: finite.vec(axis.point(...item.position)),
          rotation: math.quatNormalize(axis.quat(finite.vec(Array.from(item.rotation)))),
          scale: finite.vec(axis.scale(item.scale)),
          ...(mesh !== undefined ? { mesh } : {}),
          ...(skin !== undefined ? { skin } : {}),
          extras: { proxyItem: i, sourceMeshIndex: item.sourceMeshIndex, visible: item.visible, expanded: item.expanded, reserved: item.reserved, ...(item.gap !== undefined ? { gap: item.gap } : {}) },
        },
        parent,
      );
      items.push(node);
    });
    scene.nodes[parentOfProxy].extras = { ...scene.nodes[parentOfProxy].extras, proxy: { recordSize: proxy.recordSize, items: proxy.items.length } };
  }
}

/** Raw structure → core Scene (glTF conventions; the axis conversion happens here). */
export function toScene(file: LodFile, options: LodParseOptions, sink: WarningSink): Scene {
  const scene = createScene('lod', file.version);
  const axis = axisFor(options.upAxis);
  if (options.fileName) scene.name = options.fileName.replace(/^.*[\\/]/, '').replace(/\.lod$/i, '');
  const b: Built = { scene, axis, boneNodes: [], boneNodeById: new Map(), meshNodes: [], builtMeshes: [], finite: new FiniteScrub() };
  const materials = buildMaterials(file, scene, sink);
  buildSkeleton(file, b, sink);
  const skin = buildSkin(b);
  const boneCount = file.skeleton?.bones.length ?? 0;
  file.meshes.forEach((raw) => {
    const built = buildMesh(raw, { axis, materials, sink, boneCount, kernels: options.kernels });
    b.builtMeshes.push(built);
    const node = addNode(scene, { name: raw.name, extras: { visible: raw.visible } });
    b.meshNodes.push(node);
    if (built.mesh.primitives.length) {
      scene.nodes[node].mesh = scene.meshes.length;
      scene.meshes.push(built.mesh);
      if (built.skinned && skin !== undefined) scene.nodes[node].skin = skin;
    }
  });
  buildAnimations(file, b, sink);
  buildMorphs(file, b, sink);
  buildProxies(file, b, sink);
  buildPhysics(file, b);
  buildLights(file, b);
  buildColliders(file, b, sink);
  if (b.finite.count) sink.warn('LOD_NOT_FINITE', `${b.finite.count} non-finite values (NaN, infinity or beyond float range) in transforms, keys, morph frames, lights, colliders or physics were set to 0`);

  const extras = scene.extras;
  extras.signature = file.signature;
  extras.upAxis = axis.up;
  extras.lod = { size: file.lod.size, count: file.lod.count };
  extras.chunkOrder = file.chunkOrder;
  extras.materialsType = file.materialLibraries.map((l) => l.materialsType);
  if (file.skeleton) extras.skeleton = { skelType: file.skeleton.skelType, boneCount: file.skeleton.bones.length };
  if (file.info) extras.info = file.info.text ?? { count: file.info.count, data: file.info.data, userChunks: file.info.userChunks };
  if (file.screenshot) {
    const mimeType = imageMimeType(file.screenshot.data, file.screenshot.name);
    extras.screenshot = { type: file.screenshot.type, name: file.screenshot.name, image: { ...(mimeType ? { mimeType } : {}), data: file.screenshot.data } };
  }
  if (file.morphCollections) extras.morphCollections = file.morphCollections;
  if (file.morphFrames) extras.morphFrames = { morphCollType: file.morphFrames.morphCollType, meshes: file.morphFrames.meshes.map(({ vertices: _v, ...rest }) => rest) };
  if (file.shaderLibraries.length) extras.shaders = file.shaderLibraries;
  if (file.unknownChunks.length) extras.unknownChunks = file.unknownChunks;
  if (file.extraLodBlocks) extras.extraLodBlocks = file.extraLodBlocks;
  if (file.trailingBytes) extras.trailingBytes = file.trailingBytes;
  return sink.attach(scene);
}
