import type { ByteReader } from '@relic3d/core';
import type { MdlBone } from '../file.js';
import { countField, depthCheck, istring, type ReadContext } from './context.js';
import { MIN_BONE } from './layout.js';

/** The root BONE records of a node (the spec allows one) and their children. */
export function readBones(r: ByteReader, ctx: ReadContext, count: number, depth: number): MdlBone[] {
  if (count > 1) ctx.sink.warn('MDL_SEVERAL_ROOT_BONES', `${count} root bones; the spec allows one`, r.absoluteOffset);
  const bones: MdlBone[] = [];
  for (let i = 0; i < count; i++) bones.push(readBone(r, depth));
  return bones;
}

function readBone(r: ByteReader, depth: number): MdlBone {
  depthCheck(r, depth, 'bones');
  const offset = r.absoluteOffset;
  r.expectTag('BONE');
  const bone: MdlBone = {
    offset,
    name: istring(r, 'bone name'),
    position: r.vec3(),
    rotation: r.quat(),
    scale: r.vec3(),
    children: [],
  };
  const childCount = countField(r, MIN_BONE, 'child bones');
  for (let i = 0; i < childCount; i++) bone.children.push(readBone(r, depth + 1));
  return bone;
}
