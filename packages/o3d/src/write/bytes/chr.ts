/** A `.chr` skeleton as bytes (docs/formats/o3d.md §3): the inverse of read/chr.ts. */
import { ByteWriter } from '@relic3d/core';
import type { ChrFile } from '../../file.js';
import { lengthName, leBytes, type NameBytes } from './arrays.js';

export function chrBytes(chr: ChrFile, name: NameBytes): Uint8Array {
  const out = new ByteWriter(1024 + chr.bones.length * 240);
  out.i32(chr.version).i32(chr.id).i32(chr.bones.length);
  for (const bone of chr.bones) {
    lengthName(out, name(bone.name));
    out.f32s(bone.tm).f32s(bone.inverseTM).f32s(bone.localTM).i32(bone.parentIndex);
  }
  out.i32(chr.sendVS).f32s(chr.localRH).f32s(chr.localShield).f32s(chr.localKnuckle);
  // Version 5 stores 4 event slots, 6 and 7 store 8: positions, then their parent bones.
  const slots = chr.version === 5 ? 4 : chr.version >= 6 ? 8 : 0;
  for (let k = 0; k < slots; k++) out.f32s(chr.events[k] ?? [0, 0, 0]);
  const parents = new Int32Array(slots);
  parents.set(chr.eventParents.subarray(0, slots));
  out.bytes(leBytes(parents));
  if (chr.version >= 7) out.f32s(chr.localLH ?? IDENTITY);
  return out.finish();
}

const IDENTITY = Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
