// The MS3D skeleton (docs/formats/ms3d.md §5.1-5.3): joints with a parent found by name, a bind
// rotation (Euler XYZ) and translation relative to that parent. MS3D has no other hierarchy, so:
// - joints are the skins' joints, nodes flagged `joint`, and the animated node nearest above each
//   unskinned mesh node that moves (that node is "promoted" and the mesh is bound to it rigidly);
// - a joint's parent is its nearest ancestor that is a joint; the nodes in between are folded in;
// - the bind pose is the scene's rest pose, without scale (MS3D joints have none).
import { math, type Quat, type Scene, type Vec3, type WarningSink } from '@relic3d/core';
import { axesEulerXYZ } from './axes.js';
import type { DrawnPrimitive } from './drawn.js';
import { extraVector } from './extras.js';
import { checkLimit } from './limits.js';
import { restLocal, restTRS, rigidOf, relativeRigid, uniformScale, type Rigid } from './world.js';

/** How a joint's MS3D local transform follows from its node, at rest and under animation. */
export interface JointChain {
  /** MS3D parent joint, -1 for a root. */
  parent: number;
  /** Nodes strictly between the parent joint's node (or the scene root) and the joint's node. */
  between: number[];
  /** Uniform scale of the parent joint's rest world (1 for a root). */
  parentScale: number;
  /** Rest transform of `between`, from the parent joint's frame to the node's parent frame (undefined: identity). */
  prefix?: { t: Vec3; q: Quat; s: number };
  /** Every scale on the way is uniform, so local = prefix · node TRS exactly (without its scale). */
  exact: boolean;
}

export interface JointBind {
  position: Vec3;
  rotation: Quat;
  /** The stored Euler angles: the reader's own (`extras.bindEuler`) when they give this rotation. */
  euler: Vec3;
}

export interface JointPlan {
  /** Scene node of each MS3D joint, parents first. */
  nodes: number[];
  indexOfNode: Map<number, number>;
  chains: JointChain[];
  bind: JointBind[];
  /** Rest world transform of each joint without scale: MS3D's global bind. */
  restRigid: Rigid[];
  /** Unskinned drawn node → the joint its vertices are bound to. */
  anchors: Map<number, number>;
  /** Nodes that are joints only because they move a mesh. */
  promoted: number[];
}

/** Nodes a clip moves (translation, rotation or scale keys). */
export function drivenNodes(scene: Scene): Set<number> {
  const driven = new Set<number>();
  for (const clip of scene.animations) {
    for (const c of clip.channels) if (c.path !== 'weights' && c.times.length > 0 && c.node >= 0 && c.node < scene.nodes.length) driven.add(c.node);
  }
  return driven;
}

/** The identity joint the MS3D reader adds for rigid vertices (never written as a joint). */
export function isReaderRigidJoint(scene: Scene, node: number): boolean {
  return scene.nodes[node]?.extras?.ms3dRigid === true;
}

function parentsFirst(scene: Scene, nodes: number[], set: Set<number>): number[] {
  const nearestJoint = (n: number): number => {
    for (let p = scene.nodes[n].parent, guard = 0; p >= 0 && guard <= scene.nodes.length; p = scene.nodes[p]?.parent ?? -1, guard++) if (set.has(p)) return p;
    return -1;
  };
  const done = new Set<number>();
  const order: number[] = [];
  let pending = nodes;
  while (pending.length) {
    const next: number[] = [];
    for (const n of pending) {
      const p = nearestJoint(n);
      if (p < 0 || done.has(p)) {
        done.add(n);
        order.push(n);
      } else next.push(n);
    }
    if (next.length === pending.length) {
      order.push(...next); // a cycle: cannot happen in a valid scene
      break;
    }
    pending = next;
  }
  return order;
}

export function planJoints(scene: Scene, drawn: DrawnPrimitive[], world: Float64Array, driven: Set<number>, sink: WarningSink): JointPlan {
  const set = new Set<number>();
  const valid = (n: number) => Number.isInteger(n) && n >= 0 && n < scene.nodes.length && !isReaderRigidJoint(scene, n);
  for (const skin of scene.skins) for (const n of skin.joints) if (valid(n)) set.add(n);
  scene.nodes.forEach((node, n) => node.joint && valid(n) && set.add(n));

  // Unskinned meshes that move get a joint: the nearest joint or animated node at or above them.
  const anchorNode = new Map<number, number>();
  const promoted: number[] = [];
  for (const d of drawn) {
    if (d.skinned || anchorNode.has(d.node)) continue;
    for (let n = d.node, guard = 0; n >= 0 && guard <= scene.nodes.length; n = scene.nodes[n]?.parent ?? -1, guard++) {
      if (set.has(n) || (driven.has(n) && valid(n))) {
        if (!set.has(n)) {
          set.add(n);
          promoted.push(n);
        }
        anchorNode.set(d.node, n);
        break;
      }
    }
  }
  const bound = [...anchorNode.values()].filter((n) => !promoted.includes(n)).length;
  if (bound) sink.warn('MS3D_WRITE_RIGID_BIND', `${bound} unskinned meshes below a joint are bound to it rigidly (MS3D has no node hierarchy besides joints); they read back skinned`);
  if (promoted.length) {
    const names = promoted.map((n) => `"${scene.nodes[n].name}"`).slice(0, 8).join(', ');
    sink.warn('MS3D_WRITE_NODE_JOINTS', `${promoted.length} animated nodes become joints (${names}${promoted.length > 8 ? ', …' : ''}): MS3D animates joints only, their meshes are bound to them`);
  }

  const nodes = parentsFirst(scene, [...set].sort((a, b) => a - b), set);
  checkLimit('joints', nodes.length, 128);
  const indexOfNode = new Map(nodes.map((n, j) => [n, j]));
  const restRigid = nodes.map((n) => rigidOf(world.subarray(n * 16, n * 16 + 16)));
  const chains: JointChain[] = [];
  const bind: JointBind[] = [];
  let inexact = 0;
  nodes.forEach((n, j) => {
    const between: number[] = [];
    let p = scene.nodes[n].parent;
    for (let guard = 0; p >= 0 && !set.has(p) && guard <= scene.nodes.length; p = scene.nodes[p]?.parent ?? -1, guard++) between.push(p);
    const parent = p >= 0 && set.has(p) ? indexOfNode.get(p)! : -1;
    const parentRigid = parent >= 0 ? restRigid[parent] : undefined;
    const parentScale = parentRigid ? uniformScale(parentRigid) : 1;
    let exact = !parentRigid || parentRigid.uniform;
    let prefix: JointChain['prefix'];
    if (between.length) {
      const m = math.identity(new Float64Array(16)) as Float64Array;
      const local = new Float64Array(16);
      for (let k = between.length - 1; k >= 0; k--) math.multiply(m, restLocal(scene.nodes[between[k]], local), m);
      const r = rigidOf(m);
      exact &&= r.uniform;
      prefix = { t: r.t, q: r.q, s: uniformScale(r) };
    }
    chains.push({ parent, between, parentScale, exact, ...(prefix ? { prefix } : {}) });
    if (!exact) inexact++;

    const rest = restTRS(scene.nodes[n]);
    let position: Vec3, rotation: Quat;
    if (exact) ({ position, rotation } = composeLocal(chains[j], rest.t, rest.q));
    else ({ t: position, q: rotation } = relativeRigid(parentRigid, restRigid[j]));
    const stored = !prefix && parentScale === 1 ? extraVector(scene.nodes[n].extras, 'bindEuler', 3) : undefined;
    const euler = stored && sameRotation(math.quatFromEulerXYZ(stored[0], stored[1], stored[2]), rotation) ? (stored as Vec3) : axesEulerXYZ(rotation);
    bind.push({ position, rotation, euler });
  });
  if (inexact) sink.warn('MS3D_WRITE_SCALE', `${inexact} joints sit under a non-uniform or mirroring scale, which MS3D joints cannot hold; their rest pose is kept without it`);

  const anchors = new Map<number, number>();
  for (const [mesh, node] of anchorNode) anchors.set(mesh, indexOfNode.get(node)!);
  return { nodes, indexOfNode, chains, bind, restRigid, anchors, promoted };
}

/** MS3D local transform of a joint whose node has local rotation `q` and translation `t`. */
export function composeLocal(chain: JointChain, t: ArrayLike<number>, q: ArrayLike<number>): { position: Vec3; rotation: Quat } {
  const s1 = chain.parentScale;
  if (!chain.prefix) return { position: s1 === 1 ? [t[0], t[1], t[2]] : [s1 * t[0], s1 * t[1], s1 * t[2]], rotation: [q[0], q[1], q[2], q[3]] };
  const { t: t2, q: q2, s: s2 } = chain.prefix;
  const r = math.quatRotateVec3(q2, t);
  const k = s1 * s2;
  return {
    position: [s1 * t2[0] + k * r[0], s1 * t2[1] + k * r[1], s1 * t2[2] + k * r[2]],
    rotation: math.quatNormalize(math.quatMultiply(q2, q)),
  };
}

function sameRotation(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  return Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]) >= 1 - 1e-9;
}
