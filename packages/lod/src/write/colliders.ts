// Scene colliders → COL1 skeleton colliders (on bones) or PHS1 static geoms (docs/formats/lod.md §7.1, §7.4).
import { math, type Collider, type Quat, type Vec3 } from '@relic3d/core';
import { nums, num, record, type WriteContext } from './context.js';
import type { LodCollider } from '../file.js';
import type { Rig } from './rig.js';

const COLLIDER_TYPES: Record<string, number> = { sphere: 0, capsule: 1, cylinder: 2, box: 3 };
const GEOM_TYPES: Record<string, number> = { box: 1, sphere: 2, cylinder: 3, capsule: 4, cone: 5 };

/** A COL1 collider as written: the reader's record (its matrix as stored, scale in [3], [7], [11]). */
export type ColliderRecord = LodCollider;
type JointAxis = LodCollider['jointAxis'][number];

export interface GeomRecord {
  type: number;
  name: string;
  position: Vec3;
  scale: Vec3;
  rotation: Quat;
}

export interface ColliderPlan {
  sets: { name: string; colliders: ColliderRecord[] }[];
  geoms: GeomRecord[];
}

/** Shape sizes as GLScene keeps them in a scale: sphere r; capsule, cylinder, cone r and height; box size. */
function shapeScale(c: Collider): Vec3 | undefined {
  const s = (c.scale ?? [1, 1, 1]).map(Math.abs);
  const sh = c.shape;
  switch (sh.type) {
    case 'box':
      return [sh.size[0] * s[0], sh.size[1] * s[1], sh.size[2] * s[2]];
    case 'sphere': {
      const r = sh.radius * Math.max(s[0], s[1], s[2]);
      return [r, r, r];
    }
    case 'capsule':
    case 'cylinder':
    case 'cone': {
      const r = sh.radius * Math.max(s[0], s[2]);
      return [r, sh.height * s[1], r];
    }
    default:
      return undefined;
  }
}

function jointAxes(value: unknown): [JointAxis, JointAxis] {
  const one = (v: unknown): JointAxis => {
    const r = record(v);
    return { axis: (nums(r?.axis, 4) as Quat | undefined) ?? [0, 0, 0, 1], minAngle: num(r?.minAngle, 0), maxAngle: num(r?.maxAngle, 0) };
  };
  return Array.isArray(value) ? [one(value[0]), one(value[1])] : [one(undefined), one(undefined)];
}

/**
 * Colliders on a bone become COL1 records (grouped by their set, `extras.set` for a scene read
 * from a .lod), placed relative to the bone; the rest become PHS1 geoms at their rest-pose world
 * placement. Colliders a scene read from a PHS1 block are written back with that block.
 */
export function planColliders(ctx: WriteContext, rig: Rig): ColliderPlan {
  const { scene, axis, sink } = ctx;
  const sets = new Map<string, ColliderRecord[]>();
  const geoms: GeomRecord[] = [];
  const dropped: string[] = [];
  const stillNow: string[] = [];
  const fromPhysics = record(scene.extras.physics) !== undefined;
  scene.colliders.forEach((c, i) => {
    const extras = record(c.extras);
    const name = c.name ?? `collider ${i}`;
    if (extras?.source === 'PHS1' && fromPhysics) return;
    const size = shapeScale(c);
    if (!size) return void dropped.push(`${name} (${c.shape.type})`);
    const local = math.fromTRS(c.translation ?? [0, 0, 0], c.rotation ?? [0, 0, 0, 1]);
    const bone = c.node !== undefined && c.node >= 0 ? rig.boneOf.get(c.node) : undefined;
    if (bone !== undefined && c.shape.type in COLLIDER_TYPES) {
      const m = axis.matrix(local);
      const fileScale = axis.scale(size);
      const stored = nums(extras?.scale, 3);
      const used = c.shape.type === 'sphere' ? 1 : c.shape.type === 'box' ? 3 : 2;
      // The scale as stored, when it says the same on the axes the shape reads (the others are free).
      const scale = stored && stored.slice(0, used).every((v, k) => Math.abs(Math.abs(v) - fileScale[k]) <= 1e-6 * Math.max(1, fileScale[k])) ? stored : fileScale;
      [m[3], m[7], m[11]] = scale;
      const setName = typeof extras?.set === 'string' ? extras.set : 'colliders';
      if (!sets.has(setName)) sets.set(setName, []);
      sets.get(setName)!.push({
        name,
        boneId: bone,
        type: COLLIDER_TYPES[c.shape.type],
        matrix: m,
        tag: Math.trunc(num(extras?.tag, 0)),
        tagFloat: num(extras?.tagFloat, 0),
        visible: typeof extras?.visible === 'boolean' ? extras.visible : true,
        jointAxis: jointAxes(extras?.jointAxis),
      });
      return;
    }
    const node = c.node !== undefined && c.node >= 0 && scene.nodes[c.node] ? c.node : -1;
    const world = node >= 0 ? math.multiply(rig.restWorld.subarray(node * 16, node * 16 + 16), local) : local;
    if (node >= 0 && [...rig.driven].some((d) => { for (let n = node; n >= 0; n = scene.nodes[n].parent) if (n === d) return true; return false; })) stillNow.push(name);
    const d = math.decompose(world);
    geoms.push({ type: GEOM_TYPES[c.shape.type], name, position: axis.point(d.translation), scale: axis.scale(size), rotation: axis.quat(math.quatNormalize(d.rotation)) });
  });
  if (dropped.length) sink.warn('LOD_WRITE_COLLIDER_SHAPE', `LOD colliders are spheres, capsules, cylinders, boxes and cones; not written: ${dropped.join(', ')}`);
  if (stillNow.length) sink.warn('LOD_WRITE_COLLIDER_STATIC', `colliders on animated nodes that are not bones are written as static PHS1 geoms at their rest placement: ${stillNow.join(', ')}`);
  return { sets: [...sets].map(([name, colliders]) => ({ name, colliders })), geoms };
}
