import { addNode, math, type FiniteScrub, type Quat, type Vec3 } from '@relic3d/core';
import type { LodFile } from '../file.js';
import { FRAME_ENTRY_FLOATS } from '../read/layout.js';
import { C_Z, C_Z_INV, type Axis } from './axes.js';
import type { BuildContext } from './context.js';

/** The joint nodes, in SKL1 order, and by BoneID. */
export interface Bones {
  nodes: number[];
  nodeById: Map<number, number>;
}

/** Local TRS of a GLScene frame entry: L = T(p) · Rz · Ry · Rx (Euler radians), in scene space. */
export function boneLocal(axis: Axis, data: Float32Array, at: number, finite: FiniteScrub): { translation: Vec3; rotation: Quat } {
  const q = math.quatFromEulerXYZ(finite.value(data[at + 3]), finite.value(data[at + 4]), finite.value(data[at + 5]));
  return {
    translation: finite.vec(axis.point(data[at], data[at + 1], data[at + 2])),
    rotation: math.quatNormalize(axis.quat(q)),
  };
}

/**
 * 2^-28: below it h³/6 is under half an ulp of h and h²/2 under half an ulp of 1, so every
 * faithful Math.sin/Math.cos returns h and 1 (V8's return them outright below 2^-27).
 */
export const TINY_HALF_ANGLE = 2 ** -28;

/**
 * `boneLocal` of `frames` entries `step` floats apart, into t (xyz per frame) and r (xyzw, made
 * continuous as `math.makeQuaternionsContinuous` does): the same arithmetic, without the five
 * arrays per key that made keys 60% of a skinned parse, nor a second pass over r. Both axes are
 * fused: 'z' (the default) conjugates by C_Z with the products `axis.quat` computes.
 */
export function boneTrack(axis: Axis, data: Float32Array, at: number, step: number, frames: number, finite: FiniteScrub, t: Float32Array, r: Float32Array): void {
  const zUp = axis.up === 'z';
  const [cx0, cy0, cz0, cw0] = C_Z;
  const [ix, iy, iz, iw] = C_Z_INV;
  let bad = 0;
  let cx = 1, sx = 0, cy = 1, sy = 0, cz = 1, sz = 0;
  // The last non-zero half angle of each axis and its cos and sin (NaN: none yet).
  let px = NaN, pcx = 1, psx = 0, py = NaN, pcy = 1, psy = 0, pz = NaN, pcz = 1, psz = 0;
  for (let f = 0; f < frames; f++, at += step) {
    // data is float32, so x − x === 0 is FiniteScrub.value's test.
    let x = data[at], y = data[at + 1], z = data[at + 2];
    if (zUp) {
      const up = z;
      z = -y;
      y = up;
    }
    if (x - x !== 0) (x = 0), bad++;
    if (y - y !== 0) (y = 0), bad++;
    if (z - z !== 0) (z = 0), bad++;
    t[f * 3] = x;
    t[f * 3 + 1] = y;
    t[f * 3 + 2] = z;
    let ex = data[at + 3], ey = data[at + 4], ez = data[at + 5];
    if (ex - ex !== 0) (ex = 0), bad++;
    if (ey - ey !== 0) (ey = 0), bad++;
    if (ez - ez !== 0) (ez = 0), bad++;
    // math.quatFromEulerXYZ, (axis.quat), then math.quatNormalize (components finite: hypot4 is Math.hypot).
    // The same sin/cos bits with fewer calls: sin(h) is h and cos(h) is 1 exactly below
    // TINY_HALF_ANGLE, ±0 included (most angles of skinned clips are 0, or the ~1e-17 an exporter's
    // atan2 leaves on a held axis: two of three on the bench's skinned file), and an angle equal to
    // the last one of its axis past it (so -0 never matches +0) reuses its pair (40% of the corpus
    // clip's angles repeat the frame before).
    const hx = ex / 2, hy = ey / 2, hz = ez / 2;
    if (Math.abs(hx) < TINY_HALF_ANGLE) (cx = 1), (sx = hx);
    else if (hx !== px) (px = hx), (cx = pcx = Math.cos(hx)), (sx = psx = Math.sin(hx));
    else (cx = pcx), (sx = psx);
    if (Math.abs(hy) < TINY_HALF_ANGLE) (cy = 1), (sy = hy);
    else if (hy !== py) (py = hy), (cy = pcy = Math.cos(hy)), (sy = psy = Math.sin(hy));
    else (cy = pcy), (sy = psy);
    if (Math.abs(hz) < TINY_HALF_ANGLE) (cz = 1), (sz = hz);
    else if (hz !== pz) (pz = hz), (cz = pcz = Math.cos(hz)), (sz = psz = Math.sin(hz));
    else (cz = pcz), (sz = psz);
    let qx = sx * cy * cz - cx * sy * sz;
    let qy = cx * sy * cz + sx * cy * sz;
    let qz = cx * cy * sz - sx * sy * cz;
    let qw = cx * cy * cz + sx * sy * sz;
    if (zUp) {
      // math.quatMultiply(math.quatMultiply(C_Z, q), C_Z_INV), term for term.
      const mx = cw0 * qx + cx0 * qw + cy0 * qz - cz0 * qy;
      const my = cw0 * qy - cx0 * qz + cy0 * qw + cz0 * qx;
      const mz = cw0 * qz + cx0 * qy - cy0 * qx + cz0 * qw;
      const mw = cw0 * qw - cx0 * qx - cy0 * qy - cz0 * qz;
      qx = mw * ix + mx * iw + my * iz - mz * iy;
      qy = mw * iy - mx * iz + my * iw + mz * ix;
      qz = mw * iz + mx * iy - my * ix + mz * iw;
      qw = mw * iw - mx * ix - my * iy - mz * iz;
    }
    const l = math.hypot4(qx, qy, qz, qw);
    const o = f * 4;
    math.putUnitContinuous(r, o, qx, qy, qz, qw, l);
  }
  finite.count += bad;
}

/** SKL1 bones → joint nodes, posed by frame 0 of the first animation (GLScene's bind pose). */
export function buildBones(file: LodFile, { scene, axis, sink, finite }: BuildContext): Bones {
  const bones: Bones = { nodes: [], nodeById: new Map() };
  const bind = file.animations[0];
  (file.skeleton?.bones ?? []).forEach((bone, i) => {
    const parent = bone.parentId === -1 ? -1 : (bones.nodeById.get(bone.parentId) ?? -2);
    if (parent === -2) sink.warn('LOD_BONE_PARENT', `bone '${bone.name}' names parent ${bone.parentId}, which was not read before it; made a root`);
    const node = addNode(scene, { name: bone.name, joint: true, extras: { boneId: bone.id, parentId: bone.parentId } }, Math.max(-1, parent));
    if (bind && bind.frameCount > 0) {
      if (bone.id >= 0 && bone.id < bind.boneCount) Object.assign(scene.nodes[node], boneLocal(axis, bind.bonesRotPos, bone.id * FRAME_ENTRY_FLOATS, finite));
      else sink.warn('LOD_BONE_ID', `bone '${bone.name}' has BoneID ${bone.id}, outside the ${bind.boneCount} frame entries`);
    }
    if (bones.nodeById.has(bone.id)) sink.warn('LOD_BONE_ID', `BoneID ${bone.id} is used twice (bone ${i})`);
    else bones.nodeById.set(bone.id, node);
    bones.nodes.push(node);
  });
  return bones;
}

/** One skin over every joint node, with inverse bind matrices of the bind pose. */
export function buildSkin({ scene }: BuildContext, joints: number[]): number | undefined {
  if (!joints.length) return undefined;
  const world = new Float32Array(scene.nodes.length * 16);
  const local = new Float32Array(16);
  const inverseBindMatrices = new Float32Array(joints.length * 16);
  // Bones are added parents-first, so one pass computes the bind-pose world matrices.
  for (const node of joints) {
    const n = scene.nodes[node];
    math.fromTRS(n.translation, n.rotation, n.scale, local);
    const out = world.subarray(node * 16, node * 16 + 16);
    if (n.parent >= 0) math.multiply(world.subarray(n.parent * 16, n.parent * 16 + 16), local, out);
    else out.set(local);
  }
  joints.forEach((node, j) => {
    const inv = math.invert(world.subarray(node * 16, node * 16 + 16)) ?? math.identity();
    inverseBindMatrices.set(inv, j * 16);
  });
  const roots = joints.filter((n) => scene.nodes[n].parent === -1);
  scene.skins.push({ name: 'skeleton', joints: [...joints], inverseBindMatrices, ...(roots.length === 1 ? { skeleton: roots[0] } : {}) });
  return scene.skins.length - 1;
}
