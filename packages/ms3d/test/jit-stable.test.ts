// The reader's optimised code outlives a full GC (issue 25): V8 holds a class's map only weakly, so
// when every InPlaceJoint of a parse died in a full GC, readJoints, resolveParents, bindOf and
// jointChannels were dropped and compiled again on the next parse (`--trace-deopt`: "weak objects"
// after every forced GC of the export bench's small animated files). key-tracks.ts keeps one joint.
import { describe, expect, it } from 'vitest';
import { optimisedAcrossGc } from '@relic3d/test-harness';
import { InPlaceJoint, type KeyTrack } from '../src/read/key-tracks.js';

/** Three joints over 2 rotation and 1 position keys, dropped afterwards; returns the keys they decoded. */
function decodeSome(): number {
  const keys = new Float32Array([0, 0.1, 0.2, 0.3, 1, 0.4, 0.5, 0.6, 0, 1, 2, 3]);
  const view = new DataView(keys.buffer);
  let decoded = 0;
  for (let j = 0; j < 3; j++) {
    const joint = new InPlaceJoint(8, `joint${j}`, '', [0, 0, 0], [0, 0, 0], { view, byteOffset: 0, count: 2 } satisfies KeyTrack, { view, byteOffset: 32, count: 1 });
    decoded += joint.once((self) => self.rotationKeys.length + self.positionKeys.length);
  }
  return decoded;
}

describe('the MS3D reader keeps its optimised code across full GCs', () => {
  it('InPlaceJoint.once stays optimised once every joint is dropped and eight full GCs ran', () => {
    expect(optimisedAcrossGc(InPlaceJoint.prototype.once, decodeSome)).toEqual({ results: [36, 36], optimisedBefore: true, optimisedAfter: true });
  });
});
