// Issue 26: every writer's work is proportional to its input. Instancing baked into formats
// without instances, key spans sampled frame by frame, and names that are not strings get a
// typed WriteError (what, how much, the limit) before anything big is allocated.
import { describe, expect, it } from 'vitest';
import { writers } from '@relic3d/formats';
import { WRITE_BUDGET_BASE, isWriteError, validateScene, writeBudget, type FormatWriter, type Scene, type WriteError } from 'relic3d';
import { badNames, instanced, longSpan } from './scenes.js';
import { writeOutcome } from '../written-files.js';

function refusal(writer: FormatWriter, scene: Scene): WriteError {
  try {
    writer.write(scene, { name: 'hostile' });
  } catch (error) {
    expect(isWriteError(error), String(error)).toBe(true);
    return error as WriteError;
  }
  throw new Error(`${writer.id} wrote the scene`);
}

/** The grid's own bytes, counted here: positions and normals (12 B), UVs (8 B) per vertex, 6 uint32 indices per cell. */
const gridBytes = (side: number) => side * side * (12 + 12 + 8) + (side - 1) * (side - 1) * 6 * 4;

describe.each(writers.map((w) => [w.id, w] as const))('%s writer', (id, writer) => {
  it('refuses a 10,000-vertex mesh drawn by 3,000 nodes (30 M baked vertices) by the budget 8 × data + 64 MB', () => {
    const scene = instanced(100, 3000);
    expect(writeBudget(scene)).toBe(8 * gridBytes(100) + 64 * 1024 * 1024);
    const e = refusal(writer, scene);
    // ASE is text (~14× the data by nature): its budget is 8 × every mesh's text written once + 64 MB,
    // so a large mesh drawn once always writes and only the instancing is bounded.
    const aseTextOnce = 100 * 100 * 80 + 2 * 99 * 99 * 340;
    expect(e).toMatchObject({ format: id, code: 'OVER_LIMIT', max: id === 'ase' ? 8 * aseTextOnce + WRITE_BUDGET_BASE : 8 * gridBytes(100) + WRITE_BUDGET_BASE });
    expect(e.limit).toContain('3000 nodes, 30000000 vertices, 58806000 triangles');
    expect(e.value as number).toBeGreaterThan(30_000_000 * 24);
  });

  it('writes a smaller mesh drawn by 4 nodes: every copy reads back (4 × 6,962 triangles)', async () => {
    const outcome = await writeOutcome(writer, instanced(60, 4));
    expect('scene' in outcome, 'refused' in outcome ? outcome.refused.message : '').toBe(true);
    if (!('scene' in outcome)) return;
    let triangles = 0;
    for (const node of outcome.scene.nodes) {
      if (node.mesh === undefined) continue;
      for (const p of outcome.scene.meshes[node.mesh].primitives) triangles += (p.indices?.length ?? p.attributes.POSITION.length) / 3;
    }
    expect(triangles).toBe(4 * 2 * 59 * 59);
    const bytes = Object.values(outcome.result.files).reduce((n, f) => n + f.length, 0);
    expect(bytes).toBeLessThan(writeBudget(instanced(60, 4)));
  });

  it.each([1e9, 2.5e38])('refuses a clip with keys at 0 s and %d s (frames = span × rate) with OVER_LIMIT', (end) => {
    // ms3d: its int32 frame count; the others: sampled frames or keys past the budget (lod: past its chunk size too).
    const e = refusal(writer, longSpan(end));
    expect(e).toMatchObject({ format: id, code: 'OVER_LIMIT' });
    expect(e.limit).toMatch(/frames|keys|samples/);
  });

  it('writes a 10 s clip of the same scene (the budget is not in the way of ordinary clips)', async () => {
    const outcome = await writeOutcome(writer, longSpan(10));
    expect('scene' in outcome, 'refused' in outcome ? outcome.refused.message : '').toBe(true);
    if ('scene' in outcome) expect(outcome.scene.animations[0].duration).toBeCloseTo(10, 2);
  });

  it('refuses names that are not strings with INVALID_SCENE naming the first (nodes[0].name)', () => {
    const e = refusal(writer, badNames());
    expect(e).toMatchObject({ format: id, code: 'INVALID_SCENE', where: 'nodes[0].name' });
    expect(e.message).toContain('name is number, not a string');
  });
});

describe('validateScene on names', () => {
  it('reports each name that is not a string as NAME_TYPE', () => {
    const issues = validateScene(badNames()).filter((i) => i.code === 'NAME_TYPE');
    expect(issues.map((i) => i.path)).toEqual(['nodes[0].name', 'meshes[0].name', 'materials[0].name', 'animations[0].name']);
  });
});
