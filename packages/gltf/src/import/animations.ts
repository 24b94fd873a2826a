// Animations: one clip per glTF animation, channels with their key times (seconds, as glTF) and
// values as the file gives them, LINEAR / STEP / CUBICSPLINE kept (tangents included); keys the
// scene cannot order (not finite, not increasing) left out with their values.
import type { AnimationChannel as GChannel, Animation as GAnimation } from '@gltf-transform/core';
import type { AnimationChannel, AnimationClip, AnimationPath, Interpolation } from '@relic3d/core';
import { floats } from './accessors.js';
import type { ImportContext } from './context.js';
import { extrasWithout, finiteOr } from './values.js';

const SIZES: Record<string, number> = { translation: 3, rotation: 4, scale: 3 };
const INTERPOLATIONS = new Set<Interpolation>(['LINEAR', 'STEP', 'CUBICSPLINE']);

/** One clip per glTF animation, in glTF order; needs the meshes (weights channels have one value per target). */
export function createAnimations(ctx: ImportContext): void {
  ctx.root.listAnimations().forEach((g, a) => {
    const name = g.getName() || `animation_${a}`;
    const clip: AnimationClip = { name, duration: 0, channels: [] };
    const seen = new Set<string>();
    let last = 0;
    g.listChannels().forEach((gc, c) => {
      const channel = readChannel(ctx, gc, `clip '${name}' channel ${c}`);
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
function readClipExtras(ctx: ImportContext, g: GAnimation, clip: AnimationClip): Record<string, unknown> | undefined {
  const extras = g.getExtras() as Record<string, unknown>;
  if (!ctx.relic3d) return extrasWithout(extras);
  const duration = finiteOr(extras?.duration, undefined);
  if (duration !== undefined && duration >= 0) clip.duration = duration;
  return extrasWithout(extras, 'duration');
}

function readChannel(ctx: ImportContext, gc: GChannel, label: string): AnimationChannel | undefined {
  const drop = (why: string) => {
    ctx.warn('GLTF_CHANNEL_DROPPED', `${label}: ${why}; left out`);
    return undefined;
  };
  const target = gc.getTargetNode();
  const node = target ? ctx.nodes.get(target) : undefined;
  if (node === undefined) return drop('it has no target node');
  const path = gc.getTargetPath() as string;
  let size = SIZES[path];
  if (path === 'weights') {
    const mesh = ctx.scene.nodes[node].mesh;
    size = mesh !== undefined ? (ctx.scene.meshes[mesh].primitives[0]?.targets?.length ?? 0) : 0;
    if (!size) return drop(`weights for node '${ctx.scene.nodes[node].name}', which has no morph targets`);
  } else if (!size) return drop(`target path ${JSON.stringify(path)} is not translation, rotation, scale or weights`);
  const sampler = gc.getSampler();
  const input = sampler?.getInput();
  const output = sampler?.getOutput();
  if (!sampler || !input || !output) return drop('its sampler has no input or output');
  let interpolation = sampler.getInterpolation() as Interpolation;
  if (!INTERPOLATIONS.has(interpolation)) {
    ctx.warn('GLTF_CHANNEL_FIXED', `${label}: interpolation ${JSON.stringify(interpolation)} read as LINEAR`);
    interpolation = 'LINEAR';
  }
  if (input.getElementSize() !== 1) return drop('key times are not scalars');
  const times = floats(ctx, input);
  const values = floats(ctx, output);
  const stride = size * (interpolation === 'CUBICSPLINE' ? 3 : 1);
  if (values.data.length !== times.data.length * stride) {
    return drop(`${values.data.length} values for ${times.data.length} keys of ${stride}`);
  }
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
  if (!keyTimes.length) return drop('no keys');
  const channel: AnimationChannel = { node, path: path as AnimationPath, times: keyTimes, values: keyValues, interpolation };
  const extras = extrasWithout(gc.getExtras());
  if (extras) channel.extras = extras;
  return channel;
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
