import type { AnimationChannel } from '@relic3d/core';
import type { LodFile } from '../file.js';
import { FRAME_ENTRY_FLOATS } from '../read/layout.js';
import type { BuildContext } from './context.js';
import { boneTrack, type Bones } from './skeleton.js';

/** GLScene's AnimationMode values, by number. */
export const ANIMATION_MODES = ['none', 'playOnce', 'loop', 'bounceForward', 'bounceBackward', 'loopBackward', 'external'];
/** Frame time used when AnimInterval is not positive. */
export const DEFAULT_INTERVAL_MS = 100;

/** One clip per ANM1: a translation and a rotation channel per bone, one key per frame. */
export function buildAnimations(file: LodFile, { scene, axis, sink, finite }: BuildContext, bones: Bones): void {
  if (!file.skeleton) return;
  for (const anim of file.animations) {
    let interval = anim.interval;
    if (!(interval > 0)) {
      sink.warn('LOD_ANIMATION_INTERVAL', `animation '${anim.name}' has AnimInterval ${interval}; ${DEFAULT_INTERVAL_MS} ms used`);
      interval = DEFAULT_INTERVAL_MS;
    }
    const dt = interval / 1000;
    const frames = anim.frameCount;
    const channels: AnimationChannel[] = [];
    // Created with the first channel: without bones, Count is not bounded by any frame data.
    let times: Float32Array | undefined;
    for (const bone of file.skeleton.bones) {
      const node = bones.nodeById.get(bone.id);
      if (node === undefined || bone.id < 0 || bone.id >= anim.boneCount || frames === 0) continue;
      times ??= keyTimes(frames, dt);
      const t = new Float32Array(frames * 3);
      const r = new Float32Array(frames * 4);
      boneTrack(axis, anim.bonesRotPos, bone.id * FRAME_ENTRY_FLOATS, anim.boneCount * FRAME_ENTRY_FLOATS, frames, finite, t, r);
      channels.push({ node, path: 'translation', times, values: t, interpolation: 'LINEAR' });
      channels.push({ node, path: 'rotation', times, values: r, interpolation: 'LINEAR' });
    }
    scene.animations.push({
      name: anim.name,
      duration: frames > 0 ? (frames - 1) * dt : 0,
      channels,
      extras: {
        mode: anim.mode,
        modeName: ANIMATION_MODES[anim.mode] ?? 'unknown',
        interval: anim.interval,
        frameCount: frames,
        // GLScene actor semantics: a looping clip wraps from the last frame to the first.
        loopDuration: frames * dt,
      },
    });
  }
}

/** k × dt for every frame k (float32, as Float32Array.from of the products). */
function keyTimes(frames: number, dt: number): Float32Array {
  const times = new Float32Array(frames);
  for (let k = 0; k < frames; k++) times[k] = k * dt;
  return times;
}
