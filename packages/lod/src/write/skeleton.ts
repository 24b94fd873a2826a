// SKL1 and ANS1/ANM1 bytes (docs/formats/lod.md §4).
import type { LodWriter } from './chunks.js';
import type { BoneAnimation } from './animation.js';
import type { Rig } from './rig.js';

/** `SKL1`: SkelType 1, then BoneID (= index), ParentID, name per bone, parents first. */
export function writeSkeleton(w: LodWriter, rig: Rig, names: string[]): void {
  w.begin('SKL1', rig.bones.length).u8(1);
  rig.bones.forEach((_, b) => w.i16(b).i16(rig.parents[b]).str(names[b], 'bone name'));
  w.end();
}

/** `ANS1` → one packed `ANM1` per clip: type 1, interval (ms), mode, name, frames × bones entries. */
export function writeAnimations(w: LodWriter, animations: BoneAnimation[]): void {
  w.begin('ANS1', animations.length);
  for (const a of animations) {
    w.begin('ANM1', a.frames).u8(1).i32(a.intervalMs).u8(a.mode).str(a.name, 'animation name');
    const put = a.put;
    // Straight into the output (a counting pass only adds the size).
    if (put) w.place(put.bytes, (view, at) => void (w.notFinite += put.into(view, at))).end();
    else (a.notFinite === 0 ? w.floats(a.data) : w.finiteFloats(a.data)).end();
  }
  w.end();
}
