// Morph targets: MSET/MORP records of full vertices (the reader's default reading subtracts the base).
import { describe, expect, it } from 'vitest';
import { parseSync } from '../../src/index.js';
import { firstPrimitive, meshScene, roundTrip, triangle } from './helpers.js';

describe('morph targets', () => {
  it('stores each target as full, mirrored vertices and reads back the same deltas', () => {
    const t = triangle({
      targets: [
        { name: 'up', POSITION: Float32Array.of(0, 1, 0, 0, 1, 0, 0, 0, 0), NORMAL: Float32Array.of(0, 0.5, -0.5, 0, 0, 0, 0, 0, 0) },
        { name: 'out', POSITION: Float32Array.of(0, 0, 2, 0, 0, 0, 0, 0, 0) },
      ],
    });
    const scene = meshScene(t);
    scene.meshes[0].weights = [0, 0];
    const { file, back, codes } = roundTrip(scene);
    expect(codes).toEqual([]);
    const morphs = file.root.lods[0].meshes[0].morphs;
    expect(morphs).toHaveLength(2);
    expect(Array.from(morphs[0].position)).toEqual([0, 1, 0, 1, 1, 0, 0, 1, 0]);
    expect(Array.from(morphs[1].position.subarray(0, 3))).toEqual([0, 0, -2]);
    expect(Array.from(morphs[0].normal.subarray(0, 3))).toEqual([0, 0.5, -0.5]);
    const targets = firstPrimitive(back).targets!;
    expect(targets.map((x) => Array.from(x.POSITION!))).toEqual([Array.from(t.targets![0].POSITION!), Array.from(t.targets![1].POSITION!)]);
    expect(Array.from(targets[0].NORMAL!)).toEqual(Array.from(t.targets![0].NORMAL!));
  });

  it('reads back as deltas either way the file is taken (the file does not say which)', () => {
    const { bytes } = roundTrip(meshScene(triangle({ targets: [{ POSITION: Float32Array.of(1, 0, 0, 1, 0, 0, 1, 0, 0) }] })));
    const delta = parseSync(bytes, { morphTargets: 'delta' });
    // Read as deltas, the stored records are the base plus the delta.
    expect(Array.from(firstPrimitive(delta).targets![0].POSITION!)).toEqual([1, 0, 0, 2, 0, 0, 1, 1, 0]);
  });

  it('warns that default morph weights are not kept', () => {
    const scene = meshScene(triangle({ targets: [{ POSITION: new Float32Array(9) }] }));
    scene.meshes[0].weights = [0.5];
    expect(roundTrip(scene).codes).toEqual(['MDL_WRITE_MORPH_WEIGHTS_DROPPED']);
  });
});
