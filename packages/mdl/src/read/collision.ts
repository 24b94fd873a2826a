import { isFormatError, printable, type ByteReader } from '@relic3d/core';
import type { MdlColliderPart, MdlCollision } from '../file.js';
import { countField, type ReadContext } from './context.js';

/** PHYS: byte size, then parts with 4-character shape tags (docs/formats/mdl.md §2.6). */
export function readUltraPhysics(r: ByteReader, ctx: ReadContext): MdlCollision {
  const offset = r.absoluteOffset;
  const byteSize = countField(r, 1, 'collider bytes');
  const collision: MdlCollision = { offset, byteSize, parts: [] };
  if (byteSize === 0) return collision;
  const s = r.sub(byteSize, 'collider data');
  const partCount = countField(s, 8, 'collider parts');
  for (let i = 0; i < partCount; i++) {
    const partAt = s.absoluteOffset;
    s.expectTag('PART');
    const shapeTag = s.tag();
    const part: MdlColliderPart = { offset: partAt, shapeTag };
    if (shapeTag === 'BOX_' || shapeTag === 'CYLI') part.primitive = readPrimitiveCollider(s);
    else if (shapeTag === 'MESH') part.mesh = readMeshCollider(s);
    else {
      ctx.sink.warn('MDL_UNKNOWN_COLLIDER_SHAPE', `unknown collider shape ${printable(shapeTag)}; the rest of PHYS (${s.remaining} bytes) was skipped`, partAt);
      collision.raw = s.u8Array(s.remaining).slice();
      return collision;
    }
    collision.parts.push(part);
  }
  if (s.remaining > 0) {
    ctx.sink.warn('MDL_COLLIDER_TAIL', `${s.remaining} bytes after the collider parts were kept raw`, s.absoluteOffset);
    collision.raw = s.u8Array(s.remaining).slice();
  }
  return collision;
}

/**
 * COLL: the part payloads are undocumented. Assumed like the real format's: ids 0–5 carry offset,
 * rotation and size; 6 (convex hull) and 7 (polygons) carry flag + polygons. When that reading does
 * not fill the size exactly, the payload is kept raw with a warning.
 */
export function readG3dCollision(r: ByteReader, ctx: ReadContext): MdlCollision {
  const offset = r.absoluteOffset;
  const byteSize = countField(r, 1, 'collider bytes');
  const collision: MdlCollision = { offset, byteSize, parts: [] };
  if (byteSize === 0) return collision;
  const s = r.sub(byteSize, 'collider data');
  try {
    const partCount = countField(s, 8, 'collider parts');
    const parts: MdlColliderPart[] = [];
    for (let i = 0; i < partCount; i++) {
      const partAt = s.absoluteOffset;
      s.expectTag('PART');
      const idAt = s.offset;
      const shapeId = s.i32();
      const part: MdlColliderPart = { offset: partAt, shapeId };
      if (shapeId >= 0 && shapeId <= 5) part.primitive = readPrimitiveCollider(s);
      else if (shapeId === 6 || shapeId === 7) part.mesh = readMeshCollider(s);
      else s.fail('a collider shape id 0..7', String(shapeId), 'BAD_VALUE', idAt);
      parts.push(part);
    }
    if (s.remaining > 0) s.fail('the end of COLL', `${s.remaining} more bytes`, 'BAD_SIZE');
    collision.parts = parts;
  } catch (e) {
    if (!isFormatError(e)) throw e;
    ctx.sink.warn('MDL_COLLIDER_UNVERIFIED', `COLL payload kept raw (undocumented layout: ${e.message})`, offset);
    collision.raw = s.bytes.slice();
  }
  return collision;
}

function readPrimitiveCollider(r: ByteReader) {
  return { offset: r.vec3(), rotation: r.quat(), size: r.vec3() };
}

function readMeshCollider(r: ByteReader) {
  const flag = r.i32();
  const polygonCount = countField(r, 4, 'collider polygons');
  const polygons: Float32Array[] = [];
  for (let p = 0; p < polygonCount; p++) {
    const n = countField(r, 12, 'polygon vertices');
    polygons.push(r.f32Array(n * 3, 'polygon vertices').slice());
  }
  return { flag, polygons };
}
