// Animations: one glTF animation per clip (or the chosen one), with key times and values as glTF
// accepts them; channels of nodes whose parent carries a rotation are turned by it.
import { math, type AnimationClip } from '@relic3d/core';
import { accessor } from './accessors.js';
import type { ExportContext } from './context.js';
import { keysInsideClip } from './keys-in-clip.js';
import type { Json } from './output.js';
import { cleanKeyTimes, finiteValues, keptValues, unitQuaternionKeys } from './sanitize.js';

/** The clips to write: every clip, or the one `options.animation` names (a RangeError when there is none). */
export function selectedClips(ctx: ExportContext): AnimationClip[] {
  const { animation } = ctx.options;
  const clips = ctx.scene.animations;
  if (animation === undefined) return clips;
  const clip = typeof animation === 'number' ? clips[animation] : clips.find((c) => c.name === animation);
  if (!clip) {
    throw new RangeError(
      `animation ${JSON.stringify(animation)} not found; the scene has ${clips.length ? clips.map((c) => JSON.stringify(c.name)).join(', ') : 'no animations'}`,
    );
  }
  return [clip];
}

/** Key times as written (finite, ≥ 0 after the clip's shift, increasing), once per source array. */
function keyTimes(ctx: ExportContext, times: Float32Array, shift: number): ReturnType<typeof cleanKeyTimes> {
  let byShift = ctx.cleanTimes.get(times);
  if (!byShift) ctx.cleanTimes.set(times, (byShift = new Map()));
  let keys = byShift.get(shift);
  if (!keys) {
    keys = cleanKeyTimes(times, shift);
    byShift.set(shift, (keys = { ...keys, times: sharedTimes(ctx, keys.times) }));
  }
  return keys;
}

/**
 * One array (so one input accessor) per distinct list of key times: formats often give every
 * bone's track its own copy of the same frame times.
 */
function sharedTimes(ctx: ExportContext, times: Float32Array): Float32Array {
  const key = `${times.length}:${times[0]}:${times[times.length - 1]}`;
  let same = ctx.timesByContent.get(key);
  if (!same) ctx.timesByContent.set(key, (same = []));
  for (const other of same) {
    let equal = true;
    for (let i = 0; i < times.length && equal; i++) if (other[i] !== times[i]) equal = false;
    if (equal) return other;
  }
  same.push(times);
  return times;
}

/** One glTF animation per selected clip; channels glTF cannot hold are left out with a warning. */
export function writeAnimations(ctx: ExportContext): void {
  for (const clip of selectedClips(ctx).map((c) => keysInsideClip(ctx, c))) {
    const samplers: Json[] = [];
    const channels: Json[] = [];
    // glTF times start at 0 or later: a clip with earlier keys moves as a whole.
    let earliest = 0;
    for (const ch of clip.channels) {
      for (let i = 0; i < ch.times.length; i++) {
        const t = ch.times[i];
        if (t < earliest && t > -Infinity) earliest = t;
      }
    }
    const shift = earliest < 0 ? Math.fround(-earliest) : 0;
    if (shift) ctx.warn('GLTF_ANIMATION_SHIFTED', `clip '${clip.name}' starts at ${earliest} s; keys moved by ${shift} s (glTF times are ≥ 0)`);
    const seen = new Set<string>();
    const samplerIndex = new Map<string, number>();
    let last = 0;
    clip.channels.forEach((ch, c) => {
      const skip = (why: string) => ctx.warn('GLTF_CHANNEL_SKIPPED', `clip '${clip.name}' channel ${c}: ${why}`);
      const target = Number.isInteger(ch.node) && ch.node >= 0 && ch.node < ctx.scene.nodes.length ? ctx.json.nodes[ch.node] : undefined;
      if (!target) return skip(`node ${ch.node} does not exist`);
      const key = `${ch.node}/${ch.path}`;
      if (seen.has(key)) return skip(`a second ${ch.path} channel for node ${ch.node}`);
      const cubic = ch.interpolation === 'CUBICSPLINE';
      let size = ch.path === 'rotation' ? 4 : 3;
      if (ch.path === 'weights') {
        size = target.mesh !== undefined ? ctx.targetCounts[target.mesh as number] : 0;
        if (!size) return skip('weights for a node without morph targets');
      }
      const stride = size * (cubic ? 3 : 1);
      if (ch.values.length !== ch.times.length * stride) return skip('value count does not match the keys');
      const keys = keyTimes(ctx, ch.times, shift);
      if (keys.times.length === 0 || (cubic && keys.times.length < 2)) return skip(`${keys.times.length} usable keys`);
      if (keys.dropped) {
        ctx.warn('GLTF_KEYS_DROPPED', `clip '${clip.name}' channel ${c}: ${keys.dropped} keys with non-finite, negative or non-increasing times left out`);
      }
      seen.add(key);
      let values = keptValues(ch.values, keys.keep, stride);
      const turn = ctx.plan.nodes[ch.node].turn;
      if (turn && (ch.path === 'translation' || ch.path === 'rotation')) values = turned(values, ch.path, turn);
      if (ch.path === 'rotation') {
        // Builders' keys pass this check and are written as they are; it guards hand-built scenes.
        const unit = unitQuaternionKeys(values, cubic);
        if (unit.fixed) ctx.warn('GLTF_VALUES_FIXED', `clip '${clip.name}' channel ${c}: ${unit.fixed} zero or non-finite rotations replaced by the identity`);
        values = unit.data;
      } else {
        const finite = ctx.finite ? { data: values, replaced: 0 } : finiteValues(values, ch.path === 'scale' && !cubic ? 1 : 0);
        if (finite.replaced) ctx.warn('GLTF_VALUES_FIXED', `clip '${clip.name}' channel ${c}: ${finite.replaced} non-finite ${ch.path} values replaced`);
        values = finite.data;
      }
      last = Math.max(last, keys.times[keys.times.length - 1]);
      // Key times are increasing here, so their bounds (which glTF requires) are the ends.
      const times = keys.times;
      const input = accessor(ctx, times, 1, 'animation:input', (data) => ({ data, min: [data[0]], max: [data[data.length - 1]] }));
      const output = accessor(ctx, values, ch.path === 'weights' ? 1 : size, `animation:output:${ch.path === 'weights' ? 1 : size}`);
      // Channels that share input, output and interpolation share one sampler.
      const samplerKey = `${input}:${output}:${ch.interpolation}`;
      let sampler = samplerIndex.get(samplerKey);
      if (sampler === undefined) {
        sampler = samplers.length;
        samplers.push({ input, output, interpolation: ch.interpolation });
        samplerIndex.set(samplerKey, sampler);
      }
      const channel: Json = { sampler, target: { node: ch.node, path: ch.path } };
      const extras = ctx.extras(ch.extras);
      if (extras) channel.extras = extras;
      channels.push(channel);
    });
    if (channels.length === 0) {
      ctx.warn('GLTF_ANIMATION_EMPTY', `clip '${clip.name}' has no channels glTF can hold; left out`);
      continue;
    }
    const animation: Json = { name: clip.name, channels, samplers };
    const duration = clip.duration + shift;
    const extras = ctx.extras(clip.extras, Number.isFinite(duration) && Math.abs(duration - last) > 1e-6 ? { duration: clip.duration } : undefined);
    if (extras) animation.extras = extras;
    ctx.json.animations.push(animation);
  }
}

/** Channel values turned by a rotation q (q · v for translations, q ⊗ r for rotations; tangents too, as both are linear). */
function turned(values: Float32Array, path: 'translation' | 'rotation', q: ArrayLike<number>): Float32Array {
  const out = new Float32Array(values.length);
  if (path === 'translation') {
    for (let i = 0; i + 2 < values.length; i += 3) out.set(math.quatRotateVec3(q, values.subarray(i, i + 3)), i);
  } else {
    for (let i = 0; i + 3 < values.length; i += 4) out.set(math.quatMultiply(q, values.subarray(i, i + 4)), i);
  }
  return out;
}
