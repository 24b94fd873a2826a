// Core's readers, writers and cursors keep their optimised code across full GCs (issue 25): a class's
// map is reached from its constructor only weakly, so when every instance dies in a GC, V8 drops the
// optimised code that saw the map and compiles it again on the next parse or write (the skinned bench
// write spent more CPU compiling than writing). Each class keeps one inert instance; V8's own
// functions check it: %OptimizeFunctionOnNextCall, every instance dropped, full GCs, %GetOptimizationStatus.
import { describe, expect, it } from 'vitest';
import { optimisedAcrossGc } from '@relic3d/test-harness';
import { ByteCounter, ByteReader, ByteWriter, ChannelCursor } from '../src/index.js';

const readSome = () => {
  const r = new ByteReader(Uint8Array.from({ length: 128 }, (_, i) => i), { format: 'test' });
  let sum = 0;
  for (let i = 0; i < 16; i++) sum += r.u32() + r.f32();
  return sum > 0 ? r.offset : -1;
};
const countSome = () => {
  const c = new ByteCounter();
  for (let i = 0; i < 16; i++) c.u32().f32();
  return c.length;
};
const writeSome = () => {
  const w = ByteWriter.planned(128, 'o3d');
  for (let i = 0; i < 16; i++) w.u32(i).f32(i);
  return w.length;
};
const sampleSome = () => {
  const cursor = new ChannelCursor({ node: 0, path: 'translation', interpolation: 'LINEAR', times: new Float32Array([0, 1]), values: new Float32Array([0, 0, 0, 2, 4, 6]) }, 3);
  const out = new Float32Array(3);
  let sum = 0;
  for (let t = 0; t <= 1; t += 0.25) {
    cursor.sample(t, out);
    sum += out[1];
  }
  return sum;
};

describe('core keeps its optimised code across full GCs', () => {
  it.each([
    ['ByteReader.u32', ByteReader.prototype.u32, readSome, 128],
    ['ByteReader.f32', ByteReader.prototype.f32, readSome, 128],
    ['ByteCounter.u32', ByteCounter.prototype.u32, countSome, 128],
    ['ByteWriter.u32', ByteWriter.prototype.u32, writeSome, 128],
    ['ChannelCursor.sample', ChannelCursor.prototype.sample, sampleSome, 10],
  ] as const)('%s stays optimised once every instance is dropped and eight full GCs ran (V8 keeps a map its optimised code saw for a few GCs)', (_, method, use, result) => {
    expect(optimisedAcrossGc(method, use)).toEqual({ results: [result, result], optimisedBefore: true, optimisedAfter: true });
  });
});
