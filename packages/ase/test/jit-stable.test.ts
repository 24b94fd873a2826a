// The parse's optimised code outlives a full GC (issue 25): V8 holds a class's map only weakly, so
// when every instance of a per-parse class dies in a GC, the code that saw it is dropped and compiled
// again on the next parse (`--trace-deopt` showed the skinned bench file's track and node loops
// deoptimised for "weak objects" after every forced GC). Keys and MatrixArray keep one instance.
import { describe, expect, it } from 'vitest';
import { optimisedAcrossGc } from '@relic3d/test-harness';
import { aseFile, cube, geom } from '@relic3d/fixtures/ase';
import { parseSync } from '../src/index.js';
import { faceRows, normalRows } from '../src/read/mesh-rows.js';
import { Keys } from '../src/scene/keys.js';
import { MatrixArray } from '../src/scene/nodes.js';

/** 40 keys of 4 values into a Keys dropped afterwards (it grows from 16 twice); returns the keys kept. */
function pushSome(): number {
  const keys = new Keys(4);
  const value = [0, 0, 0, 1];
  for (let i = 0; i < 40; i++) keys.push(i * 160, value);
  return keys.length;
}

/** Writes then reads back 8 matrices of an array dropped afterwards; returns the sum of the diagonals read. */
function writeSome(): number {
  const all = new MatrixArray(8);
  const m = new Float64Array(16), out = new Float64Array(16);
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    m[0] = m[5] = m[10] = m[15] = i;
    all.write(i, m);
    all.read(i, out);
    sum += out[0] + out[5] + out[10] + out[15];
  }
  return sum;
}

describe('the ASE scene build keeps its optimised code across full GCs', () => {
  it.each([
    ['Keys.push', Keys.prototype.push, pushSome, 40],
    ['MatrixArray.write', MatrixArray.prototype.write, writeSome, 112],
  ] as const)('%s stays optimised once every instance is dropped and eight full GCs ran', (_, method, use, result) => {
    expect(optimisedAcrossGc(method, use)).toEqual({ results: [result, result], optimisedBefore: true, optimisedAfter: true });
  });
});

/** A cube with Max's normals and UVs, parsed and dropped; returns its triangle corners. */
const cubeBytes = new TextEncoder().encode(aseFile([geom('Box', { ...cube(), tverts: [[0, 0, 0], [1, 0, 0], [1, 1, 0]], tfaces: cube().faces.map(() => [0, 1, 2]) })]));
function parseCube(): number {
  return parseSync(cubeBytes, { kernels: 'js' }).meshes[0].primitives[0].indices!.length;
}

// The normal and face row loops run once per list: code they lose at a full GC (the row lists'
// literal maps died: read/hidden-classes.ts keeps one of each) is compiled again by on-stack
// replacement while the loop runs unoptimised, 5–20 ms a loop on the bench's 50 MB files.
describe('the ASE row loops keep their optimised code across full GCs', () => {
  it.each([
    ['normalRows', normalRows],
    ['faceRows', faceRows],
  ] as const)('%s stays optimised once every parse result is dropped and eight full GCs ran', (_, method) => {
    // Warm parses first: every path the cube takes has its feedback before the loop is optimised.
    for (let i = 0; i < 3; i++) parseCube();
    expect(optimisedAcrossGc(method, parseCube)).toEqual({ results: [36, 36], optimisedBefore: true, optimisedAfter: true });
  });
});

