import { WRITE_BUDGET_BASE, WRITE_BUDGET_FACTOR, WarningSink, WriteError, checkDrawnCopies, computeWorldMatrices, math, outputBaseName, writeBudget, type FormatWriter, type Scene, type WriteOptions, type WriteResult } from '@relic3d/core';
import { FORMAT_ID } from '../file.js';
import { writeMaterialList } from './material-list.js';
import { MaterialPlan, type Binding } from './materials.js';
import { planObjects, type PlannedObject } from './objects.js';
import { NameEncoder, TextWriter } from './text.js';
import { TextureFiles } from './textures.js';
import { clipRanges, planTimeline, type Timeline } from './timeline.js';
import { animatedFrame, sampleTracks, type AnimatedNode } from './tracks.js';
import { checkScene } from './validate.js';
import { writeObject } from './write-objects.js';

/** Options of `writeAse`. */
export interface WriteAseOptions extends WriteOptions {
  /** Digits after the point of every number (default 4, the Max exporter's `%.4f`; 0..9). */
  decimals?: number;
  /** Frames per second of the timeline (default: the ASE scene's own, else the rate the clips are keyed at, else 30). */
  frameRate?: number;
  /** `*COMMENT` text (default: the ASE scene's comment, else an AsciiExport 2.00 line). */
  comment?: string;
}

/**
 * Writes a scene as a 3ds Max ASCII Scene Export file, as 3ds Max's AsciiExport 2.00 lays it out:
 * Z-up Max axes, world-space vertices under each object's world `*NODE_TM`, parents by
 * `*NODE_PARENT` name, `%.4f` numbers, sampled `*TM_ANIMATION` tracks, and embedded textures as
 * files beside the model. The scene is in glTF conventions and converted at this edge.
 */
export function writeAse(scene: Scene, options: WriteAseOptions = {}): WriteResult {
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const decimals = options.decimals ?? 4;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 9) {
    throw new WriteError({ format: FORMAT_ID, code: 'OVER_LIMIT', limit: 'decimals', value: String(decimals), max: '0..9' });
  }
  checkScene(scene, sink);
  // Max objects have no instances: each drawing node's mesh is written out, in text (estimateSize's
  // bytes). Text is ~14× the binary data by nature, so a large mesh drawn once always writes; the
  // budget bounds what instancing adds: 8 × every mesh written once + 64 MB.
  const budget = writeBudget(scene);
  const instancingBudget = Math.max(budget, WRITE_BUDGET_FACTOR * meshTextOnce(scene) + WRITE_BUDGET_BASE);
  checkDrawnCopies(FORMAT_ID, scene, TEXT_BYTES_PER_VERTEX, TEXT_BYTES_PER_TRIANGLE, instancingBudget);
  const base = outputBaseName(scene, options);
  const names = new NameEncoder(options.codePage, sink);
  const world = computeWorldMatrices(scene);
  const nodeTMs = usableWorlds(scene, world.slice(), sink);
  const { objects, objectOf } = planObjects(scene, names, sink);

  const plan = new MaterialPlan(scene, sink);
  const bindings = new Map<PlannedObject, Binding>();
  for (const o of objects) if (o.kind === 'geom') bindings.set(o, plan.bind(o.primitives, o.name));
  plan.finish();
  const textures = new TextureFiles(scene, base);

  const timeline = planTimeline(scene, options.frameRate, base, sink, budget);
  const animations = sampleTracks(scene, timeline, animatedNodes(objects, objectOf));
  if (timeline.clips.length && !animations.size) sink.warn('ASE_WRITE_CLIP_DROPPED', 'the clips drive no written node (only morph weights or levels of detail that are not written); no clip is written');
  if (scene.colliders.length) sink.warn('ASE_WRITE_COLLIDERS', `${scene.colliders.length} colliders have no ASE form; not written`);

  const out = new TextWriter(decimals, estimateSize(scene));
  writeHeader(out, scene, names, timeline, options.comment);
  writeMaterialList({ out, names, sink, materials: scene.materials, tree: plan.tree, list: plan.list, textures });
  const ctx = { scene, out, sink, world, nodeTMs, objectOf, bindings, animations, timeline };
  for (const o of objects) writeObject(ctx, o);
  return { files: { [`${base}.ase`]: out.result(), ...textures.files }, warnings: sink.list };
}

/**
 * A `*NODE_TM` must be finite and invertible (readers replace others by the identity): a node whose
 * world matrix is not keeps only its translation, warned. Its vertices are world space anyway.
 */
function usableWorlds(scene: Scene, world: Float32Array, sink: WarningSink): Float32Array {
  for (let i = 0; i < scene.nodes.length; i++) {
    const m = world.subarray(i * 16, i * 16 + 16);
    const finite = m.every(Number.isFinite);
    const size = Math.max(Math.hypot(m[0], m[1], m[2]), Math.hypot(m[4], m[5], m[6]), Math.hypot(m[8], m[9], m[10]));
    if (finite && Math.abs(math.determinant3(m)) > 1e-12 * size ** 3 && size > 0) continue;
    sink.warn(finite ? 'ASE_WRITE_SINGULAR_TM' : 'ASE_WRITE_NON_FINITE', `node "${scene.nodes[i].name}": its world matrix is ${finite ? 'singular' : 'not finite'}; written with its translation only`);
    const t = [m[12], m[13], m[14]].map((v) => (Number.isFinite(v) ? v : 0));
    m.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, t[0], t[1], t[2], 1]);
  }
  return world;
}

/** The main object of every node and every camera/light target, in the reader's frames. */
function animatedNodes(objects: PlannedObject[], objectOf: (PlannedObject | undefined)[]): AnimatedNode[] {
  const out: AnimatedNode[] = [];
  for (const o of objects) {
    if (objectOf[o.node] !== o) continue;
    out.push({ node: o.node, frame: animatedFrame(o.parent?.yInverse ?? true, o.yInverse), dropLookAt: !!o.target });
    if (o.target) out.push({ node: o.target.node, frame: animatedFrame(true, true), dropLookAt: false });
  }
  return out;
}

/** `*3DSMAX_ASCIIEXPORT`, `*COMMENT` and `*SCENE`. */
function writeHeader(out: TextWriter, scene: Scene, names: NameEncoder, t: Timeline, comment: string | undefined): void {
  const x = scene.extras;
  const text = comment ?? (scene.format === 'ase' && typeof x.comment === 'string' ? x.comment : 'AsciiExport Version  2.00 - relic3d');
  out.text('*3DSMAX_ASCIIEXPORT\t200\n*COMMENT ');
  out.quoted(names.bytes(text + clipRanges(t), 'comment'));
  out.text('\n*SCENE {\n\t*SCENE_FILENAME ');
  out.quoted(names.bytes(t.filename, 'scene file name'));
  out.text('\n\t*SCENE_FIRSTFRAME ');
  out.int(t.firstFrame);
  out.text('\n\t*SCENE_LASTFRAME ');
  out.int(t.lastFrame);
  out.text('\n\t*SCENE_FRAMESPEED ');
  out.int(t.fps);
  out.text('\n\t*SCENE_TICKSPERFRAME ');
  out.int(t.ticksPerFrame);
  const rgb = (v: unknown) => (Array.isArray(v) && v.length >= 3 && v.slice(0, 3).every((c) => typeof c === 'number' && Number.isFinite(c)) ? (v as number[]) : [0, 0, 0]);
  const background = rgb(x.background), ambient = rgb(x.ambient);
  out.text('\n\t*SCENE_BACKGROUND_STATIC ');
  out.fixed3(background[0], background[1], background[2]);
  out.text('\n\t*SCENE_AMBIENT_STATIC ');
  out.fixed3(ambient[0], ambient[1], ambient[2]);
  out.text('\n}\n');
}

/** Bytes of text per vertex (vertex, texture vertex) and per triangle (face, texture face, 4 normal lines). */
const TEXT_BYTES_PER_VERTEX = 80;
const TEXT_BYTES_PER_TRIANGLE = 340;

/** Text bytes of every mesh written once (what a scene without instancing writes). */
function meshTextOnce(scene: Scene): number {
  let bytes = 0;
  for (const mesh of scene.meshes) {
    for (const p of mesh?.primitives ?? []) {
      const vertices = (p.attributes?.POSITION?.length ?? 0) / 3;
      bytes += vertices * TEXT_BYTES_PER_VERTEX + ((p.indices?.length ?? vertices) / 3) * TEXT_BYTES_PER_TRIANGLE;
    }
  }
  return bytes;
}

/** Bytes of a `*MESH_BONE_VERTEX` line (index, position) and of each influence on it. */
const TEXT_BYTES_PER_WEIGHTED_VERTEX = 60;
const TEXT_BYTES_PER_INFLUENCE = 12;
/** Bytes of a `*CONTROL_…_SAMPLE` line (time and up to 4 values). */
const TEXT_BYTES_PER_KEY = 80;

/**
 * The text's start size, which avoids regrowth: the mesh text, the skin weights and the animation
 * keys (on the bench's skinned file, leaving out the last two made the buffer grow once, from 50 to
 * 99 MB, and the result a copy).
 */
function estimateSize(scene: Scene): number {
  let bytes = 0;
  for (const node of scene.nodes) {
    if (node.mesh === undefined) continue;
    for (const p of scene.meshes[node.mesh]?.primitives ?? []) {
      const vertices = p.attributes.POSITION.length / 3;
      bytes += vertices * TEXT_BYTES_PER_VERTEX + ((p.indices?.length ?? vertices) / 3) * TEXT_BYTES_PER_TRIANGLE;
      if (node.skin !== undefined && p.attributes.JOINTS_0) bytes += vertices * (TEXT_BYTES_PER_WEIGHTED_VERTEX + 4 * TEXT_BYTES_PER_INFLUENCE);
    }
  }
  for (const clip of scene.animations) for (const c of clip.channels) bytes += c.times.length * TEXT_BYTES_PER_KEY;
  return Math.min(1 << 30, Math.max(1 << 16, Math.ceil(bytes * 1.1)));
}

/** The 3ds Max ASCII Scene Export writer as plain data (the loaders.gl writer shape). */
export const aseWriter: FormatWriter<WriteAseOptions> = {
  id: 'ase',
  name: '3ds Max ASCII Scene Export',
  extension: '.ase',
  write: writeAse,
};
