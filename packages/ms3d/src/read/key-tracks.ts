import type { Ms3dJoint } from '../file.js';
import { HOST_IS_LITTLE_ENDIAN } from './host-endian.js';
import { KEY_SIZE } from './layout.js';

/** `count` keys of 4 little-endian f32 (time, then xyz) starting at `byteOffset` of `view`. */
export interface KeyTrack {
  view: DataView;
  byteOffset: number;
  count: number;
}

/** Where a joint read by the scene path keeps its keys: the input bytes, not a decoded copy. */
const TRACKS = Symbol('ms3d key tracks');
type TrackedJoint = Ms3dJoint & { [TRACKS]?: [KeyTrack, KeyTrack] };

/** A track over a decoded key array (host byte order; big-endian hosts get a little-endian copy). */
function trackOfArray(keys: Float32Array): KeyTrack {
  const count = keys.length >> 2;
  if (HOST_IS_LITTLE_ENDIAN) return { view: new DataView(keys.buffer, keys.byteOffset, keys.byteLength), byteOffset: 0, count };
  const view = new DataView(new ArrayBuffer(count * KEY_SIZE));
  for (let i = 0; i < count * 4; i++) view.setFloat32(i * 4, keys[i], true);
  return { view, byteOffset: 0, count };
}

/** The joint's rotation and position key tracks, wherever they are stored. */
export function jointTracks(joint: Ms3dJoint): [KeyTrack, KeyTrack] {
  return (joint as TrackedJoint)[TRACKS] ?? [trackOfArray(joint.rotationKeys), trackOfArray(joint.positionKeys)];
}

function decode(track: KeyTrack): Float32Array {
  const out = new Float32Array(track.count * 4);
  for (let i = 0; i < out.length; i++) out[i] = track.view.getFloat32(track.byteOffset + i * 4, true);
  return out;
}

/**
 * Gives a joint key arrays that stay in the input until someone reads them: the scene path
 * converts keys straight from the input bytes (keys are most of an animated file, and a decoded
 * copy would double them at peak). Reading `rotationKeys` or `positionKeys` decodes once.
 */
export function attachKeyTracks(joint: Ms3dJoint, rotation: KeyTrack, position: KeyTrack): void {
  const tracked = joint as TrackedJoint;
  Object.defineProperty(tracked, TRACKS, { value: [rotation, position], enumerable: false });
  for (const [name, track] of [['rotationKeys', rotation], ['positionKeys', position]] as const) {
    let decoded: Float32Array | undefined;
    Object.defineProperty(tracked, name, {
      enumerable: true,
      configurable: true,
      get: () => (decoded ??= decode(track)),
      set: (value: Float32Array) => {
        Object.defineProperty(tracked, name, { value, enumerable: true, configurable: true, writable: true });
      },
    });
  }
}
