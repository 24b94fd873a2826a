// The writer's optimised code outlives a full GC (issue 25): V8 holds a class's map, and a literal's,
// only weakly, so when every object of a write dies in a GC the code that saw it is dropped and
// compiled again in the next write (`bench/src/asew-rounds.ts` under --trace-opt: the mesh list loops
// after every forced GC). TextWriter, MeshData and NodeAnimation each keep one (core's keepMapAlive).
import { WarningSink } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { optimisedAcrossGc } from '@relic3d/test-harness';
import { meshData } from '../../src/write/mesh-data.js';
import { writeMesh } from '../../src/write/mesh.js';
import { TextWriter } from '../../src/write/text.js';
import { writeTrack, type NodeAnimation } from '../../src/write/tracks.js';
import type { Timeline } from '../../src/write/timeline.js';

const IDENTITY = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);

/** 40 list lines written into a writer dropped afterwards; returns its length. */
function writeLines(): number {
  const out = new TextWriter(4, 64);
  let b = out.ensure(out.length, 0), p = out.length;
  for (let i = 0; i < 40; i++) {
    b = out.ensure(p, 16);
    for (let k = 0; k < 10; k++) b[p++] = 0x41 + k;
    b[p++] = 0x0a;
  }
  out.ensure(p, 0);
  return out.length;
}

/** A quad's MeshData, made afresh. */
function quadData() {
  const POSITION = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
  const NORMAL = new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
  const primitive = { attributes: { POSITION, NORMAL }, indices: new Uint16Array([0, 1, 2, 0, 2, 3]), material: undefined };
  return meshData({ name: 'quad', primitives: [primitive], mtlIds: [0], world: IDENTITY, nodeTM: IDENTITY, decimals: 4, sink: new WarningSink('ase') });
}

/** A quad's MeshData (made per call, dropped) written as `*MESH`; returns the text's length. */
function writeQuad(): number {
  const out = new TextWriter(4, 4096);
  writeMesh(out, quadData());
  return out.length;
}

const timeline: Timeline = { fps: 30, ticksPerFrame: 160, step: 1, firstFrame: 0, lastFrame: 3, clips: [], samples: new Int32Array([0, 1, 2, 3]), filename: '' };

/** A 4-sample NodeAnimation, made afresh. */
function someAnimation(): NodeAnimation {
  const a: NodeAnimation = { t: new Float64Array(12), q: new Float64Array(16), s: new Float64Array(12).fill(1), pos: true, rot: true, scale: true };
  for (let g = 0; g < 4; g++) {
    a.t[g * 3] = g;
    a.q[g * 4 + 3] = 1;
  }
  return a;
}

/** The track of a NodeAnimation made per call (dropped) written; returns the text's length. */
function writeSomeTrack(): number {
  const out = new TextWriter(4, 4096);
  writeTrack(out, new Uint8Array([0x42]), someAnimation(), timeline);
  return out.length;
}

// Warm-ups write one object 10 times: V8 gives a function its feedback vector only after 8 calls, and
// code optimised over callees without one deoptimises at once. One object only: once the function
// that makes a literal has a feedback vector, the literal's boilerplate there holds its map too.
function warmMesh(): void {
  const d = quadData();
  for (let i = 0; i < 10; i++) writeMesh(new TextWriter(4, 4096), d);
}
function warmTrack(): void {
  const a = someAnimation();
  for (let i = 0; i < 10; i++) writeTrack(new TextWriter(4, 4096), new Uint8Array([0x42]), a, timeline);
}

describe('the ASE writer keeps its optimised code across full GCs', () => {
  // No warm-up for ensure: a warmed writeLines is optimised with ensure inlined, and ensure is then not called.
  it.each([
    ['TextWriter.ensure', TextWriter.prototype.ensure, writeLines, () => {}, 440],
    ['writeMesh (MeshData)', writeMesh, writeQuad, warmMesh, 934],
    ['writeTrack (NodeAnimation)', writeTrack, writeSomeTrack, warmTrack, 572],
  ] as const)('%s stays optimised once every object it saw is dropped and eight full GCs ran', (_, method, use, warm, result) => {
    warm();
    expect(optimisedAcrossGc(method, use)).toEqual({ results: [result, result], optimisedBefore: true, optimisedAfter: true });
  });
});
