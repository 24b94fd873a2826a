// CLL1/COL1 collider sets and the PHS1 block (docs/formats/lod.md §7.1, §7.4).
import type { Quat, Vec3 } from '@relic3d/core';
import type { LodBody, LodGeom, LodJoint } from '../file.js';
import type { LodWriter } from './chunks.js';
import { record, type WriteContext } from './context.js';
import type { ColliderPlan, GeomRecord } from './colliders.js';

/** `CLL1` → one `COL1` per set. Empty sets are not written: GLScene reads a set's name only with colliders. */
export function writeColliderSets(w: LodWriter, plan: ColliderPlan): void {
  const sets = plan.sets.filter((s) => s.colliders.length);
  w.begin('CLL1', sets.length);
  for (const set of sets) {
    w.begin('COL1', set.colliders.length).str(set.name, 'collider set name');
    const names = set.colliders.map((c) => w.text(c.name, 'collider name'));
    for (const n of names) w.i32(n.length);
    for (const n of names) w.bytes(n);
    for (const c of set.colliders) {
      w.i16(c.boneId).u8(c.type).finiteF32s(c.matrix).i32(c.tag).finiteF32(c.tagFloat).bool(c.visible);
      for (const j of c.jointAxis) w.finiteF32s(j.axis).finiteF32(j.minAngle).finiteF32(j.maxAngle);
    }
    w.end();
  }
  w.end();
}

/** Names joined by CR LF; a CR LF inside a name would split it, so it becomes a space. */
const joinNames = (names: unknown[]) => names.map((n) => (typeof n === 'string' ? n : '').replace(/\r\n|\r|\n/g, ' ')).join('\r\n');
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isVec = (v: unknown, n: number): boolean => Array.isArray(v) && v.length === n && v.every((x) => typeof x === 'number' && Number.isFinite(x));

function writeBody(w: LodWriter, b: LodBody): void {
  w.u8(b.type).f32s(b.position).f32s(b.scale).f32s(b.rotation).i32(b.axis).f32(b.mass).f32(b.density).f32(b.tagFloat);
  w.bool(b.enabled).bool(b.gravity).bool(b.finiteRotMode).bool(b.autoDisable).bool(b.autoDisableDefaults);
  w.f32(b.autoDisableLinearThreshold).f32(b.autoDisableAngularThreshold).f32(b.autoDisableTime).i32(b.autoDisableSteps);
}

function writeGeom(w: LodWriter, g: LodGeom): void {
  w.u8(g.type).i32(g.bodyIndex).finiteF32s(g.position).finiteF32s(g.scale).finiteF32s(g.rotation).i32(g.axis).f32(g.mass).f32(g.density);
  w.i32(g.meshLink).i32(g.meshLinkCount).f32(g.tagFloat).bool(g.enabled);
}

function writeJoint(w: LodWriter, j: LodJoint): void {
  const p = j.params;
  w.u8(j.type).i32(j.bodyIndex[0]).i32(j.bodyIndex[1]).f32s(j.axis[0]).f32s(j.axis[1]).f32s(j.position);
  w.f32s([p.loStop, p.hiStop, p.vel, p.fMax, p.fudgeFactor, p.bounce, p.cfm, p.stopERP, p.stopCFM, p.suspensionERP, p.suspensionCFM]).f32(j.tagFloat);
}

/** A static geom (no body) for a scene collider. */
function staticGeom(g: GeomRecord): LodGeom {
  return { type: g.type, name: g.name, bodyIndex: -1, position: g.position, scale: g.scale, rotation: g.rotation, axis: 0, mass: 1, density: 1, meshLink: 0, meshLinkCount: 0, tagFloat: 0, enabled: true };
}

/**
 * `PHS1` (Count 2): the block a scene read from a .lod kept in `extras.physics` (file space, as
 * stored), then a static geom per other collider off the skeleton.
 */
export function writePhysics(w: LodWriter, ctx: WriteContext, plan: ColliderPlan): boolean {
  const stored = record(ctx.scene.extras.physics);
  const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
  const { restage } = ctx;
  const place = <T extends { position: Vec3; rotation: Quat; scale: Vec3 }>(x: T): T => ({ ...x, position: restage.point(x.position), rotation: restage.quat(x.rotation), scale: restage.scale(x.scale) });
  // Extras come from any file (a glTF's among them): records of the wrong shape are left out, warned.
  const placed = <T extends { position: Vec3; rotation: Quat; scale: Vec3 }>(v: unknown): T[] => list<T>(v).filter((x) => isRecord(x) && isVec(x.position, 3) && isVec(x.rotation, 4) && isVec(x.scale, 3));
  const storedBodies = placed<LodBody>(stored?.bodies);
  const storedGeoms = placed<LodGeom>(stored?.geoms);
  const storedJoints = list<LodJoint>(stored?.joints).filter((j) => isRecord(j) && isVec(j.position, 3) && Array.isArray(j.axis) && isVec(j.axis[0], 4) && isVec(j.axis[1], 4));
  const dropped = list(stored?.bodies).length + list(stored?.geoms).length + list(stored?.joints).length - storedBodies.length - storedGeoms.length - storedJoints.length;
  if (dropped) ctx.sink.warn('LOD_WRITE_PHYSICS_DROPPED', `${dropped} physics record(s) in extras.physics are not of the shape the reader gives (position, rotation, scale as numbers): left out`);
  const bodies = storedBodies.map(place);
  const geoms = [...storedGeoms.map(place), ...plan.geoms.map(staticGeom)];
  const joints = storedJoints.map((j) => ({ ...j, position: restage.point(j.position), axis: [restage.quat(j.axis[0]), restage.quat(j.axis[1])] as [Quat, Quat] }));
  const meshLinks = list<number>(stored?.meshLinks);
  if (!bodies.length && !geoms.length && !joints.length) return false;
  const bodyNames = w.text(joinNames(bodies.map((b) => b.name ?? '')), 'body names');
  const geomNames = w.text(joinNames(geoms.map((g) => g.name ?? '')), 'geom names');
  w.begin('PHS1', 2).u8(typeof stored?.physType === 'number' ? stored.physType : 1);
  w.i32(bodyNames.length).i32(geomNames.length).i32(meshLinks.length).i32(bodies.length).i32(geoms.length).i32(joints.length);
  w.bytes(bodyNames).bytes(geomNames);
  for (const m of meshLinks) w.i32(m);
  bodies.forEach((b) => writeBody(w, b));
  geoms.forEach((g) => writeGeom(w, g));
  joints.forEach((j) => writeJoint(w, j));
  w.end();
  return true;
}
