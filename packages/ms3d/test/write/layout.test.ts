// The bytes (docs/formats/ms3d.md §2): MS3D v4 and the MilkShape 1.8.x trailer, read field by
// field from the written file without the reader.
import { describe, expect, it } from 'vitest';
import { dumpMs3d } from '../reference.js';
import { fieldsOf, vertexExtraWords } from './fields.js';
import { meshScene, quadPrimitive, roundTrip } from './helpers.js';
import { skinnedStrip } from './scenes.js';

describe('layout', () => {
  it('starts with MS3D000000 and version 4', () => {
    const bytes = roundTrip(meshScene('q', [quadPrimitive()])).bytes;
    expect(String.fromCharCode(...bytes.subarray(0, 10))).toBe('MS3D000000');
    expect(new DataView(bytes.buffer, bytes.byteOffset).getInt32(10, true)).toBe(4);
  });

  it('ends with the four trailer sections: empty comments, sv2 weights, joint colours, model extra', () => {
    const bytes = roundTrip(meshScene('q', [quadPrimitive()])).bytes;
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // 4 vertices × 10 bytes of vertex extra, no joints, then the model extra.
    const tail = 20 + 4 + 4 * 10 + 4 + 16;
    const at = bytes.length - tail;
    expect([v.getInt32(at, true), v.getInt32(at + 4, true), v.getInt32(at + 8, true), v.getInt32(at + 12, true), v.getInt32(at + 16, true)]).toEqual([1, 0, 0, 0, 0]);
    expect(v.getInt32(at + 20, true)).toBe(2);
    expect(v.getInt32(at + 64, true)).toBe(1);
    expect([v.getInt32(at + 68, true), v.getFloat32(at + 72, true), v.getInt32(at + 76, true), v.getFloat32(at + 80, true)]).toEqual([1, 1, 0, 0.5]);
    expect(dumpMs3d(bytes).trailer).toEqual(['comments sv1', 'vertexExtra sv2', 'jointExtra sv1', 'modelExtra sv1']);
  });

  it("a static model gets MilkShape's animation block: 24 fps, frame 1, 30 frames", () => {
    expect(fieldsOf(roundTrip(meshScene('q', [quadPrimitive()])).bytes).animation).toEqual({ fps: 24, currentTime: 1, totalFrames: 30 });
  });

  it("joints get MilkShape's display colours (yellow, magenta, cyan, …) unless the scene keeps theirs", () => {
    const scene = skinnedStrip({ clip: false });
    scene.nodes[scene.skins[0].joints[2]].extras = { color: [0.25, 0.5, 0.75] };
    expect(dumpMs3d(roundTrip(scene).bytes).jointColors).toEqual([[1, 1, 0], [1, 0, 1], [0.25, 0.5, 0.75]]);
  });

  it('sub-version 2 vertex-extra words are 0 for scenes from elsewhere; a read MS3D keeps its first word', () => {
    const scene = skinnedStrip({ clip: false });
    const trip = roundTrip(scene);
    const d = dumpMs3d(trip.bytes);
    expect(new Set(vertexExtraWords(trip.bytes, d.nVertices, d.joints.length))).toEqual(new Set([0]));
    // Keep the first sv3 word through the reader's extras.
    const again = roundTrip({ ...trip.back, extras: { ...trip.back.extras, vertexExtraWords: new Uint32Array(d.nVertices * 2).map((_, i) => (i % 2 ? 0 : i + 7)), vertexExtraSubVersion: 3 } });
    expect(vertexExtraWords(again.bytes, d.nVertices, d.joints.length)).toEqual(Array.from({ length: d.nVertices }, (_, v) => v * 2 + 7));
  });

  it('group triangle lists and the triangles’ group bytes agree', () => {
    const f = fieldsOf(roundTrip(meshScene('two', [quadPrimitive(), quadPrimitive()])).bytes);
    f.groups.forEach((g, i) => g.triangles.forEach((t) => expect(f.triangles[t].group).toBe(i)));
  });
});
