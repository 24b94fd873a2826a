// Animations: one clip per glTF animation, channels with their key times (seconds, as glTF) and
// values as the file gives them, LINEAR / STEP / CUBICSPLINE kept (tangents included); keys the
// scene cannot order (not finite, not increasing) left out with their values.
import type { AnimationChannel, AnimationClip, AnimationPath, Interpolation } from '@relic3d/core';
import { floats } from './accessors.js';
import { clipDefs, type ChannelDef, type ClipDef, type SamplerDef } from './clip-defs.js';
import type { ImportContext } from './context.js';
import { extrasWithout, finiteOr, textOf } from './values.js';

const SIZES: Record<string, number> = { translation: 3, rotation: 4, scale: 3 };
const INTERPOLATIONS = new Set<Interpolation>(['LINEAR', 'STEP', 'CUBICSPLINE']);

/** One clip per glTF animation, in glTF order; needs the meshes (weights channels have one value per target). */
export function createAnimations(ctx: ImportContext): void {
  const shared: SharedKeys = new Map();
  clipDefs(ctx).forEach((g, a) => {
    const name = textOf(g.name) || `animation_${a}`;
    const clip: AnimationClip = { name, duration: 0, channels: [] };
    const seen = new Set<string>();
    let last = 0;
    g.channels.forEach((gc, c) => {
      const channel = readChannel(ctx, gc, `clip '${name}' channel ${c}`, shared);
      if (!channel) return;
      const key = `${channel.node}/${channel.path}`;
      if (seen.has(key)) {
        ctx.warn('GLTF_CHANNEL_DROPPED', `clip '${name}' channel ${c}: a second ${channel.path} channel for node '${ctx.scene.nodes[channel.node].name}'; left out`);
        return;
      }
      seen.add(key);
      if (channel.times.length) last = Math.max(last, channel.times[channel.times.length - 1]);
      clip.channels.push(channel);
    });
    clip.duration = last;
    const extras = readClipExtras(ctx, g, clip);
    if (extras) clip.extras = extras;
    ctx.scene.animations.push(clip);
  });
}

/** A relic3d file keeps a clip's duration in extras when it is longer than its keys. */
function readClipExtras(ctx: ImportContext, g: ClipDef, clip: AnimationClip): Record<string, unknown> | undefined {
  const extras = g.extras as Record<string, unknown> | undefined;
  if (!ctx.relic3d) return extrasWithout(extras);
  const duration = finiteOr(extras?.duration, undefined);
  if (duration !== undefined && duration > MAX_KEY_TIME) ctx.warn('GLTF_KEYS_OUTLIER', `clip '${clip.name}': extras.duration ${duration} s is past ${MAX_KEY_TIME} s; the keys' end is used`);
  else if (duration !== undefined && duration >= 0) clip.duration = duration;
  return extrasWithout(extras, 'duration');
}

/**
 * Keys of a sampler, read once however many channels share it (issue 26: one sampler shared by
 * 20,000 channels): every channel that uses it gets the same arrays. A string says why it has none.
 */
type SharedKeys = Map<SamplerDef, Map<number, { times: Float32Array; values: Float32Array } | string>>;

function readChannel(ctx: ImportContext, gc: ChannelDef, label: string, shared: SharedKeys): AnimationChannel | undefined {
  const drop = (why: string) => {
    ctx.warn('GLTF_CHANNEL_DROPPED', `${label}: ${why}; left out`);
    return undefined;
  };
  const node = gc.node;
  if (node === undefined) return drop('it has no target node');
  const path = gc.path as string;
  let size = SIZES[path];
  if (path === 'weights') {
    const mesh = ctx.scene.nodes[node].mesh;
    size = mesh !== undefined ? (ctx.scene.meshes[mesh].primitives[0]?.targets?.length ?? 0) : 0;
    if (!size) return drop(`weights for node '${ctx.scene.nodes[node].name}', which has no morph targets`);
  } else if (!size) return drop(`target path ${JSON.stringify(path)} is not translation, rotation, scale or weights`);
  const sampler = gc.sampler;
  if (!sampler || !sampler.input || !sampler.output) return drop('its sampler has no input or output');
  let interpolation = sampler.interpolation as Interpolation;
  if (!INTERPOLATIONS.has(interpolation)) {
    ctx.warn('GLTF_CHANNEL_FIXED', `${label}: interpolation ${JSON.stringify(interpolation)} read as LINEAR`);
    interpolation = 'LINEAR';
  }
  const stride = size * (interpolation === 'CUBICSPLINE' ? 3 : 1);
  let byStride = shared.get(sampler);
  if (!byStride) shared.set(sampler, (byStride = new Map()));
  let keys = byStride.get(stride);
  if (!keys) byStride.set(stride, (keys = readKeys(ctx, sampler, stride, label)));
  if (typeof keys === 'string') return drop(keys);
  const { times: keyTimes, values: keyValues } = keys;
  const channel: AnimationChannel = { node, path: path as AnimationPath, times: keyTimes, values: keyValues, interpolation };
  const extras = extrasWithout(gc.extras);
  if (extras) channel.extras = extras;
  return channel;
}

/** The sampler's keys for channels of `stride` floats per key, or why it has none. */
function readKeys(ctx: ImportContext, sampler: SamplerDef, stride: number, label: string): { times: Float32Array; values: Float32Array } | string {
  const input = sampler.input!;
  const output = sampler.output!;
  if (input.getElementSize() !== 1) return 'key times are not scalars';
  const times = floats(ctx, input);
  const values = floats(ctx, output);
  if (values.data.length !== times.data.length * stride) return `${values.data.length} values for ${times.data.length} keys of ${stride}`;
  if (times.replaced) ctx.warn('GLTF_KEYS_DROPPED', `${label}: ${times.replaced} key times are not finite`);
  if (values.replaced) ctx.warn('GLTF_VALUES_FIXED', `${label}: ${values.replaced} key values that are not finite replaced by 0`);
  const kept = increasingKeys(input.getArray() ?? times.data, times.data.length);
  let keyTimes = times.data;
  let keyValues = values.data;
  if (kept) {
    ctx.warn('GLTF_KEYS_DROPPED', `${label}: ${times.data.length - kept.length} keys whose time is not finite or does not increase left out`);
    keyTimes = new Float32Array(kept.length);
    keyValues = new Float32Array(kept.length * stride);
    kept.forEach((k, n) => {
      keyTimes[n] = times.data[k];
      keyValues.set(values.data.subarray(k * stride, k * stride + stride), n * stride);
    });
  }
  const end = outlierStart(keyTimes);
  if (end < keyTimes.length) {
    ctx.warn('GLTF_KEYS_OUTLIER', `${label}: ${keyTimes.length - end} keys from ${keyTimes[end]} s on are far outside the clip (the keys before end at ${end ? keyTimes[end - 1] : 0} s); left out`);
    keyTimes = keyTimes.slice(0, end);
    keyValues = keyValues.slice(0, end * stride);
  }
  if (!keyTimes.length) return 'no keys';
  return { times: keyTimes, values: keyValues };
}

/** Keys past this time (~11.6 days) are outliers wherever they are. */
export const MAX_KEY_TIME = 1e6;
/** A key more than an hour after the one before ... */
const OUTLIER_GAP = 3600;
/** ... and more than this many times the span of the keys before it is an outlier, with every key after it. */
const OUTLIER_FACTOR = 10;

/**
 * The first key that is an outlier (issue 26: a last key at 1e9 s or 2.5e38 s made a clip that
 * long): past MAX_KEY_TIME, or an hour-plus gap that is also 10× the time the keys before it
 * cover. The keys' length when none is.
 */
function outlierStart(times: Float32Array): number {
  for (let i = 0; i < times.length; i++) {
    if (times[i] > MAX_KEY_TIME) return i;
    if (i > 0) {
      const gap = times[i] - times[i - 1];
      if (gap > OUTLIER_GAP && gap > OUTLIER_FACTOR * (times[i - 1] - times[0])) return i;
    }
  }
  return times.length;
}

/** Indices of the keys to keep when some time is not finite or not above the one before; undefined when all are kept. */
function increasingKeys(raw: ArrayLike<number>, count: number): number[] | undefined {
  let ok = true;
  for (let i = 0; i < count && ok; i++) if (!Number.isFinite(raw[i]) || (i > 0 && !(Math.fround(raw[i]) > Math.fround(raw[i - 1])))) ok = false;
  if (ok) return undefined;
  const kept: number[] = [];
  let previous = -Infinity;
  for (let i = 0; i < count; i++) {
    const t = Math.fround(raw[i]);
    if (!Number.isFinite(t) || !(t > previous)) continue;
    kept.push(i);
    previous = t;
  }
  return kept;
}
