import { mirrorZ, type AnimationChannel, type AnimationClip } from '@relic3d/core';
import type { MdlAnimation } from '../file.js';
import { rotationKeys } from './axes.js';
import type { BuildContext } from './context.js';
import type { Skeleton } from './skins.js';

/** One ANIM as a clip on the skeleton's joints: evenly spaced LINEAR keys. */
export function buildAnimation(ctx: BuildContext, anim: MdlAnimation, skeleton: Skeleton, nodeName: string): AnimationClip {
  const { sink } = ctx;
  let speed = anim.speed;
  // Below 1e-6 (a denormal, say) the key times overflow float32 to Infinity.
  if (!(speed >= 1e-6 && speed <= 1e6)) {
    sink.warn('MDL_BAD_SPEED', `animation '${anim.name}' has speed ${speed}; 1 used`, anim.offset);
    speed = 1;
  }
  // Evenly spaced keys; the clip lasts keyframes / 60 / speed seconds (docs/formats/mdl.md §5.7).
  const step = 1 / 60 / speed;
  const count = anim.keyframeCount;
  const channels: AnimationChannel[] = [];
  const flags: Record<string, number> = {};
  let times: Float32Array | undefined;
  const keyTimes = () => (times ??= evenTimes(count, step));
  for (const track of anim.tracks) {
    const joint = skeleton.joints[track.boneId];
    if (joint === undefined || track.boneId < 0) {
      sink.warn('MDL_BAD_TRACK_BONE', `animation '${anim.name}' animates bone ${track.boneId}, which does not exist; skipped`, anim.offset);
      continue;
    }
    flags[ctx.scene.nodes[joint].name || String(track.boneId)] = track.flags;
    if (count === 0) continue;
    if (track.position) channels.push({ node: joint, path: 'translation', times: keyTimes(), values: mirrorZ(track.position), interpolation: 'LINEAR' });
    if (track.rotation) {
      // Unit or the identity, so finite: the scrub skips them.
      const values = rotationKeys(track.rotation);
      ctx.finite.add(values);
      channels.push({ node: joint, path: 'rotation', times: keyTimes(), values, interpolation: 'LINEAR' });
    }
    if (track.scale) channels.push({ node: joint, path: 'scale', times: keyTimes(), values: track.scale.slice(), interpolation: 'LINEAR' });
  }
  return {
    name: anim.name,
    duration: count * step,
    channels,
    extras: { speed: anim.speed, keyframeCount: count, keyframeFlags: flags, node: nodeName },
  };
}

/** k × step for every key k (float32, as Float32Array.from of the products), by a plain loop. */
function evenTimes(count: number, step: number): Float32Array {
  const times = new Float32Array(count);
  for (let k = 0; k < count; k++) times[k] = k * step;
  return times;
}
