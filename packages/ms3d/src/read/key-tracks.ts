import { keepMapAlive, type Vec3 } from '@relic3d/core';
import type { Ms3dJoint } from '../file.js';
import { HOST_IS_LITTLE_ENDIAN } from './host-endian.js';
import { KEY_SIZE } from './layout.js';

/** `count` keys of 4 little-endian f32 (time, then xyz) starting at `byteOffset` of `view`. */
export interface KeyTrack {
  view: DataView;
  byteOffset: number;
  count: number;
}

function decode(track: KeyTrack): Float32Array {
  const out = new Float32Array(track.count * 4);
  for (let i = 0; i < out.length; i++) out[i] = track.view.getFloat32(track.byteOffset + i * 4, true);
  return out;
}

/**
 * A joint whose key arrays stay in the input until someone reads them: the scene path converts
 * keys straight from the input bytes (keys are most of an animated file, and a decoded copy would
 * double them at peak). Reading `rotationKeys` or `positionKeys` decodes once. A class, not
 * accessors defined per object: those made every joint a dictionary-mode object, 8–9% of a small
 * animated file's parse (64 joints of 10 keys, issue #25).
 */
export class InPlaceJoint implements Ms3dJoint {
  #rotationKeys: Float32Array | undefined;
  #positionKeys: Float32Array | undefined;
  readonly #tracks: [KeyTrack, KeyTrack];
  #bind: unknown;

  constructor(
    public flags: number,
    public name: string,
    public parentName: string,
    public rotation: Vec3,
    public position: Vec3,
    rotationTrack: KeyTrack,
    positionTrack: KeyTrack,
  ) {
    this.#tracks = [rotationTrack, positionTrack];
  }

  get tracks(): [KeyTrack, KeyTrack] {
    return this.#tracks;
  }

  /** `compute()` once: the scene asks for the joint's bind pose three times (node, skin, channels). */
  once<T>(compute: (joint: InPlaceJoint) => T): T {
    return (this.#bind ??= compute(this)) as T;
  }

  get rotationKeys(): Float32Array {
    return (this.#rotationKeys ??= decode(this.#tracks[0]));
  }

  set rotationKeys(value: Float32Array) {
    this.#rotationKeys = value;
  }

  get positionKeys(): Float32Array {
    return (this.#positionKeys ??= decode(this.#tracks[1]));
  }

  set positionKeys(value: Float32Array) {
    this.#positionKeys = value;
  }
}

// Parses make their joints and drop them: with the last one gone a full GC took the class's map, and
// readJoints, resolveParents, bindOf and jointChannels were compiled again on the next parse
// (--trace-deopt: "weak objects", every forced-GC round of the small animated files). One is kept.
const NO_KEYS: KeyTrack = { view: new DataView(new ArrayBuffer(0)), byteOffset: 0, count: 0 };
keepMapAlive(new InPlaceJoint(0, '', '', [0, 0, 0], [0, 0, 0], NO_KEYS, NO_KEYS));

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
  if (joint instanceof InPlaceJoint) return joint.tracks;
  return [trackOfArray(joint.rotationKeys), trackOfArray(joint.positionKeys)];
}
