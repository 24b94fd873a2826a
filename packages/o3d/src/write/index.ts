/**
 * Scene → Flyff files (docs/formats/o3d.md): `<name>.o3d` (version 22, as the client loads it),
 * `<name>.chr` when the scene has a skeleton, `<name>_<clip>.ani` per clip that moves it, and
 * embedded textures beside them. The scene is in glTF conventions, converted at this edge
 * (axes.ts); nothing of it is changed.
 */
import { WarningSink, WriteError, checkDrawnCopies, isEmptyBounds, isWriteError, validateScene, type FormatWriter, type Scene, type WriteOptions, type WriteResult } from '@relic3d/core';
import { LIMITS, type O3dEmbeddedSkeleton } from '../file.js';
import { toD3dBox, toD3dMatrix, toD3dVec3 } from './axes.js';
import { aniBytes } from './bytes/ani.js';
import { chrBytes } from './bytes/chr.js';
import { o3dBytes } from './bytes/o3d.js';
import { assignClips } from './clips.js';
import { collisionGeometry } from './collision.js';
import { bindObjects, boneMapping, readGameSkeleton } from './game-skeleton.js';
import { applyNameConventions } from './conventions.js';
import { DEFAULT_CODE_PAGE, createContext, plural, type WriteContext } from './context.js';
import { blockLooks } from './materials.js';
import { aniFile, chrFile, frameAttributes, integer, motionBody, restWorlds, vec3List } from './motion.js';
import { isPlayerPart } from '../read/companion-names.js';
import { chrFileName, modelBaseName, motionFileNames, nameBytes, o3dFileName } from './names.js';
import { buildGroups } from './objects.js';
import type { WrittenFile } from './plan.js';
import { restBounds } from './rest-box.js';
import { restLocals } from './sampling.js';
import { collectBones, type Bones } from './skeleton.js';
import { addFrameKeys, objectSources } from './sources.js';

/** Options of `writeO3d`; names are written in `codePage` (default `'euc-kr'`, Flyff's CP949). */
export interface WriteO3dOptions extends WriteOptions {
  /**
   * The game's `.chr` the model is skinned to (`mvr_male.chr` for a `Part_m*` item): bones are bound
   * to it by name, and neither a `.chr` nor `.ani` motions are written (docs/formats/o3d.md §13).
   */
  skeleton?: Uint8Array | ArrayBuffer;
}

/** The O3D version written: the newest the client reads (four force vectors). */
export const O3D_WRITE_VERSION = 22;

/** Bytes a written vertex and triangle take while built and encoded. */
const BYTES_PER_VERTEX = 96;
const BYTES_PER_TRIANGLE = 24;

/** Writes a scene as Flyff O3D files: the scene in glTF conventions, converted at this edge. */
export function writeO3d(scene: Scene, options: WriteO3dOptions = {}): WriteResult {
  const sink = new WarningSink('o3d', options.onWarning);
  checkScene(scene);
  try {
    return write(scene, options, sink);
  } catch (error) {
    if (isWriteError(error)) throw error;
    // A scene the checks let through but the writer cannot follow is refused, never half-written.
    throw new WriteError({ format: 'o3d', code: 'INVALID_SCENE', limit: 'scene', value: error instanceof Error ? error.message : String(error) });
  }
}

function write(given: Scene, options: WriteO3dOptions, sink: WarningSink): WriteResult {
  const scene = applyNameConventions(given, sink);
  // O3D objects have no instances: each drawing node's mesh is written out (its vertex list, indices and bytes).
  checkDrawnCopies('o3d', scene, BYTES_PER_VERTEX, BYTES_PER_TRIANGLE);
  const base = modelBaseName(scene, options, sink);
  const ctx = createContext(scene, sink, base, options.codePage ?? DEFAULT_CODE_PAGE);
  if (scene.cameras.length) sink.warn('O3D_WRITE_CAMERAS', `O3D has no cameras; ${plural(scene.cameras.length, 'camera')} not written`);
  if (scene.lights.length) sink.warn('O3D_WRITE_LIGHTS', `O3D has no lights (only night-lit "light objects"); ${plural(scene.lights.length, 'light')} not written`);
  checkLods(ctx);
  checkNames(ctx);

  const joints = collectBones(ctx);
  const looks = blockLooks(ctx);
  const sources = objectSources(ctx, joints, looks);
  // A skeleton no mesh follows (no skin, nothing attached) is not written: the client would not load it.
  const bones = joints && sources.some((s) => s.skinned || s.placement.kind === 'bone') ? joints : undefined;
  if (joints && !bones) sink.warn('O3D_WRITE_SKELETON', `the scene's ${plural(joints.nodes.length, 'joint')} move no mesh (no skin, nothing attached to them): no skeleton is written`);
  const clips = assignClips(ctx, bones, sources.filter((s) => !s.skinned).map((s) => s.node));
  const rest = restLocals(ctx);
  if (clips.frame) addFrameKeys(ctx, sources, clips.frame, rest);
  const frame = clips.frame && (clips.embeddedSkeleton || sources.some((s) => s.keys)) ? clips.frame : undefined;
  if (clips.frame && !frame) sink.warn('O3D_WRITE_CLIP_DROPPED', `clip "${clips.frame.clip.name}" moves no object or bone; not written`);
  const frameCount = frame?.frames ?? 0;
  const groups = buildGroups(ctx, sources, bones);
  const game = options.skeleton && bones ? readGameSkeleton(options.skeleton, sink) : undefined;
  if (game) bindObjects(groups, boneMapping(bones!, game, sink));
  else if (options.skeleton) sink.warn('O3D_WRITE_SKELETON', 'a skeleton was given, but no mesh of the scene is skinned or attached to a bone: it is not used');

  const e = scene.extras ?? {};
  const events = vec3List(e.events);
  if (events.length > LIMITS.o3dEvents) sink.warn('O3D_WRITE_EVENTS', `the model has ${events.length} events; an O3D holds ${LIMITS.o3dEvents}, the rest are not written`);
  const forces = vec3List(e.forces).map(toD3dVec3);
  const bounds = restBounds(scene);
  const box = isEmptyBounds(bounds) ? { min: [0, 0, 0] as [number, number, number], max: [0, 0, 0] as [number, number, number] } : toD3dBox(bounds.min, bounds.max);
  const file: WrittenFile = {
    name: o3dFileName(base),
    version: O3D_WRITE_VERSION,
    id: integer(e.id) ?? serialId(base),
    forces: Array.from({ length: 4 }, (_, k) => forces[k] ?? [0, 0, 0]),
    scrollU: finite(e.scrollU),
    scrollV: finite(e.scrollV),
    bboxMin: box.min,
    bboxMax: box.max,
    perSlerp: frame?.perSlerp ?? (typeof e.perSlerp === 'number' && e.perSlerp > 0 && Number.isFinite(e.perSlerp) ? e.perSlerp : 0.5),
    frameCount,
    events: events.slice(0, LIMITS.o3dEvents).map(toD3dVec3),
    lodFlag: groups.length > 1 ? 1 : 0,
    poolSize: groups.reduce((n, g) => n + g.length, 0),
    groups,
  };
  const collision = collisionGeometry(ctx);
  if (collision) file.collision = collision;
  if (bones && clips.embeddedSkeleton && !game) file.skeleton = embeddedSkeleton(ctx, bones, frame, frameCount, rest);
  attributes(file, e);

  const names = nameBytes(ctx);
  const files: Record<string, Uint8Array> = { [file.name]: o3dBytes(file, names) };
  if (bones && game) {
    if (clips.motions.length) sink.warn('O3D_WRITE_MOTIONS', `the model is skinned to the game's skeleton, whose motions are the game's: ${plural(clips.motions.length, 'clip')} not written`);
  } else if (bones) {
    // An embedded skeleton takes motions too (the reader plays them on it); only a .chr is extra.
    if (!clips.embeddedSkeleton) {
      const chr = chrFileName(base);
      if (isPlayerPart(o3dFileName(base))) {
        sink.warn('O3D_WRITE_PLAYER_SKELETON', `player parts (Part_m*, Part_f*) share the game's ${chr} and its motions; the ${chr} written here is this scene's skeleton: keep the game's when the part is skinned to it`);
      }
      files[chr] = chrBytes(chrFile(ctx, bones), names);
    }
    const fileNames = motionFileNames(ctx, clips.motions.map((m) => m.clip.name));
    clips.motions.forEach((timing, i) => (files[fileNames[i]] = aniBytes(aniFile(ctx, bones, timing, rest), names)));
  }
  for (const [name, data] of Object.entries(ctx.files)) if (!(name in files)) files[name] = data;
  return { files, warnings: sink.list };
}

/** The O3D's own bones: base (rest) and inverse matrices, and the motion of its frames (which carries the names). */
function embeddedSkeleton(ctx: WriteContext, bones: Bones, frame: Parameters<typeof motionBody>[2], frameCount: number, rest: Float32Array): O3dEmbeddedSkeleton {
  const skeleton: O3dEmbeddedSkeleton = {
    baseTMs: restWorlds(ctx, bones),
    inverseTMs: bones.inverses.map((m) => toD3dMatrix(m)),
    sendVS: bones.nodes.length <= LIMITS.palette ? 1 : 0,
  };
  if (frameCount > 0) skeleton.motion = motionBody(ctx, bones, frame, frameCount, rest);
  else if (bones.names.some((n, i) => n !== `Bone${i}`)) {
    ctx.sink.warn('O3D_WRITE_BONE_NAMES', `an O3D's own skeleton stores bone names only with its motion; without frames, bones read back as Bone0…Bone${bones.names.length - 1}`);
  }
  return skeleton;
}

/** The optional frame attributes (version ≥ 21), when the scene came with them. */
function attributes(file: WrittenFile, e: Record<string, unknown>): void {
  const list = e.attributes;
  const stored = integer(e.attributeCount);
  const withList = Array.isArray(list) && file.frameCount > 0;
  if (!withList && stored === undefined) return;
  file.attributeCount = withList ? file.frameCount : stored!;
  if (file.attributeCount === file.frameCount && file.frameCount > 0) file.attributes = frameAttributes(list, file.frameCount);
}

/** The scene's LODs as the O3D's three groups: warned when they do not map one to one. */
function checkLods(ctx: WriteContext): void {
  const single = ctx.scene.nodes.filter((n) => n.lods?.length === 1).length;
  if (single) ctx.sink.warn('O3D_WRITE_LODS', `${plural(single, 'node')} with a single LOD level: written without LOD groups`);
  const lodNodes = ctx.scene.nodes.filter((n) => (n.lods?.length ?? 0) > 1);
  if (!lodNodes.length) return;
  if (lodNodes.length > 1) ctx.sink.warn('O3D_WRITE_LODS', `an O3D has one set of 3 LOD groups; the ${lodNodes.length} nodes with LODs are merged level by level`);
  const counts = [...new Set(lodNodes.map((n) => n.lods!.length))];
  if (counts.some((c) => c !== 3)) ctx.sink.warn('O3D_WRITE_LODS', `an O3D has exactly 3 LOD groups; levels past the third are not written, and a model with fewer repeats its last level (${counts.join(', ')} levels)`);
  if (lodNodes.some((n) => n.lods!.some((l) => l.distance !== undefined || l.screenCoverage !== undefined))) {
    ctx.sink.warn('O3D_WRITE_LODS', 'the client picks LOD groups by its own distances; LOD distances and screen coverages are not written');
  }
}

/** O3D stores no node or material names: objects and materials read back named by position and texture. */
function checkNames(ctx: WriteContext): void {
  const { scene } = ctx;
  const nodes = scene.nodes.filter((n) => n.mesh !== undefined && !/ LOD\d+ object \d+( light)?$/.test(n.name)).length;
  if (nodes) ctx.sink.warn('O3D_WRITE_NODE_NAMES', `O3D objects have no names; ${plural(nodes, 'mesh node')} read back as "<model> LOD<n> object <i>"`);
  const materials = scene.materials.filter((m) => {
    const texture = m.baseColorTexture ? scene.textures[m.baseColorTexture.texture] : undefined;
    const textureName = (texture?.uri ?? texture?.name ?? '').replace(/^.*[\\/]/, '');
    return m.name !== textureName && !(!textureName && /^material \d+$/.test(m.name));
  }).length;
  if (materials) ctx.sink.warn('O3D_WRITE_MATERIAL_NAMES', `O3D materials have no names; ${plural(materials, 'material')} read back named after their texture (or "material <n>")`);
}

/**
 * Refuses scenes whose structure cannot be followed: broken references, node cycles or links,
 * non-finite transforms, inverse binds or keys. Vertex data is not checked here: the writer
 * scrubs and reports it (core's validation of it would cost as much as the write).
 */
function checkScene(scene: Scene): void {
  if (!scene || !Array.isArray(scene.nodes)) throw new WriteError({ format: 'o3d', code: 'INVALID_SCENE', limit: 'scene', value: 'not a scene' });
  const structure: Scene = { ...scene, meshes: scene.meshes.map((m) => ({ ...m, primitives: [] })) };
  const fatal = validateScene(structure, { trustMarkedFinite: true }).filter((i) => ['BAD_REFERENCE', 'NODE_CYCLE', 'NODE_LINK', 'LOD_LINK', 'NOT_FINITE', 'SKIN_MATRICES', 'NAME_TYPE'].includes(i.code));
  scene.meshes.forEach((m, i) =>
    m.primitives.forEach((p, k) => {
      if (p.material !== undefined && !(Number.isInteger(p.material) && p.material >= 0 && p.material < scene.materials.length)) {
        fatal.push({ code: 'BAD_REFERENCE', path: `meshes[${i}].primitives[${k}].material`, message: `material ${p.material} is not in 0..${scene.materials.length - 1}` });
      }
    }),
  );
  if (fatal.length) {
    const first = fatal[0];
    throw new WriteError({ format: 'o3d', code: 'INVALID_SCENE', limit: first.code, value: `${first.message}${fatal.length > 1 ? ` (and ${fatal.length - 1} more)` : ''}`, where: first.path });
  }
}

const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** A stable non-zero serial id from the name (real files carry the exporter's serial; the client does not use it). */
function serialId(base: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < base.length; i++) h = Math.imul(h ^ base.charCodeAt(i), 0x01000193);
  return h | 1;
}

/** The Flyff O3D writer as plain data (the loaders.gl writer shape). */
export const o3dWriter: FormatWriter<WriteO3dOptions> = {
  id: 'o3d',
  name: 'Flyff O3D',
  extension: '.o3d',
  write: writeO3d,
};
