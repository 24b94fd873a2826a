// The clip sampling (src/write/sampling.ts): the buffers a write's clips share give each clip the bytes
// it gets written alone, and the sampling loops keep their optimised code when the next scene's nodes
// have maps of their own (issue 25: a reader's nodes got new maps every parse, and frameWorlds, which
// read them, was deoptimised for 'wrong map' and compiled again on every write of the bench).
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { addNode, createScene, type Scene } from '@relic3d/core';
import { optimisedAcrossGc } from '@relic3d/test-harness';
import { writeO3d } from '../../src/index.js';
import { frameWorlds, sampleRelative } from '../../src/write/sampling.js';
import { bendClip, skinnedStrip } from './scenes.js';

const joints = [1, 2, 3, 4, 5, 6];
type Clip = ReturnType<typeof bendClip>;

function snake(clips: Clip[]): Scene {
  const scene = skinnedStrip('snake', 6);
  scene.animations.push(...clips);
  return scene;
}

describe('clip sampling', () => {
  it('writes each clip beside longer and shorter ones as it writes it alone (the clips share buffers)', () => {
    const clips = [bendClip('atk1', joints, 2, 0.8, 'CUBICSPLINE'), bendClip('stand', joints, 1, 0.3), bendClip('walk', joints, 0.5, -0.4, 'STEP'), bendClip('run', joints, 1.5, 1.2)];
    const together = writeO3d(snake(clips)).files;
    expect(Object.keys(together).filter((f) => f.endsWith('.ani')).sort()).toEqual(['snake_atk1.ani', 'snake_run.ani', 'snake_stand.ani', 'snake_walk.ani']);
    for (const clip of clips) {
      const alone = writeO3d(snake([clip])).files[`snake_${clip.name}.ani`];
      expect([clip.name, Buffer.compare(together[`snake_${clip.name}.ani`], alone)]).toEqual([clip.name, 0]);
    }
    // Frames differ (61, 31, 16, 46): a shorter clip after a longer one reads only its own rows and worlds.
    expect(clips.map((c) => together[`snake_${c.name}.ani`].length)).toEqual(clips.map((c) => writeO3d(snake([c])).files[`snake_${c.name}.ani`].length));
  });
});

// Six node shapes through core's addNode first: from then on its spread gives every node a map of its
// own (V8's megamorphic object clone), as the O3D reader's nodes had, parse after parse.
const warm = createScene('warm');
for (const extra of [{ mesh: 0 }, { skin: 0 }, { joint: true }, { rotation: [0, 0, 0, 1] as [number, number, number, number] }, { scale: [1, 1, 1] as [number, number, number] }, { extras: {} }]) addNode(warm, { name: 'n', ...extra });

/** Writes a bent strip whose nodes have maps no earlier scene had; returns its .ani's size. */
function writeFreshScene(): number {
  return writeO3d(snake([bendClip('bend', joints, 1, 0.5)])).files['snake_bend.ani'].length;
}

/** Lets V8's background compiles land first: %OptimizeFunctionOnNextCall does nothing while one of the function is queued. */
function finishBackgroundCompiles(): void {
  v8.setFlagsFromString('--allow-natives-syntax');
  (new Function('%FinalizeOptimization()') as () => void)();
}

describe('the clip sampling keeps its optimised code', () => {
  it.each([
    ['frameWorlds', frameWorlds],
    ['sampleRelative', sampleRelative],
  ] as const)('%s stays optimised when the next scene has new node maps, and after eight full GCs', (_, method) => {
    finishBackgroundCompiles();
    expect(optimisedAcrossGc(method, writeFreshScene)).toEqual({ results: [6532, 6532], optimisedBefore: true, optimisedAfter: true });
  });
});
