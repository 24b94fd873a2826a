// ChannelCursor (core) against sampleChannel, as the writers sample: one 120-key rotation channel
// at 480 ascending frame times, CPU time, best of interleaved rounds. It is why core's
// sampleClipFrames and the LOD and MDL writers sample through a cursor.
// `node --import tsx src/write-cursor.ts`
import os from 'node:os';
import { ChannelCursor, sampleChannel, type AnimationChannel } from '@relic3d/core';
import { timeInterleaved } from './timing.js';

const keys = 120;
const times = new Float32Array(keys).map((_, i) => i / 30);
const values = new Float32Array(keys * 4).map((_, i) => Math.sin(i));
const channel: AnimationChannel = { node: 0, path: 'rotation', times, values, interpolation: 'LINEAR' };
const frames = new Float32Array(480).map((_, i) => Math.min(i / 120, times[keys - 1]));
const out = new Float32Array(frames.length * 4);
const searched = () => {
  for (let k = 0; k < frames.length; k++) sampleChannel(channel, frames[k], out.subarray(k * 4, k * 4 + 4));
};
const cursor = () => {
  const c = new ChannelCursor(channel, 4);
  for (let k = 0; k < frames.length; k++) c.sample(frames[k], out, k * 4);
};
const [a, b] = timeInterleaved([searched, cursor], 7, 20);
console.log(`sampleChannel ${(a * 1000).toFixed(1)} µs, ChannelCursor ${(b * 1000).toFixed(1)} µs per ${frames.length} frames: ${(a / b).toFixed(2)}× (load average ${os.loadavg()[0].toFixed(2)})`);
