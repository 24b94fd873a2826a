import { WARNINGS_PER_CODE, isWarningSummary, validateScene, type Scene } from '@relic3d/core';
import { expectWithinBudget } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseSync } from '../src/index.js';
import { staticMesh } from '@relic3d/fixtures/lod-files';
import { chunk, lodFile, msl1 } from '@relic3d/fixtures/lod';

describe('hostile input stays within the budget (time ≤ 2 s + 50 ms/MB, memory ≤ 8 × size + 64 MB)', () => {
  it('200,000 unknown chunks: warnings capped per code with a count of the rest, no RangeError', async () => {
    const unknown = chunk('ZZZ1', 0, new Uint8Array(0));
    const bytes = lodFile([msl1([staticMesh]), ...Array.from({ length: 200_000 }, () => unknown)]);
    const m = await expectWithinBudget((b) => parseSync(b), bytes, '200k unknown LOD chunks');
    const scene = m.result as Scene;
    expect(validateScene(scene)).toEqual([]);
    expect(scene.meshes).toHaveLength(1);
    const unknownWarnings = scene.warnings.filter((w) => w.code === 'LOD_UNKNOWN_CHUNK');
    expect(unknownWarnings).toHaveLength(WARNINGS_PER_CODE + 1);
    expect(unknownWarnings.filter(isWarningSummary).map((w) => w.dropped)).toEqual([200_000 - WARNINGS_PER_CODE]);
  });
});
