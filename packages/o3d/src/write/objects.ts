/**
 * Scene nodes → O3D objects (docs/formats/o3d.md §2.2, §5.4): every mesh node is an object of each
 * LOD group that shows it, placed against its nearest ancestor that is an object (parent type 0) or
 * a bone (type 2), or against the model. Nodes between fold into the local TM. Skinned meshes are
 * skin objects in model space (the client ignores their local TM and parent).
 */
import { hiddenLodNodes, type Scene } from '@relic3d/core';
import { LIGHT_BIT, OBJECT_NORMAL, OBJECT_SKIN, PARENT_BONE, PARENT_OBJECT } from '../file.js';
import type { WriteContext } from './context.js';
import { integer, matrixOf } from './motion.js';
import type { GeometryPlan, WrittenObject } from './plan.js';
import { relativeRow } from './sampling.js';
import type { Bones } from './skeleton.js';

/** Where an object hangs in the file. */
export type Placement = { kind: 'model' } | { kind: 'object'; node: number } | { kind: 'bone'; bone: number; node: number };

export interface ObjectSource {
  node: number;
  skinned: boolean;
  placement: Placement;
  /** The object's geometry, one entry per object it needs (limits split big meshes). */
  pieces: { geometry: GeometryPlan; palette: Int32Array }[];
  /** Frame keys (7 floats per frame) of an object the O3D's own clip moves. */
  keys?: Float32Array;
}

/** A rigid node's O3D parent: its nearest ancestor that is an object or a bone. */
export function placementOf(scene: Scene, node: number, objects: Set<number>, bones: Bones | undefined): Placement {
  for (let p = scene.nodes[node].parent, guard = 0; p >= 0 && p < scene.nodes.length && guard <= scene.nodes.length; p = scene.nodes[p].parent, guard++) {
    const bone = bones?.byNode.get(p);
    if (bone !== undefined) return { kind: 'bone', bone, node: p };
    if (objects.has(p)) return { kind: 'object', node: p };
  }
  return { kind: 'model' };
}

/** The object groups: three when the scene has LODs (group 0 most detailed), else one. */
export function buildGroups(ctx: WriteContext, sources: ObjectSource[], bones: Bones | undefined): WrittenObject[][] {
  const { scene } = ctx;
  const lods = scene.nodes.some((n) => (n.lods?.length ?? 0) > 1);
  const bySource = new Map(sources.map((s) => [s.node, s]));
  const order = objectOrder(sources);
  const groups: WrittenObject[][] = [];
  for (let g = 0; g < (lods ? 3 : 1); g++) {
    const hidden = lods ? hiddenLodNodes(scene, g) : new Set<number>();
    const objects: WrittenObject[] = [];
    const indexOf = new Map<number, number>();
    for (const node of order) {
      const source = bySource.get(node);
      if (!source || hidden.has(node)) continue;
      indexOf.set(node, objects.length);
      for (const piece of source.pieces) objects.push(objectOf(ctx, source, piece, indexOf, bones, objects.length));
    }
    groups.push(objects);
  }
  return groups;
}

function objectOf(ctx: WriteContext, source: ObjectSource, piece: ObjectSource['pieces'][number], indexOf: Map<number, number>, bones: Bones | undefined, index: number): WrittenObject {
  const node = ctx.scene.nodes[source.node];
  const e = node.extras ?? {};
  const light = e.light === true || ((integer(e.typeRaw) ?? 0) & LIGHT_BIT) !== 0;
  const type = source.skinned ? OBJECT_SKIN : OBJECT_NORMAL;
  let parentIndex = -1, parentType = -1;
  let localTM: Float32Array;
  if (source.skinned) {
    localTM = matrixOf(e.localTM) ?? Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    // Ignored by the client, kept for the round trip.
    const p = integer(e.parentIndex);
    if (e.parentType === PARENT_BONE && p !== undefined && bones && p >= 0 && p < bones.nodes.length) (parentIndex = p), (parentType = PARENT_BONE);
  } else {
    const placement = source.placement;
    if (placement.kind === 'bone') (parentIndex = placement.bone), (parentType = PARENT_BONE);
    else if (placement.kind === 'object' && indexOf.has(placement.node)) (parentIndex = indexOf.get(placement.node)!), (parentType = PARENT_OBJECT);
    const against = placement.kind === 'model' ? -1 : placement.node;
    localTM = Float32Array.from(relativeRow(ctx.rest, source.node, against, new Float64Array(16)));
  }
  const object: WrittenObject = {
    typeRaw: (type | (light ? LIGHT_BIT : 0)) >>> 0,
    type,
    light,
    useBones: piece.palette,
    id: integer(e.id) ?? index,
    parentIndex,
    parentType,
    localTM,
    geometry: piece.geometry,
  };
  if (source.keys && !source.skinned) object.tmAnimation = source.keys;
  return object;
}

/**
 * Object nodes in node order (the reader makes them in file order), each parent object moved
 * before its children (the client resolves parents in one pass).
 */
export function objectOrder(sources: ObjectSource[]): number[] {
  const bySource = new Map(sources.map((s) => [s.node, s]));
  const out: number[] = [];
  const placed = new Set<number>();
  const place = (node: number, depth: number) => {
    if (placed.has(node) || depth > sources.length) return;
    const placement = bySource.get(node)!.placement;
    if (placement.kind === 'object' && bySource.has(placement.node)) place(placement.node, depth + 1);
    placed.add(node);
    out.push(node);
  };
  for (const node of [...bySource.keys()].sort((a, b) => a - b)) place(node, 0);
  return out;
}
