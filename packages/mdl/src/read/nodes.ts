import { FormatError, isFormatError, printable, type ByteReader } from '@relic3d/core';
import { FORMAT_ID, type MdlNode } from '../file.js';
import { readAnimations } from './animations.js';
import { readG3dCollision, readUltraPhysics } from './collision.js';
import { countField, depthCheck, istring, nextTagIs, tagAt, type ReadContext } from './context.js';
import { MIN_ANIM, MIN_BONE, MIN_LOD, MIN_NODE } from './layout.js';
import { readLod } from './meshes.js';
import { readBones } from './skins.js';

/** NODE and everything under it: LODs, bones, animations, colliders and child nodes. */
export function readNode(r: ByteReader, ctx: ReadContext, depth: number): MdlNode {
  depthCheck(r, depth, 'nodes');
  const offset = r.absoluteOffset;
  r.expectTag('NODE');
  const ultra = ctx.variant === 'ultra';
  const node: MdlNode = {
    offset,
    name: istring(r, 'node name'),
    engineProperties: istring(r, 'engine properties'),
    userProperties: istring(r, 'user properties'),
    position: r.vec3(),
    rotation: r.quat(),
    scale: r.vec3(),
    color: r.vec4(),
    attachBone: -1,
    lods: [],
    bones: [],
    animations: [],
    collision: { offset: 0, byteSize: 0, parts: [] },
    children: [],
  };
  if (ultra && ctx.version >= 301) node.unknownNodeFloats = r.vec3();
  if (!ultra) node.attachBone = r.i32();
  const lodCount = countField(r, MIN_LOD, 'LODs');
  for (let i = 0; i < lodCount; i++) node.lods.push(readLod(r, ctx));

  if (ultra) {
    // Real node tail: SKEL, ATCH, ASET, PHYS, KIDS (docs/formats/mdl.md §2.2).
    r.expectTag('SKEL');
    const boneCount = countField(r, MIN_BONE, 'bones');
    if (boneCount > 0) node.bones = unverifiedUltra(r, () => readBones(r, ctx, boneCount, depth), 'ATCH');
    r.expectTag('ATCH');
    node.attachBone = r.i32();
    r.expectTag('ASET');
    const animationCount = countField(r, MIN_ANIM, 'animations');
    if (animationCount > 0) node.animations = unverifiedUltra(r, () => readAnimations(r, ctx, animationCount), 'PHYS');
    r.expectTag('PHYS');
    node.collision = readUltraPhysics(r, ctx);
    r.expectTag('KIDS');
    const childCount = countField(r, MIN_NODE, 'child nodes');
    for (let i = 0; i < childCount; i++) node.children.push(readNode(r, ctx, depth + 1));
  } else {
    // Documented tail: INT bones, INT animations, COLL, KIDS without a count (docs/formats/mdl.md §3.3).
    const boneCount = countField(r, MIN_BONE, 'bones');
    node.bones = readBones(r, ctx, boneCount, depth);
    const animationCount = countField(r, MIN_ANIM, 'animations');
    node.animations = readAnimations(r, ctx, animationCount);
    r.expectTag('COLL');
    node.collision = readG3dCollision(r, ctx);
    r.expectTag('KIDS');
    if (hasChildCount(r)) {
      // As the real format writes it: an INT child count, then the children.
      const childCount = countField(r, MIN_NODE, 'child nodes');
      for (let i = 0; i < childCount; i++) node.children.push(readNode(r, ctx, depth + 1));
    } else {
      // As documented, no count: children follow while the next tag is NODE. Nested children
      // therefore take every later NODE (the layout is ambiguous there).
      while (r.remaining >= 4 && nextTagIs(r, 'NODE')) node.children.push(readNode(r, ctx, depth + 1));
    }
  }
  return node;
}

/**
 * Whether a G3D `KIDS` carries a child count (the real format) rather than children right away
 * (the G3D page). The two cannot be confused: the bytes of a `NODE` tag as a count are over a
 * billion children, far more than the bytes left can hold. A count is taken when it is 0, or when
 * its children fit in the bytes left and the first of them starts with `NODE`.
 */
function hasChildCount(r: ByteReader): boolean {
  if (r.remaining < 4 || nextTagIs(r, 'NODE')) return false;
  const n = new DataView(r.bytes.buffer, r.bytes.byteOffset + r.offset, 4).getInt32(0, true);
  if (n === 0) return true;
  if (n < 0 || n * MIN_NODE > r.remaining - 4) return false;
  return r.remaining >= 8 && tagAt(r, r.offset + 4, 'NODE');
}

/**
 * Ultra files with bones or animations are unverified (docs/formats/mdl.md §2.2): read the
 * documented structures and accept them only when the reading ends exactly at the next expected tag.
 */
function unverifiedUltra<T>(r: ByteReader, read: () => T, nextTag: string): T {
  const start = r.absoluteOffset;
  const fail = (detail: string): never => {
    throw new FormatError({
      format: FORMAT_ID,
      offset: start,
      expected: `documented BONE/ANIM data ending at '${nextTag}'`,
      found: detail,
      code: 'UNSUPPORTED',
      message: `Ultra MDL with bones/animations: layout unverified (read from offset ${start}: ${detail})`,
    });
  };
  let value: T;
  try {
    value = read();
  } catch (e) {
    if (isFormatError(e)) fail(e.message);
    throw e;
  }
  if (r.remaining < 4 || !nextTagIs(r, nextTag)) {
    const found = r.remaining >= 4 ? printable(String.fromCharCode(...r.bytes.subarray(r.offset, r.offset + 4))) : 'end of file';
    fail(`'${found}' at offset ${r.absoluteOffset} instead of '${nextTag}'`);
  }
  return value!;
}
