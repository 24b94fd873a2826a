import { math, type Scene, type WarningSink } from '@relic3d/core';
import type { MeshData } from './mesh-data.js';
import { MAX_NUMBER_BYTES, NEWLINE, TAB, putBytes, putCopy, putFixedAt, putUint } from './digits.js';
import { ascii, type TextWriter } from './text.js';

/**
 * Skins as the `*MESH_WEIGHTS` block the ASE reader and assimp read (docs/formats/ase.md §5.6): bone
 * names, then each vertex's (bone, weight) pairs. The bind pose of such a file is the `*NODE_TM` of
 * every node, so vertices are written skinned at the scene's rest pose (`jointMatrices`).
 */

/** Joint matrices world × inverse bind (scene axes, 16 per joint) of a skin at the rest pose. */
export function restJointMatrices(scene: Scene, skin: number, world: Float32Array): Float64Array {
  const s = scene.skins[skin];
  const out = new Float64Array(s.joints.length * 16);
  s.joints.forEach((node, j) => {
    math.multiply(world.subarray(node * 16, node * 16 + 16), s.inverseBindMatrices.subarray(j * 16, j * 16 + 16), out.subarray(j * 16, j * 16 + 16));
  });
  return out;
}

/**
 * True when every joint's world × inverse bind is the same matrix at rest: then the rest pose is
 * the bind pose and the file poses exactly as the scene does. Otherwise each vertex is bound where
 * the rest pose puts it, and poses far from rest differ (warned by the caller).
 */
export function restIsBind(jointMatrices: Float64Array): boolean {
  const n = jointMatrices.length / 16;
  let size = 1;
  for (let i = 0; i < jointMatrices.length; i++) size = Math.max(size, Math.abs(jointMatrices[i]));
  for (let j = 1; j < n; j++) {
    for (let c = 0; c < 16; c++) if (Math.abs(jointMatrices[j * 16 + c] - jointMatrices[c]) > 1e-4 * size) return false;
  }
  return true;
}

const K = {
  open: ascii('\t\t*MESH_WEIGHTS {\n\t\t\t*MESH_NUMVERTEX '),
  numBone: ascii('\t\t\t*MESH_NUMBONE '),
  boneList: ascii('\t\t\t*MESH_BONE_LIST {\n'),
  boneName: ascii('\t\t\t\t*MESH_BONE_NAME '),
  vertexList: ascii('\t\t\t*MESH_BONE_VERTEX_LIST {\n'),
  vertex: ascii('\t\t\t\t*MESH_BONE_VERTEX '),
  close3: ascii('\t\t\t}\n'),
  close2: ascii('\t\t}\n'),
};

/** `bones`: encoded name of each joint of the skin (undefined for a joint that is not written). */
export function writeWeights(out: TextWriter, d: MeshData, bones: (Uint8Array | undefined)[], sink: WarningSink, where: string): void {
  const joints = d.joints!, weights = d.weights!;
  let dropped = 0;
  out.raw(K.open);
  out.int(d.vertexCount);
  out.newline();
  out.raw(K.numBone);
  out.int(bones.length);
  out.newline();
  out.raw(K.boneList);
  for (let b = 0; b < bones.length; b++) {
    out.raw(K.boneName);
    out.int(b);
    out.space();
    out.quoted(bones[b] ?? new Uint8Array(0));
    out.newline();
  }
  out.raw(K.close3);
  out.raw(K.vertexList);
  // Each position as the `*MESH_VERTEX` list wrote it (its bytes copied), then the influences.
  const text = d.positionText!, scale = out.scale, dec = out.decimals;
  let b = out.ensure(out.length, 0), p = out.length;
  for (let v = 0; v < d.vertexCount; v++) {
    const from = text[v * 2], to = text[v * 2 + 1];
    const line = K.vertex.length + 2 * MAX_NUMBER_BYTES + (to - from) + 4 * (2 * MAX_NUMBER_BYTES + 2);
    if (p + line > b.length) b = out.ensure(p, line);
    p = putBytes(b, p, K.vertex);
    p = putUint(b, p, v);
    b[p++] = TAB;
    p = putCopy(b, p, from, to);
    for (let k = 0; k < 4; k++) {
      const w = weights[v * 4 + k], j = joints[v * 4 + k];
      if (!(w > 0)) continue;
      if (j >= bones.length || !bones[j]) {
        dropped++;
        continue;
      }
      b[p++] = TAB;
      p = putUint(b, p, j);
      b[p++] = TAB;
      p = putFixedAt(b, p, weights, v * 4 + k, scale, dec);
    }
    b[p++] = NEWLINE;
  }
  out.ensure(p, 0);
  out.raw(K.close3);
  out.raw(K.close2);
  if (dropped) sink.warn('ASE_WRITE_SKIN_BONE', `object "${where}": ${dropped} weights name joints that are not written; dropped`);
}
