/**
 * The objects to write, once per mesh node (each LOD group that shows a node repeats its objects):
 * geometry pieces, placement and, for the O3D's own clip, frame keys.
 */
import { KEY_FLOATS } from '../read/layout.js';
import type { ClipTiming } from './clips.js';
import { plural, type WriteContext } from './context.js';
import { buildGeometry, piecesOf, type GeometryLegacy } from './geometry.js';
import { emptyStats } from './influences.js';
import { keyFromRow } from './keys.js';
import type { BlockLook } from './materials.js';
import { integer } from './motion.js';
import { placementOf, type ObjectSource } from './objects.js';
import { chunksOf, paletteMode } from './palettes.js';
import { preparePrimitives, type SkinBinding } from './primitives.js';
import { pairArrays, sampleRelative, type Pair } from './sampling.js';
import { bindCorrections, type Bones } from './skeleton.js';

export function objectSources(ctx: WriteContext, bones: Bones | undefined, looks: BlockLook[]): ObjectSource[] {
  const { scene } = ctx;
  const meshNodes = scene.nodes.map((n, i) => (n.mesh !== undefined && scene.meshes[n.mesh] ? i : -1)).filter((i) => i >= 0);
  const skinnedNode = (i: number) => {
    const node = scene.nodes[i];
    return !!bones && node.skin !== undefined && !!scene.skins[node.skin] && scene.meshes[node.mesh!].primitives.some((p) => p.attributes.JOINTS_0 && p.attributes.WEIGHTS_0);
  };
  const rigid = new Set(meshNodes.filter((i) => !skinnedNode(i)));
  const stats = emptyStats();
  const sources: ObjectSource[] = [];
  for (const i of meshNodes) {
    const node = scene.nodes[i];
    const skinned = !rigid.has(i);
    const e = node.extras ?? {};
    let binding: SkinBinding | undefined;
    if (skinned) {
      const fallback = placementOf(scene, i, new Set(), bones);
      const skin = scene.skins[node.skin!];
      binding = { skin, boneCount: bones!.nodes.length, boneOf: bones!.byNode, fallback: fallback.kind === 'bone' ? fallback.bone : 0, stats };
      const corrections = bindCorrections(bones!, skin);
      if (corrections) binding.corrections = corrections;
    }
    const prepared = preparePrimitives(ctx, scene.meshes[node.mesh!], looks, binding);
    if (!prepared.length) continue;
    if (prepared.some((p) => p.look?.material) && prepared.some((p) => !p.look?.material)) {
      ctx.sink.warn('O3D_WRITE_DEFAULT_MATERIAL', `mesh node "${node.name}": primitives without a material share an object with ones that have one; they get a plain white material (read back as "material <n>")`);
    }
    const mode = skinned ? paletteMode(prepared, e.useBones, bones!.nodes.length) : undefined;
    const chunks = prepared.flatMap((p) => chunksOf(p, mode, bones?.nodes.length ?? 0));
    const legacy: GeometryLegacy = {};
    for (const key of ['opacity', 'bump', 'rigid', 'materialFlag', 'materialCount'] as const) {
      const v = integer(e[key]);
      if (v !== undefined) legacy[key] = v;
    }
    const palette = mode?.kind === 'object' ? Int32Array.from(mode.palette) : new Int32Array(0);
    const remaps = new Map<object, Int32Array>();
    const pieces = piecesOf(chunks).map((piece) => ({ geometry: buildGeometry(piece, mode, legacy, remaps, bones?.nodes.length ?? 0), palette }));
    if (pieces.length > 1) {
      ctx.sink.warn('O3D_WRITE_OBJECT_SPLIT', `mesh node "${node.name}" is written as ${pieces.length} objects (an object holds 65,535 vertices, 31 material blocks and 16 materials)`);
    }
    const splitBlocks = chunks.length - prepared.length;
    if (splitBlocks > 0) {
      ctx.sink.warn('O3D_WRITE_PALETTE_SPLIT', `mesh node "${node.name}": triangles of one material use more than 28 bones (the client's palette); ${plural(splitBlocks, 'more material block')} written, vertices shared across them duplicated`);
    }
    sources.push({ node: i, skinned, placement: skinned ? { kind: 'model' } : placementOf(scene, i, rigid, bones), pieces });
  }
  if (stats.reduced) {
    ctx.sink.warn('O3D_WRITE_INFLUENCES', `${plural(stats.reduced, 'vertex', 'vertices')} have more than 2 bone influences; Flyff keeps 2: the two largest, renormalised (up to ${(100 * stats.worstDropped).toPrecision(2)}% of a vertex's weight moved)`);
  }
  if (stats.invalid || stats.unweighted) {
    ctx.sink.warn('O3D_WRITE_WEIGHTS', `${plural(stats.invalid, 'influence')} name no joint of their skin or have a bad weight, ${plural(stats.unweighted, 'vertex', 'vertices')} have no weight: bound to their node's bone (or bone 0)`);
  }
  return sources;
}

/**
 * Frame keys for the objects the O3D's own clip moves (a channel on the object or a node between it
 * and its O3D parent). Keys have no scale: scaled ones keep their rotation, reported.
 */
export function addFrameKeys(ctx: WriteContext, sources: ObjectSource[], timing: ClipTiming, rest: Float32Array): void {
  const { scene } = ctx;
  const driven = new Set(timing.clip.channels.filter((c) => c.path !== 'weights' && c.times.length).map((c) => c.node));
  const keyed = sources.filter((s) => {
    if (s.skinned) return false;
    const stop = s.placement.kind === 'model' ? -1 : s.placement.node;
    for (let p = s.node, guard = 0; p >= 0 && p !== stop && guard <= scene.nodes.length; p = scene.nodes[p].parent, guard++) if (driven.has(p)) return true;
    return false;
  });
  if (!keyed.length) return;
  const pairs: Pair[] = keyed.map((s) => [s.node, s.placement.kind === 'model' ? -1 : s.placement.node]);
  const { nodes, parents } = pairArrays(pairs);
  const matrices = sampleRelative(ctx, timing, nodes, parents, rest);
  let off = 0, worst = 0;
  keyed.forEach((s, k) => {
    const keys = new Float32Array(timing.frames * KEY_FLOATS);
    let objectOff = 0;
    for (let f = 0; f < timing.frames; f++) objectOff = Math.max(objectOff, keyFromRow(matrices[k], keys, f * KEY_FLOATS, f * 16));
    if (objectOff) (off++, (worst = Math.max(worst, objectOff)));
    s.keys = keys;
  });
  if (off) {
    ctx.sink.warn('O3D_WRITE_OBJECT_SCALE', `clip "${timing.clip.name}": ${plural(off, 'object')} scale or shear while moving, which Flyff keys (rotation + position) cannot hold; their rotation is written (off by up to ${(100 * worst).toPrecision(2)}%)`);
  }
}
