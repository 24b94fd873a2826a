// The parse's optimised code outlives a full GC (issue 25): V8 holds a class's map only weakly, so
// when every instance of a per-parse class dies in a GC, the code that saw it is dropped and compiled
// again on the next parse (`--trace-deopt` showed the skinned bench file's track and node loops
// deoptimised for "weak objects" after every forced GC). Keys and MatrixArray keep one instance.
import { describe, expect, it } from 'vitest';
import { optimisedAcrossGcs } from '@relic3d/test-harness';
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

/** A cube with Max's normals and UVs, parsed and dropped; returns its triangle corners. */
const cubeBytes = new TextEncoder().encode(aseFile([geom('Box', { ...cube(), tverts: [[0, 0, 0], [1, 0, 0], [1, 1, 0]], tfaces: cube().faces.map(() => [0, 1, 2]) })]));
function parseCube(): number {
  return parseSync(cubeBytes, { kernels: 'js' }).meshes[0].primitives[0].indices!.length;
}

// The normal and face row loops run once per list: code they lose at a full GC (the row lists'
// literal maps died: read/hidden-classes.ts keeps one of each) is compiled again by on-stack
// replacement while the loop runs unoptimised, 5–20 ms a loop on the bench's 50 MB files.
// One series of eight full GCs for the scene build's methods and the row loops, each optimised through its own use first.
describe('the ASE scene build and row loops keep their optimised code across full GCs', () => {
  it('Keys.push, MatrixArray.write, normalRows and faceRows stay optimised once every instance and parse result is dropped and eight full GCs ran', () => {
    // Warm parses first: every path the cube takes has its feedback before a loop is optimised.
    const warmParses = () => {
      for (let i = 0; i < 3; i++) parseCube();
    };
    const cases = [
      ['Keys.push', Keys.prototype.push, pushSome, undefined, 40],
      ['MatrixArray.write', MatrixArray.prototype.write, writeSome, undefined, 112],
      ['normalRows', normalRows, parseCube, warmParses, 36],
      ['faceRows', faceRows, parseCube, warmParses, 36],
    ] as const;
    const outcomes = optimisedAcrossGcs<number>(cases.map(([, method, use, warm]) => ({ method, use, warm })));
    expect(Object.fromEntries(outcomes.map((o, i) => [cases[i][0], o]))).toEqual(
      Object.fromEntries(cases.map(([name, , , , result]) => [name, { results: [result, result], optimisedBefore: true, optimisedAfter: true }])),
    );
  });
});
