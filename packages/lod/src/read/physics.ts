import type { LodBody, LodGeom, LodJoint, LodPhysics } from '../file.js';
import { bool, countOf, fixedString, type Chunk } from './chunks.js';
import { PHYSICS_BODY_SIZE, PHYSICS_GEOM_SIZE, PHYSICS_JOINT_SIZE } from './layout.js';

/** Names separated by CR LF; the n-th name belongs to the n-th record. */
function splitNames(text: string, count: number): string[] {
  const parts = text.length ? text.split('\r\n') : [];
  return Array.from({ length: count }, (_, i) => parts[i] ?? '');
}

/** `PHS1` (Count 2): ODE bodies, geoms and joints (docs/formats/lod.md §7.1). */
export function readPhysics(chunk: Chunk): LodPhysics {
  const r = chunk.data;
  const physType = r.u8();
  const bodyNamesLength = countOf(r, 1, 'body-name bytes');
  const geomNamesLength = countOf(r, 1, 'geom-name bytes');
  const meshLinksCount = countOf(r, 4, 'mesh links');
  const bodyCount = countOf(r, PHYSICS_BODY_SIZE, 'bodies');
  const geomCount = countOf(r, PHYSICS_GEOM_SIZE, 'geoms');
  const jointCount = countOf(r, PHYSICS_JOINT_SIZE, 'joints');
  const bodyNames = splitNames(fixedString(r, bodyNamesLength, 'body names'), bodyCount);
  const geomNames = splitNames(fixedString(r, geomNamesLength, 'geom names'), geomCount);
  const meshLinks = Array.from(r.i32Array(meshLinksCount, 'mesh links'));
  r.count(bodyCount * PHYSICS_BODY_SIZE + geomCount * PHYSICS_GEOM_SIZE + jointCount * PHYSICS_JOINT_SIZE, 1, 'physics records');
  const bodies: LodBody[] = [];
  for (let i = 0; i < bodyCount; i++) {
    bodies.push({
      type: r.u8(),
      name: bodyNames[i],
      position: r.vec3(),
      scale: r.vec3(),
      rotation: r.quat(),
      axis: r.i32(),
      mass: r.f32(),
      density: r.f32(),
      tagFloat: r.f32(),
      enabled: bool(r),
      gravity: bool(r),
      finiteRotMode: bool(r),
      autoDisable: bool(r),
      autoDisableDefaults: bool(r),
      autoDisableLinearThreshold: r.f32(),
      autoDisableAngularThreshold: r.f32(),
      autoDisableTime: r.f32(),
      autoDisableSteps: r.i32(),
    });
  }
  // Bodies and geoms share their leading fields in the file (lod.md §7.1): the two loops read alike deliberately.
  const geoms: LodGeom[] = [];
  for (let i = 0; i < geomCount; i++) {
    geoms.push({
      type: r.u8(),
      name: geomNames[i],
      bodyIndex: r.i32(),
      position: r.vec3(),
      scale: r.vec3(),
      rotation: r.quat(),
      axis: r.i32(),
      mass: r.f32(),
      density: r.f32(),
      meshLink: r.i32(),
      meshLinkCount: r.i32(),
      tagFloat: r.f32(),
      enabled: bool(r),
    });
  }
  const joints: LodJoint[] = [];
  for (let i = 0; i < jointCount; i++) {
    joints.push({
      type: r.u8(),
      bodyIndex: [r.i32(), r.i32()],
      axis: [r.quat(), r.quat()],
      position: r.vec3(),
      params: {
        loStop: r.f32(),
        hiStop: r.f32(),
        vel: r.f32(),
        fMax: r.f32(),
        fudgeFactor: r.f32(),
        bounce: r.f32(),
        cfm: r.f32(),
        stopERP: r.f32(),
        stopCFM: r.f32(),
        suspensionERP: r.f32(),
        suspensionCFM: r.f32(),
      },
      tagFloat: r.f32(),
    });
  }
  return { physType, meshLinks, bodies, geoms, joints };
}
