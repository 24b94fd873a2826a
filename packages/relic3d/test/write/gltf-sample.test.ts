// A glTF made by another tool (glTF-Transform) → fromGltf → every writer → our reader: the posed bounds
// of each clip at 25/50/75% equal the ones computed from the sample's geometry alone.
import { describe, expect, it } from 'vitest';
import { writers } from '@relic3d/formats';
import { computeBounds, fromGltf, type Scene } from 'relic3d';
import { expectedBounds, sampleDocument } from './gltf-sample.js';
import { readBack } from './written-files.js';

const FRACTIONS = [0.25, 0.5, 0.75];
const clips = {
  bend: { duration: 1, pose: (f: number) => expectedBounds((Math.PI / 2) * f, 0) },
  lift: { duration: 2, pose: (f: number) => expectedBounds(0, f) },
};

function expectPosedBounds(scene: Scene, label: string): void {
  for (const [name, clip] of Object.entries(clips)) {
    const found = scene.animations.find((c) => c.name === name);
    expect(found, `${label}: clip ${name} (clips: ${scene.animations.map((c) => c.name).join(', ')})`).toBeDefined();
    expect(found!.duration).toBeCloseTo(clip.duration, 3);
    for (const f of FRACTIONS) {
      const got = computeBounds(scene, { animation: name, time: clip.duration * f });
      const want = clip.pose(f);
      for (let c = 0; c < 3; c++) {
        expect(got.min[c], `${label} ${name} ${f * 100}% min[${c}]`).toBeCloseTo(want.min[c], 3);
        expect(got.max[c], `${label} ${name} ${f * 100}% max[${c}]`).toBeCloseTo(want.max[c], 3);
      }
    }
  }
}

describe('a skinned, animated glTF made with glTF-Transform', () => {
  it('reads with its posed bounds', async () => {
    const scene = await fromGltf(sampleDocument());
    expect(scene.skins[0].joints.map((j) => scene.nodes[j].name)).toEqual(['hip', 'knee']);
    expectPosedBounds(scene, 'fromGltf');
  });

  it.each(writers.map((w) => [w.id, w] as const))('→ %s → parse keeps the posed bounds of every clip', async (_, writer) => {
    const scene = await fromGltf(sampleDocument());
    const back = await readBack(writer, writer.write(scene, { name: 'sample' }));
    expect(back.skins.length).toBeGreaterThan(0);
    expectPosedBounds(back, writer.id);
  });
});
