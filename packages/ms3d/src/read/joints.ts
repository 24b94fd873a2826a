import type { ByteReader } from '@relic3d/core';
import type { Ms3dJoint } from '../file.js';
import { InPlaceJoint } from './key-tracks.js';
import { JOINT_MIN_SIZE, KEY_SIZE } from './layout.js';

function readKeys(r: ByteReader, n: number, what: string): Float32Array {
  const keys = r.f32Array(n * 4, what);
  // A copy of its own: unaligned keys are already one, aligned ones are a view of the input.
  return keys.buffer === r.bytes.buffer ? keys.slice() : keys;
}

/**
 * `u16 count`, then joints of 93 + 16·(nRot + nPos) bytes with their keys (docs/formats/ms3d.md
 * §2.7). `inPlace`: keys stay in the input (see InPlaceJoint); the scene path reads them there.
 */
export function readJoints(r: ByteReader, inPlace: boolean): Ms3dJoint[] {
  const count = r.count(r.u16(), JOINT_MIN_SIZE, 'joints');
  const joints: Ms3dJoint[] = [];
  const view = new DataView(r.bytes.buffer);
  for (let j = 0; j < count; j++) {
    r.need(JOINT_MIN_SIZE, 'joint');
    const flags = r.u8();
    const name = r.string(32, 'joint name');
    const parentName = r.string(32, 'joint parent name');
    const rotation = r.vec3();
    const position = r.vec3();
    const nRot = r.u16();
    const nPos = r.u16();
    // Both counts come before both arrays.
    r.count(nRot + nPos, KEY_SIZE, `keys of joint ${j}`);
    if (inPlace) {
      const at = r.bytes.byteOffset + r.offset;
      r.skip(nRot * KEY_SIZE, 'rotation keys');
      r.skip(nPos * KEY_SIZE, 'position keys');
      joints.push(new InPlaceJoint(flags, name, parentName, rotation, position, { view, byteOffset: at, count: nRot }, { view, byteOffset: at + nRot * KEY_SIZE, count: nPos }));
      continue;
    }
    const rotationKeys = readKeys(r, nRot, 'rotation keys');
    const positionKeys = readKeys(r, nPos, 'position keys');
    joints.push({ flags, name, parentName, rotation, position, rotationKeys, positionKeys });
  }
  return joints;
}
