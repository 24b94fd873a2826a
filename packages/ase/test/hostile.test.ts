import { WARNINGS_PER_CODE, isWarningSummary, validateScene, type Scene } from '@relic3d/core';
import { expectWithinBudget } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { parseAse } from '../src/index.js';
import { aseFile, cube, enc, geom } from './writer.js';

const parse = (b: Uint8Array) => parseAse(b);

describe('hostile input stays within the budget (time ≤ 2 s + 50 ms/MB, memory ≤ 8 × size + 64 MB)', () => {
  it("200,000 stray '}': warnings capped per code with a count of the rest, no RangeError", async () => {
    const bytes = enc(aseFile([geom('Box', cube())]) + '}\n'.repeat(200_000));
    const m = await expectWithinBudget(parse, bytes, "200k stray '}'");
    const scene = m.result as Scene;
    expect(validateScene(scene)).toEqual([]);
    expect(scene.meshes).toHaveLength(1);
    const stray = scene.warnings.filter((w) => w.code === 'ASE_STRAY_BRACE');
    expect(stray).toHaveLength(WARNINGS_PER_CODE + 1);
    expect(stray.filter(isWarningSummary).map((w) => w.dropped)).toEqual([200_000 - WARNINGS_PER_CODE]);
  });
});
