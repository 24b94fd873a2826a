/** An `.o3d` as bytes, in the client's read order (docs/formats/o3d.md §2): the inverse of read/index.ts. */
import { ByteCounter, ByteWriter, type ByteSink, keepMapAlive } from '@relic3d/core';
import { NAME_XOR, OBJECT_NORMAL, OBJECT_SKIN } from '../../file.js';
import type { WrittenFile } from '../plan.js';
import { leBytes, type NameBytes } from './arrays.js';
import { writeGeometry } from './geometry.js';
import { writeAttributes, writeMotionBody } from './motion.js';
import { WriteScratch } from './scratch.js';

// One inert WriteScratch keeps the class's map, and the optimised code that saw it, across full GCs
// (core's keepMapAlive, which also keeps ByteWriter's, ByteCounter's and ChannelCursor's).
keepMapAlive(new WriteScratch());

/**
 * Serialises an O3D (version 20–22 layout by `file.version`), raw or planned: counted first (core's
 * `ByteCounter`), then written into one `ByteWriter.planned` buffer of that size. The name must be ASCII and under 64 bytes.
 */
export function o3dBytes(file: WrittenFile, name: NameBytes): Uint8Array {
  const encodedNames = new Map<string, Uint8Array>();
  const cached: NameBytes = (text) => {
    let bytes = encodedNames.get(text);
    if (!bytes) encodedNames.set(text, (bytes = name(text)));
    return bytes;
  };
  const scratch = new WriteScratch();
  const size = new ByteCounter();
  serialise(size, file, cached, scratch);
  const out = ByteWriter.planned(size.length, 'o3d');
  serialise(out, file, cached, scratch);
  return out.finish();
}

function serialise(out: ByteSink, file: WrittenFile, name: NameBytes, scratch: WriteScratch): void {
  const encoded = Uint8Array.from(file.name, (c) => c.charCodeAt(0) ^ NAME_XOR);
  out.u8(encoded.length).bytes(encoded);
  out.i32(file.version).i32(file.id);
  const forces = file.version >= 22 ? 4 : 2;
  for (let k = 0; k < forces; k++) out.f32s(file.forces[k] ?? [0, 0, 0]);
  out.f32(file.scrollU).f32(file.scrollV);
  // The client's name buffer, left in the reserved bytes by its exporter (docs/formats/o3d.md §2.1).
  out.fixed(encoded.subarray(0, 16), 16);
  out.f32s(file.bboxMin).f32s(file.bboxMax).f32(file.perSlerp).i32(file.frameCount);
  out.i32(file.events.length);
  for (const e of file.events) out.f32s(e);
  if (file.collision) {
    out.i32(1);
    writeGeometry(out, file.collision, false, name, scratch);
  } else out.i32(0);
  out.i32(file.lodFlag);
  const skeleton = file.skeleton;
  out.i32(skeleton?.baseTMs.length ?? 0);
  if (skeleton && skeleton.baseTMs.length) {
    for (const m of skeleton.baseTMs) out.f32s(m);
    for (const m of skeleton.inverseTMs) out.f32s(m);
    if (file.frameCount > 0 && skeleton.motion) writeMotionBody(out, skeleton.motion, name);
    out.i32(skeleton.sendVS);
  }
  out.i32(file.poolSize);
  for (const group of file.groups) {
    out.i32(group.length);
    for (const object of group) {
      out.u32(object.typeRaw).i32(object.useBones.length).bytes(leBytes(object.useBones));
      out.i32(object.id).i32(object.parentIndex);
      if (object.parentIndex !== -1) out.i32(object.parentType);
      out.f32s(object.localTM);
      writeGeometry(out, object.geometry, (object.typeRaw & 0xffff) === OBJECT_SKIN, name, scratch);
      if ((object.typeRaw & 0xffff) === OBJECT_NORMAL && file.frameCount > 0) {
        if (object.tmAnimation) out.i32(1).bytes(leBytes(object.tmAnimation));
        else out.i32(0);
      }
    }
  }
  if (file.version >= 21 && file.attributeCount !== undefined) {
    out.i32(file.attributeCount);
    if (file.attributes && file.attributeCount === file.frameCount) writeAttributes(out, file.attributes);
  }
}
