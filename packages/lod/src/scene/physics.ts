import { math, type Collider, type Quat, type Vec3 } from '@relic3d/core';
import type { LodFile } from '../file.js';
import type { BuildContext } from './context.js';
import { shapeFromScale } from './shapes.js';

const BODY_TYPES = ['none', 'box', 'sphere', 'cylinder', 'capsule', 'cone', 'plane', 'triMesh', 'cappedCylinder', 'ray'];
const JOINT_TYPES = ['none', 'ball', 'slider', 'hinge', 'hinge2', 'universal', 'corkscrew', 'upVector'];

/** PHS1 geoms → scene colliders (world transform = body ∘ geom); the whole block in `extras.physics`. */
export function buildPhysics(file: LodFile, { scene, axis, finite }: BuildContext): void {
  const physics = file.physics;
  if (!physics) return;
  physics.geoms.forEach((geom, i) => {
    const typeName = BODY_TYPES[geom.type] ?? 'unknown';
    const body = physics.bodies[geom.bodyIndex];
    // World transform = body ∘ geom (geom relative to the body).
    const bodyQ = body ? math.quatNormalize(finite.vec(Array.from(body.rotation))) : ([0, 0, 0, 1] as Quat);
    const rel = math.quatRotateVec3(bodyQ, finite.vec([...geom.position] as Vec3));
    const pos: Vec3 = body ? finite.vec([finite.value(body.position[0]) + rel[0], finite.value(body.position[1]) + rel[1], finite.value(body.position[2]) + rel[2]]) : finite.vec([...geom.position] as Vec3);
    const rot = math.quatNormalize(math.quatMultiply(bodyQ, math.quatNormalize(finite.vec(Array.from(geom.rotation)))));
    const firstLink = Math.max(0, geom.meshLink);
    const meshes = physics.meshLinks.slice(firstLink, Math.max(firstLink, Math.min(physics.meshLinks.length, geom.meshLink + geom.meshLinkCount, firstLink + 1024)));
    const shape = shapeFromScale(typeName, axis.scale(geom.scale), finite);
    const extras = { source: 'PHS1', geomIndex: i, geomType: typeName, body: body?.name, bodyIndex: geom.bodyIndex, meshes, mass: geom.mass, density: geom.density, enabled: geom.enabled };
    const collider: Collider = {
      name: geom.name || `geom ${i}`,
      shape: shape ?? { type: 'box', size: [0, 0, 0] },
      node: -1,
      translation: axis.point(...pos),
      rotation: axis.quat(rot),
      extras: shape ? extras : { ...extras, unsupportedShape: typeName },
    };
    if (shape || typeName !== 'none') scene.colliders.push(collider);
  });
  scene.extras.physics = {
    physType: physics.physType,
    meshLinks: physics.meshLinks,
    bodies: physics.bodies.map((body) => ({ ...body, typeName: BODY_TYPES[body.type] })),
    geoms: physics.geoms.map((geom) => ({ ...geom, typeName: BODY_TYPES[geom.type] })),
    joints: physics.joints.map((joint) => ({ ...joint, typeName: JOINT_TYPES[joint.type] })),
    upAxis: 'file',
  };
}
