/** An `.ani` motion as bytes (docs/formats/o3d.md §4.1): the inverse of read/ani.ts. */
import { ByteWriter } from '@relic3d/core';
import type { AniFile } from '../../file.js';
import { leBytes, type NameBytes } from './arrays.js';
import { writeAttributes, writeMotionBody } from './motion.js';

export function aniBytes(ani: AniFile, name: NameBytes): Uint8Array {
  const keys = ani.motion.tracks.reduce((n, t) => n + (t.keys ? t.keys.length * 4 : 64), 0);
  const out = new ByteWriter(1024 + keys + ani.motion.bones.length * 180 + ani.frameCount * 12);
  out.i32(ani.version).i32(ani.id).f32(ani.perSlerp).zeros(32);
  out.i32(ani.motion.bones.length).i32(ani.frameCount).i32(ani.path ? 1 : 0);
  if (ani.path) out.bytes(leBytes(ani.path));
  writeMotionBody(out, ani.motion, name);
  // One attribute record per frame, always (the client reads frameCount of them).
  const attributes: AniFile['attributes'] = [];
  for (let f = 0; f < ani.frameCount; f++) attributes.push(ani.attributes[f] ?? { flags: 0, soundId: 0, frame: 0 });
  writeAttributes(out, attributes);
  out.i32(ani.events.length);
  for (const e of ani.events) out.f32s(e);
  return out.finish();
}
