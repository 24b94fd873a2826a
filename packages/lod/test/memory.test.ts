// Issue 26: crafted files whose peak memory grew faster than 8 bytes per input byte. Each case is
// measured alone (@relic3d/test-harness/peak-memory), and was over the budget before the fix it names.
import { describe, expect, it } from 'vitest';
import { chunk, lodFile } from '@relic3d/fixtures/lod';
import { parseSync } from '../src/index.js';
import { memoryBudget, peakMemory } from '@relic3d/test-harness/peak-memory';

describe('peak memory of crafted files stays within 8 × size + 64 MB', () => {
  it('1,000,000 empty unknown chunks (12 MB): IDs and empty data are shared, not one string and view per chunk', async () => {
    const n = 1_000_000;
    // One chunk's bytes repeated (building a million chunks cost 2 CPU-s; the file is the same).
    const empty = chunk('ZZZ1', 0, new Uint8Array(0));
    const bytes = lodFile(Array.from({ length: n }, () => empty));
    let unknown = 0;
    // Was 197 MB against a 163 MB budget.
    const peak = await peakMemory(() => {
      unknown = (parseSync(bytes).extras.unknownChunks as unknown[]).length;
    });
    expect(unknown).toBe(n);
    expect(bytes.length).toBe(20 + 12 * n);
    expect(peak).toBeLessThan(memoryBudget(bytes.length));
  });
});
