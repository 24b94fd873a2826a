import type { Quat } from '@relic3d/core';
import type { LodCollider, LodColliderSet } from '../file.js';
import { bool, lstr, readNameList, type Chunk } from './chunks.js';
import { COLLIDER_SIZE } from './layout.js';

/** `COL1`: one set of skeleton colliders (docs/formats/lod.md §7.4). */
export function readColliderSet(chunk: Chunk): LodColliderSet {
  const r = chunk.data;
  const name = lstr(r, 'collider set name');
  const count = r.count(chunk.count, 4 + COLLIDER_SIZE, 'colliders');
  const names = readNameList(r, count, 'collider');
  const colliders: LodCollider[] = [];
  const axis = (): { axis: Quat; minAngle: number; maxAngle: number } => ({ axis: r.quat(), minAngle: r.f32(), maxAngle: r.f32() });
  r.count(count, COLLIDER_SIZE, 'collider records');
  for (let i = 0; i < count; i++) {
    colliders.push({
      name: names[i],
      boneId: r.i16(),
      type: r.u8(),
      matrix: r.mat4(),
      tag: r.i32(),
      tagFloat: r.f32(),
      visible: bool(r),
      jointAxis: [axis(), axis()],
    });
  }
  return { name, colliders };
}
