// The bench's skinned inputs (bench/src/skinned.ts) and the workers' warm-up model: written by each
// format's own writer and read back by its reader, they must hold what they claim.
import { describe, expect, it } from 'vitest';
import { formats } from '@relic3d/formats';
import { validateScene } from '@relic3d/core';
import { generateSkinned, resolverOf } from '../../../bench/src/generate.js';
import { warmUp } from '../src/node.js';

/** Most non-zero weights on any vertex of the scene. */
function mostInfluences(scene: Awaited<ReturnType<(typeof formats)[number]['parse']>>): number {
  let most = 0;
  for (const mesh of scene.meshes) {
    for (const p of mesh.primitives) {
      const w = p.attributes.WEIGHTS_0;
      if (!w) continue;
      for (let v = 0; v < w.length; v += 4) most = Math.max(most, (w[v] > 0 ? 1 : 0) + (w[v + 1] > 0 ? 1 : 0) + (w[v + 2] > 0 ? 1 : 0) + (w[v + 3] > 0 ? 1 : 0));
    }
  }
  return most;
}

describe('bench skinned inputs', () => {
  // 48 joints, 4 influences asked, 4 clips × 120 frames at 30 fps (3.97 s each).
  it.each(['ms3d', 'ase', 'o3d', 'mdl', 'lod'])('%s: a skeleton of 48 joints, weights up to what the format holds, 100+ frame clips', async (format) => {
    const g = generateSkinned(format, 900);
    const scene = await formats.find((f) => f.id === format)!.parse(g.bytes, { fileName: g.name, resolve: resolverOf(g) });
    expect(validateScene(scene)).toEqual([]);
    expect(scene.skins.length).toBe(1);
    expect(scene.skins[0].joints.length).toBe(48);
    // O3D stores two influences per vertex (docs/formats/o3d.md); the others keep four.
    expect(mostInfluences(scene)).toBe(format === 'o3d' ? 2 : 4);
    const frames = Math.max(...scene.animations.flatMap((a) => a.channels.map((c) => c.times.length)));
    expect(frames).toBeGreaterThanOrEqual(120);
    const longest = Math.max(...scene.animations.map((a) => a.duration));
    expect(longest).toBeGreaterThanOrEqual(119 / 30 - 1e-3);
    if (format === 'o3d') {
      // A Flyff character: its skeleton and one motion per clip beside it.
      const names = Object.keys(g.companions ?? {}).map((n) => n.toLowerCase());
      expect(names.filter((n) => n.endsWith('.chr')).length).toBe(1);
      expect(names.filter((n) => n.endsWith('.ani')).length).toBe(4);
      expect(scene.animations.length).toBe(4);
    }
  }, 120_000);
});

describe('worker warm-up', () => {
  it('writes, reads back and exports its tiny skinned model in every format', async () => {
    expect((await warmUp()).sort()).toEqual(['ase', 'lod', 'mdl', 'ms3d', 'o3d']);
  }, 60_000);
});
