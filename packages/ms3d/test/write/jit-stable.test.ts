// The writer's optimised code outlives a full GC (issue 25): a class's map is reached from its
// constructor only weakly, so when every instance dies in a GC, V8 drops the optimised code that saw
// the map and compiles it again on the next write (the skinned bench write spent more CPU compiling
// than writing). The classes made per write keep one instance for the module's life; V8's own
// functions check it: %OptimizeFunctionOnNextCall, every instance dropped, full GCs, %GetOptimizationStatus.
import { describe, expect, it } from 'vitest';
import { optimisedAcrossGc } from '@relic3d/test-harness';
import { writeMs3d } from '../../src/index.js';
import { FileWriter } from '../../src/write/file-writer.js';
import { partRecords, serialize } from '../../src/write/serialize.js';
import { packVertex } from '../../src/write/weights.js';
import { material, meshScene, quadPrimitive } from './helpers.js';
import { skinnedStrip } from './scenes.js';
import { VertexWelder, WELD_CORNER, WELD_KEY } from '../../src/write/weld.js';

/** Welds 64 vertices, two corners each, in a welder dropped afterwards; returns the file vertices made. */
function weldSome(): number {
  const welder = new VertexWelder(64);
  const key = new Int32Array(WELD_KEY).fill(-1), corner = new Int32Array(WELD_CORNER);
  for (let v = 0; v < 128; v++) {
    key[1] = v >> 1;
    corner[1] = v & 1;
    welder.weld(key, corner);
  }
  return welder.count;
}

/** Writes a few fields into a writer dropped afterwards; returns the bytes written. */
function writeSome(): number {
  const w = new FileWriter(new Uint8Array(64));
  for (let i = 0; i < 8; i++) w.u16(i).f32(i / 2).u8(i);
  return w.length;
}

/** Writes a textured quad (a group, a material; every record serialize reads made afresh and dropped); returns the file's size. */
function writeQuad(): number {
  const scene = meshScene('quad', [quadPrimitive(0)]);
  scene.materials.push(material('stone'));
  return Object.values(writeMs3d(scene).files).reduce((n, f) => n + f.length, 0);
}

/** Writes a skinned strip (four influences a vertex, a clip; every record made afresh and dropped); returns the file's size. */
function writeStrip(): number {
  return Object.values(writeMs3d(skinnedStrip()).files).reduce((n, f) => n + f.length, 0);
}

const WRITTEN_STRIP = 4678;

describe('the MS3D writer keeps its optimised code across full GCs', () => {
  it.each([
    ['VertexWelder.weld', VertexWelder.prototype.weld, weldSome, 64],
    ['FileWriter.f32', FileWriter.prototype.f32, writeSome, 56],
    // The records serialize reads are literals, whose maps only the kept records hold (output.ts, mesh.ts, materials.ts).
    ['serialize', serialize, writeQuad, 721],
    // The triangle records are written from each part (mesh.ts TrianglePart), whose map only the kept mesh holds.
    ['partRecords', partRecords, writeQuad, 721],
    ['packVertex', packVertex, writeStrip, WRITTEN_STRIP],
  ] as const)('%s stays optimised once every instance is dropped and eight full GCs ran (V8 keeps a map its optimised code saw for a few GCs)', (_, method, use, result) => {
    expect(optimisedAcrossGc(method, use)).toEqual({ results: [result, result], optimisedBefore: true, optimisedAfter: true });
  });
});
