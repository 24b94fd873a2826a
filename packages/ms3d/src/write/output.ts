// Everything after the geometry: materials and images, the timeline and the joints' keys, the
// trailer's comments and editor data, then the bytes. Legacy fields the reader left in `extras`
// (joint colours and flags, comments, the model extra, vertex flags, …) are written back.
import { keepMapAlive, type Scene, type Vec3, type WarningSink } from '@relic3d/core';
import { extraInt, extraNumber, extraString, extraTyped, extraVector, readByMs3d } from './extras.js';
import { TextureFiles } from './images.js';
import type { JointPlan } from './joints.js';
import { clipKeys, type KeyStats } from './keys.js';
import { planMaterials } from './materials.js';
import type { BuiltMaterial } from './materials.js';
import type { BuiltMesh } from './mesh.js';
import type { NameFields } from './names.js';
import { jointsOffset, serialize, VERTEX_EXTRA_SUBVERSION, type Ms3dOutput, type OutComments, type OutGroup, type OutJoint } from './serialize.js';
import { JOINT_COLOR_SIZE, JOINT_MIN_SIZE, VERTEX_EXTRA_SIZES } from '../read/layout.js';
import { modelComment, planTimeline } from './timeline.js';
import { WELD_KEY } from './weld.js';
import { assembleTracks } from './tracks.js';
import type { WriteMs3dOptions } from './index.js';

export interface AssembleInput {
  scene: Scene;
  options: WriteMs3dOptions;
  sink: WarningSink;
  names: NameFields;
  name: string;
  fileName: string;
  driven: Set<number>;
  joints: JointPlan;
  mesh: BuiltMesh;
}

/** MilkShape's joint colours, in its order (yellow, magenta, cyan, red, green, blue). */
const JOINT_PALETTE: Vec3[] = [[1, 1, 0], [1, 0, 1], [0, 1, 1], [1, 0, 0], [0, 1, 0], [0, 0, 1]];
/** The model extra of MilkShape 1.8.x files (docs/formats/ms3d.md §2.8 d). */
const MODEL_EXTRA = { jointSize: 1, transparencyMode: 0, alphaRef: 0.5 };

export function assembleOutput(input: AssembleInput): { bytes: Uint8Array; images: Record<string, Uint8Array> } {
  const { scene, options, sink, names, name, fileName, joints, mesh } = input;
  const textures = new TextureFiles(scene, fileName, name, sink);
  const materials = planMaterials(scene, mesh.groups, textures, names, sink);
  const groups = mesh.groups.map((g, i) => outGroup(g.flags, names.name(g.name, `group ${i}`), g.triangles, materials.indexOf(g.material)));

  const timeline = planTimeline(scene, options.fps, name, sink);
  const jointNodes = joints.nodes.map((n) => scene.nodes[n]);
  if (timeline.spans.length && !jointNodes.length) sink.warn('MS3D_WRITE_CLIP_DROPPED', `${timeline.spans.length} clips move nothing MS3D holds (no joints); they are not written`);
  const stats: KeyStats = { scaled: new Set(), sampled: new Set(), checked: new Set() };
  const arena = timeline.spans.length === 1 ? keyArena(jointsOffset(mesh, groups, materials.records.length) + jointNodes.length * JOINT_MIN_SIZE, mesh.vertexCount, jointNodes.length) : undefined;
  const perClip = jointNodes.length ? timeline.spans.map((span) => clipKeys(scene, span.clip, joints, timeline.fps, stats, arena?.take)) : [];
  const tracks = assembleTracks(perClip, jointNodes.length ? timeline.spans : [], jointNodes.map((n) => n.name), sink, stats.checked);
  if (stats.scaled.size) sink.warn('MS3D_WRITE_SCALE_KEYS', `scale keys of ${stats.scaled.size} joints are not written (MS3D joints have no scale)`);
  warnUnwrittenAnimation(scene, input.driven, joints, sink);

  const jointNames = names.unique(jointNodes.map((n) => n.name), 'joint', (i) => `joint${i}`);
  const outJoints: OutJoint[] = jointNodes.map((node, j) =>
    outJoint(
      (readByMs3d(node.extras, 'parentName') && extraInt(node.extras, 'flags', 0, 255)) || 0,
      jointNames[j],
      joints.chains[j].parent >= 0 ? jointNames[joints.chains[j].parent] : new Uint8Array(0),
      joints.bind[j].euler,
      joints.bind[j].position,
      tracks[j],
      (extraVector(node.extras, 'color', 3) as Vec3 | undefined) ?? JOINT_PALETTE[j % JOINT_PALETTE.length],
    ),
  );

  const comments = newComments();
  mesh.groups.forEach((g, i) => g.comment !== undefined && comments.groups.push([i, names.text(g.comment, `group ${i} comment`)]));
  materials.records.forEach((m, i) => m.comment !== undefined && comments.materials.push([i, names.text(m.comment, `material ${i} comment`)]));
  jointNodes.forEach((node, j) => {
    const text = extraString(node.extras, 'comment');
    if (text !== undefined) comments.joints.push([j, names.text(text, `joint ${j} comment`)]);
  });
  if (options.comments === 'model') {
    const dropped = comments.groups.length + comments.materials.length + comments.joints.length;
    if (dropped) sink.warn('MS3D_WRITE_COMMENTS', `${dropped} group, material and joint comments are not written (comments: 'model')`);
    comments.groups = comments.materials = comments.joints = [];
  }
  const model = modelComment(extraString(scene.extras, 'modelComment'), timeline, name);
  if (model !== undefined) comments.model = names.text(model, 'model comment');

  const stored = scene.extras.modelExtra as Record<string, unknown> | undefined;
  const editor = vertexEditorData(scene, mesh, sink);
  const modelExtra = {
    jointSize: extraNumber(stored, 'jointSize') ?? MODEL_EXTRA.jointSize,
    transparencyMode: extraInt(stored, 'transparencyMode', -0x80000000, 0x7fffffff) ?? MODEL_EXTRA.transparencyMode,
    alphaRef: extraNumber(stored, 'alphaRef') ?? MODEL_EXTRA.alphaRef,
  };
  const file = ms3dOutput(mesh, editor, groups, materials.records, timeline, outJoints, comments, modelExtra);
  const bytes = serialize(file, arena?.buffer());
  return { bytes, images: textures.files };
}

/** Room after the keys for the trailer: comments (rarely longer), vertex extra, joint colours, model extra. */
const TRAILER_MARGIN = 65536;
/** Room for held end keys (tracks.ts), so that a track one key longer still lets the keys be written in place. */
const HELD_KEYS_MARGIN = 4 * 16;

/**
 * The one-for-one keys of a single clip are computed in the buffer the file is then written in
 * (serialize.ts fitsInPlace): from just past where the joints' headers end, so each key run only
 * moves down, to or before where it was computed, once everything before it is written.
 */
function keyArena(jointsEnd: number, vertices: number, joints: number) {
  let memory: ArrayBuffer | undefined;
  const start = Math.ceil(jointsEnd / 4) * 4 + HELD_KEYS_MARGIN;
  return {
    take: (floats: number) => {
      memory = new ArrayBuffer(start + floats * 4 + TRAILER_MARGIN + vertices * VERTEX_EXTRA_SIZES[VERTEX_EXTRA_SUBVERSION] + joints * JOINT_COLOR_SIZE);
      return new Float32Array(memory, start, floats);
    },
    buffer: () => memory,
  };
}

/** Vertex flags and the vertex-extra word, from the stored file vertex (a scene read from MS3D). */
function vertexEditorData(scene: Scene, mesh: BuiltMesh, sink: WarningSink): { vertexFlags: Uint8Array; extraWords: Uint32Array } {
  const vertexFlags = new Uint8Array(mesh.vertexCount);
  const extraWords = new Uint32Array(mesh.vertexCount);
  const flags = extraTyped(scene.extras, 'vertexFlags', Uint8Array);
  const words = extraTyped(scene.extras, 'vertexExtraWords', Uint32Array);
  const perVertex = flags && words && flags.length ? words.length / flags.length : 0;
  let lost = 0;
  const { keys, order } = mesh;
  for (let v = 0; v < mesh.vertexCount; v++) {
    const source = keys[(order ? order[v] : v) * WELD_KEY];
    if (source < 0) continue;
    if (flags && source < flags.length) vertexFlags[v] = flags[source];
    if ((perVertex === 1 || perVertex === 2) && source * perVertex < words!.length) {
      extraWords[v] = words![source * perVertex];
      if (perVertex === 2 && words![source * 2 + 1] !== 0) lost++;
    }
  }
  if (lost) sink.warn('MS3D_WRITE_EXTRA_WORDS', `${lost} vertices have a second sub-version 3 extra word; sub-version 2 keeps only the first`);
  return { vertexFlags, extraWords };
}

/** Animated nodes that are neither joints nor above one: what they move is not in the file. */
function warnUnwrittenAnimation(scene: Scene, driven: Set<number>, joints: JointPlan, sink: WarningSink): void {
  const above = new Set<number>();
  for (const n of joints.nodes) for (let p = n, guard = 0; p >= 0 && guard <= scene.nodes.length; p = scene.nodes[p]?.parent ?? -1, guard++) above.add(p);
  const lost = [...driven].filter((n) => !above.has(n));
  if (lost.length) sink.warn('MS3D_WRITE_NODE_ANIMATION', `${lost.length} animated nodes move nothing MS3D holds (${lost.slice(0, 4).map((n) => `"${scene.nodes[n].name}"`).join(', ')}); their keys are not written`);
}

/*
 * The records serialize reads, each made by one function, with one instance of each kept (core's
 * keepMapAlive): a literal's map is not held by the literal, so when a write's records died in a full
 * GC their maps went, and serialize, vertexRecords and vertexExtraRecords were compiled again (OSR,
 * then whole) after every GC (--trace-opt, bench/README.md).
 */
function outGroup(flags: number, name: Uint8Array, triangles: Uint16Array, material: number): OutGroup {
  return { flags, name, triangles, material };
}

function outJoint(flags: number, name: Uint8Array, parent: Uint8Array, rotation: Vec3, position: Vec3, keys: { rot: Float32Array; pos: Float32Array }, color: Vec3): OutJoint {
  return { flags, name, parent, rotation, position, rot: keys.rot, pos: keys.pos, color };
}

function newComments(): OutComments {
  return { groups: [], materials: [], joints: [], model: undefined };
}

interface Timing {
  fps: number;
  currentTime: number;
  totalFrames: number;
}

function ms3dOutput(mesh: BuiltMesh, editor: { vertexFlags: Uint8Array; extraWords: Uint32Array }, groups: OutGroup[], materials: BuiltMaterial[], timing: Timing, joints: OutJoint[], comments: OutComments, modelExtra: Ms3dOutput['modelExtra']): Ms3dOutput {
  return { mesh, vertexFlags: editor.vertexFlags, extraWords: editor.extraWords, groups, materials, fps: timing.fps, currentTime: timing.currentTime, totalFrames: timing.totalFrames, joints, comments, modelExtra };
}

// Numbers as doubles, so that a write's values never need another field representation (a new map).
keepMapAlive(
  ms3dOutput(
    {} as BuiltMesh,
    { vertexFlags: new Uint8Array(0), extraWords: new Uint32Array(0) },
    [outGroup(0, new Uint8Array(0), new Uint16Array(0), 0)],
    [],
    { fps: 0.5, currentTime: 0.5, totalFrames: 0.5 },
    [outJoint(0, new Uint8Array(0), new Uint8Array(0), [0.5, 0.5, 0.5], [0.5, 0.5, 0.5], { rot: new Float32Array(0), pos: new Float32Array(0) }, [0.5, 0.5, 0.5])],
    newComments(),
    { jointSize: 0.5, transparencyMode: 0, alphaRef: 0.5 },
  ),
);
