// Issue 26: crafted files whose peak memory grew faster than 8 bytes per input byte. Each case is
// measured alone (@relic3d/test-harness/peak-memory), and was over the budget before the fix it names.
import { describe, expect, it } from 'vitest';
import { budgetFor, cpuClock } from '@relic3d/test-harness';
import type { Scene } from '@relic3d/core';
import { parseSync } from '../src/index.js';
import { memoryBudget, peakMemory } from '@relic3d/test-harness/peak-memory';

const HEAD = '*3DSMAX_ASCIIEXPORT 200\n*SCENE {\n*SCENE_FIRSTFRAME 0\n*SCENE_LASTFRAME 100\n*SCENE_FRAMESPEED 30\n*SCENE_TICKSPERFRAME 160\n}\n';

describe('peak memory of crafted files stays within 8 × size + 64 MB', () => {
  it('a 100,000-object *NODE_PARENT chain (6 MB): shared empty lists, no kept local matrices, no view per matrix', async () => {
    const n = 100_000;
    const parts = [HEAD];
    for (let i = 0; i < n; i++) parts.push(`*HELPEROBJECT {\n*NODE_NAME "n${i}"\n${i ? `*NODE_PARENT "n${i - 1}"\n` : ''}}\n`);
    const bytes = new TextEncoder().encode(parts.join(''));
    let depth = 0;
    let cpuMs = 0;
    let scene: Scene | undefined;
    // Was 115 MB against a 115 MB budget here (1.26 × at 200,000 objects); now 85 MB.
    const peak = await peakMemory(() => {
      const clock = cpuClock();
      scene = parseSync(bytes);
      cpuMs = clock();
      for (let node = n - 1; node >= 0; node = scene.nodes[node].parent) depth++;
    });
    expect(depth).toBe(n);
    expect(peak).toBeLessThan(memoryBudget(bytes.length));
    // The open chain of hostile.test.ts's linear cycle detection (checking each link by walking up its
    // chain was quadratic: 60,000 objects took about 8 s): within the hostile time budget, one root, no warning.
    expect(cpuMs).toBeLessThan(budgetFor(bytes.length).timeMs);
    expect([scene!.nodes.length, scene!.roots, scene!.nodes[n - 1].parent, scene!.warnings]).toEqual([n, [0], n - 2, []]);
  });

  it('4 TCB rotation tracks of 50,000 keys a frame apart (11 MB): exact-length key values, inner points in flat arrays', async () => {
    // The scene's timeline covers the keys (keys far past *SCENE_LASTFRAME are left out of the clip).
    const parts = [HEAD.replace('*SCENE_LASTFRAME 100', '*SCENE_LASTFRAME 49999')];
    for (let n = 0; n < 4; n++) {
      parts.push(`*HELPEROBJECT {\n*NODE_NAME "k${n}"\n*TM_ANIMATION {\n*NODE_NAME "k${n}"\n*CONTROL_ROT_TCB {\n`);
      for (let k = 0; k < 50_000; k++) parts.push(`*CONTROL_TCB_ROT_KEY ${k * 160} 0 0 1 ${(k % 7) * 0.3} 0 0 0 0 0\n`);
      parts.push('}\n}\n}\n');
    }
    const bytes = new TextEncoder().encode(parts.join(''));
    let keys = 0;
    // Was 169 MB against a 152 MB budget.
    const peak = await peakMemory(() => {
      const [clip] = parseSync(bytes).animations;
      keys = clip.channels.reduce((sum, c) => sum + c.times.length, 0);
    });
    // One sample per frame: keys are a frame apart, so 50,000 per track.
    expect(keys).toBe(4 * 50_000);
    expect(peak).toBeLessThan(memoryBudget(bytes.length));
  });
});
