import {
  createScene,
  defaultMaterial,
  FormatError,
  math,
  WarningSink,
  zeroNonFinite,
  type AnimationChannel,
  type Extras,
  type Mesh,
  type Node,
  type Scene,
} from '@relic3d/core';
import { convertMaterials } from './materials.js';
import { groupPrimitive } from './mesh.js';
import { readMs3dInto } from './read.js';
import { bindOf, globalBindMatrices, jointChannels, resolveParents } from './skeleton.js';
import type { Ms3dFile, Ms3dGroup, Ms3dParseOptions } from './types.js';
import { vertexSkin, type VertexSkin } from './weights.js';

function baseName(fileName: string | undefined): string | undefined {
  if (!fileName) return undefined;
  const last = fileName.split(/[\\/]/).pop() ?? fileName;
  return last.replace(/\.[^.]*$/, '') || last;
}

/** Reads an .ms3d file into a scene (synchronous). */
export function parseMs3d(bytes: Uint8Array, options: Ms3dParseOptions = {}): Scene {
  const sink = new WarningSink('ms3d', options.onWarning);
  const file = readMs3dInto(bytes, options, sink, true);
  const scene = ms3dToScene(file, options, sink);
  return sink.attach(scene);
}

/** Scene facts with no scene field: header, editor state, trailer, per-vertex editor data. */
function sceneExtras(file: Ms3dFile): Extras {
  const extras: Extras = {
    animationFps: file.animationFps,
    currentTime: file.currentTime,
    totalFrames: file.totalFrames,
    trailer: file.trailer.slice(),
    vertexFlags: file.vertices.flags,
    vertexReferenceCounts: file.vertices.referenceCounts,
    // As stored: JOINTS_0/WEIGHTS_0 hold them only after the viewer's rules and renormalising.
    vertexBoneIds: file.vertices.boneIds,
  };
  if (file.comments) {
    extras.comments = file.comments;
    if (file.comments.model !== undefined) extras.modelComment = file.comments.model;
  }
  if (file.vertexExtra) {
    extras.vertexExtraSubVersion = file.vertexExtra.subVersion;
    extras.vertexExtraBoneIds = file.vertexExtra.boneIds;
    extras.vertexExtraWeights = file.vertexExtra.weights;
    extras.vertexExtraWords = file.vertexExtra.extra;
  }
  if (file.jointExtra) extras.jointExtraSubVersion = file.jointExtra.subVersion;
  if (file.modelExtra) extras.modelExtra = file.modelExtra;
  if (file.unreadBytes) extras.unreadBytes = file.unreadBytes;
  return extras;
}

/** The stored structure → a core scene. MS3D is already right-handed, +Y up, CCW, top-left UVs. */
export function ms3dToScene(file: Ms3dFile, options: Ms3dParseOptions, sink: WarningSink): Scene {
  const scene = createScene('ms3d', file.version);
  const name = baseName(options.fileName);
  if (name) scene.name = name;
  scene.extras = sceneExtras(file);
  convertMaterials(file, scene);

  const jointCount = file.joints.length;
  const parents = resolveParents(file.joints, sink);
  const hasMesh = file.groups.some((g) => g.triangleIndices.length > 0);
  const boneIds = file.vertices.boneIds;
  let boundVertices = 0; // vertices whose boneId names a joint
  for (let v = 0; v < boneIds.length; v++) if (boneIds[v] >= 0 && boneIds[v] < jointCount) boundVertices++;
  const skinned = hasMesh && jointCount > 0 && boundVertices > 0;

  // Node 0 is the mesh (when there is one), then one node per joint in file order.
  const meshNode = hasMesh ? 0 : -1;
  const jointBase = hasMesh ? 1 : 0;
  const nodes: Node[] = [];
  if (hasMesh) nodes.push({ name: name ?? 'ms3d', parent: -1, children: [] });
  const jointComments = new Map<number, string>();
  for (const c of file.comments?.joints ?? []) jointComments.set(c.index, c.text);
  file.joints.forEach((joint, j) => {
    const bind = bindOf(joint);
    const extras: Extras = { flags: joint.flags, parentName: joint.parentName, bindEuler: joint.rotation.slice() };
    const colors = file.jointExtra?.colors;
    if (colors) extras.color = [colors[j * 3], colors[j * 3 + 1], colors[j * 3 + 2]];
    if (jointComments.has(j)) extras.comment = jointComments.get(j);
    nodes.push({
      name: joint.name,
      parent: parents[j] >= 0 ? jointBase + parents[j] : -1,
      children: [],
      translation: bind.position,
      rotation: bind.rotation,
      joint: true,
      extras,
    });
  });

  // Skin: inverse global bind per joint, plus a rigid joint for vertices with boneId -1.
  let skin: VertexSkin | undefined;
  if (skinned) {
    const rigidNeeded = boundVertices < boneIds.length;
    const rigidJoint = jointCount;
    skin = vertexSkin(file, rigidJoint, sink, options.kernels);
    const jointNodes = file.joints.map((_, j) => jointBase + j);
    if (rigidNeeded) {
      jointNodes.push(nodes.length);
      nodes.push({ name: 'ms3d rigid', parent: -1, children: [], joint: true, extras: { ms3dRigid: true } });
    }
    const globals = globalBindMatrices(file.joints, parents);
    const inverseBindMatrices = new Float32Array(jointNodes.length * 16);
    for (let j = 0; j < jointNodes.length; j++) {
      const target = inverseBindMatrices.subarray(j * 16, j * 16 + 16);
      if (j >= jointCount || !math.invert(globals.subarray(j * 16, j * 16 + 16), target)) math.identity(target);
    }
    if (zeroNonFinite(inverseBindMatrices)) sink.warn('MS3D_NOT_FINITE', 'non-finite inverse bind matrices were zeroed');
    scene.skins.push({ name: name ?? 'ms3d', joints: jointNodes, inverseBindMatrices, extras: { rigidVertices: skin.rigidCount } });
    const roots = jointNodes.filter((n) => nodes[n].parent < 0);
    if (roots.length === 1) scene.skins[0].skeleton = roots[0];
    nodes[0].skin = 0;
  }

  nodes.forEach((node, i) => (node.parent >= 0 ? nodes[node.parent].children.push(i) : scene.roots.push(i)));
  scene.nodes = nodes;

  if (hasMesh) buildMesh(file, scene, skin, sink, options);
  else if (file.groups.length) scene.extras.emptyGroups = file.groups.map((group, g) => emptyGroupExtras(file, group, g));
  if (meshNode >= 0) scene.nodes[meshNode].mesh = 0;

  // One clip per file: every joint's keys.
  const positionInterpolation =
    options.positionInterpolation === 'step' ? 'STEP' : options.positionInterpolation === 'hermite' ? 'CUBICSPLINE' : 'LINEAR';
  const channels: AnimationChannel[] = [];
  // jointChannels scrubs non-finite translations (rotations are unit quaternions of finite values).
  const notFinite = { count: 0 };
  for (let j = 0; j < jointCount; j++) {
    for (const channel of jointChannels(file.joints[j], j, jointBase + j, positionInterpolation, sink, notFinite)) channels.push(channel);
  }
  if (channels.length) {
    let duration = 0;
    const bad = notFinite.count;
    for (const c of channels) duration = Math.max(duration, c.times[c.times.length - 1]);
    if (bad) sink.warn('MS3D_NOT_FINITE', `${bad} non-finite key values were set to 0`);
    const fps = file.animationFps;
    const extras: Extras = { fps, totalFrames: file.totalFrames, currentTime: file.currentTime };
    if (fps > 0 && Number.isFinite(fps)) extras.editorDuration = file.totalFrames / fps;
    scene.animations.push({ name: name ?? 'ms3d', duration, channels, extras });
  }
  return scene;
}

/**
 * The triangle list of each group, checked before anything is built from it: an index past the
 * triangles is an error, and a triangle already listed (here or in an earlier group) is dropped,
 * since each triangle belongs to one group. What the mesh holds is then bounded by the triangles
 * stored, not by how often a file repeats them. Lists without repeats are returned as stored.
 */
function checkedTriangleLists(file: Ms3dFile, sink: WarningSink): Uint16Array[] {
  const count = file.triangles.count;
  const listed = new Uint8Array(count);
  let repeats = 0;
  const lists = file.groups.map((group, g) => {
    const stored = group.triangleIndices;
    let kept: Uint16Array | undefined;
    let n = 0;
    for (let i = 0; i < stored.length; i++) {
      const tri = stored[i];
      if (tri >= count) {
        throw new FormatError({
          format: 'ms3d',
          offset: group.offset + 35 + 2 * i, // the group record's triangleIndices[i]
          expected: `a triangle index below ${count}`,
          found: `${tri} in group ${g} '${group.name}'`,
          code: 'BAD_INDEX',
        });
      }
      if (listed[tri]) {
        repeats++;
        kept ??= stored.slice(0, i);
        continue;
      }
      listed[tri] = 1;
      if (kept) {
        if (n === kept.length) kept = grow(kept);
        kept[n] = tri;
      }
      n++;
    }
    return kept ? kept.slice(0, n) : stored;
  });
  if (repeats) sink.warn('MS3D_REPEATED_TRIANGLE', `${repeats} group references name a triangle already listed (each triangle belongs to one group); dropped`);
  return lists;
}

function grow(list: Uint16Array): Uint16Array {
  const out = new Uint16Array(Math.max(16, list.length * 2));
  out.set(list);
  return out;
}

/** What an empty group says: it has no primitive to carry it. */
function emptyGroupExtras(file: Ms3dFile, group: Ms3dGroup, g: number): Extras {
  const extras: Extras = { name: group.name, groupIndex: g, flags: group.flags, materialIndex: group.materialIndex };
  const comment = file.comments?.groups.find((c) => c.index === g);
  if (comment) extras.comment = comment.text;
  return extras;
}

function buildMesh(file: Ms3dFile, scene: Scene, skin: VertexSkin | undefined, sink: WarningSink, options: Ms3dParseOptions): void {
  const groupComments = new Map<number, string>();
  for (const c of file.comments?.groups ?? []) groupComments.set(c.index, c.text);
  let defaultIndex = -1;
  const materialFor = (g: number, index: number): number => {
    if (index >= 0 && index < file.materials.length) return index;
    if (index >= 0) sink.warn('MS3D_BAD_MATERIAL', `group ${g} uses material ${index}, the file has ${file.materials.length}; a default material is used`);
    if (defaultIndex < 0) {
      const m = defaultMaterial('ms3d default');
      m.extras = { ms3dDefault: true };
      defaultIndex = scene.materials.push(m) - 1;
    }
    return defaultIndex;
  };
  const mesh: Mesh = { name: scene.name ?? 'ms3d', primitives: [] };
  const emptyGroups: Extras[] = [];
  const mismatches = { count: 0 };
  const lists = checkedTriangleLists(file, sink);
  file.groups.forEach((stored, g) => {
    const group = lists[g] === stored.triangleIndices ? stored : { ...stored, triangleIndices: lists[g] };
    if (group.triangleIndices.length === 0) {
      emptyGroups.push(emptyGroupExtras(file, group, g));
      return;
    }
    mesh.primitives.push(
      groupPrimitive({
        file,
        group,
        groupIndex: g,
        material: materialFor(g, group.materialIndex),
        skin,
        comment: groupComments.get(g),
        sink,
        kernels: options.kernels,
        mismatches,
      }),
    );
  });
  if (mismatches.count) {
    sink.warn('MS3D_GROUP_MISMATCH', `${mismatches.count} triangles name a different group than the group that lists them; the group lists win`);
  }
  if (emptyGroups.length) mesh.extras = { emptyGroups };
  scene.meshes.push(mesh);
}
