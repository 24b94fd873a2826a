// The exporter's optimised code outlives a full GC (issue 25): V8 holds a class's map only weakly,
// so when the last ExportContext of a run of exports died in a full GC, every function that saw one
// was dropped and compiled again on the next export (`--trace-deopt`: `sharedTimes` and
// `writeAnimations` deoptimised for "weak objects" after nearly every forced GC of the export bench).
// context.ts keeps one inert context.
import { describe, expect, it } from 'vitest';
import { createScene } from '@relic3d/core';
import { optimisedAcrossGc } from '@relic3d/test-harness';
import { ExportContext } from '../src/export/context.js';

/** Three warnings in a context dropped afterwards; returns how many it holds. */
function warnSome(): number {
  const ctx = new ExportContext(createScene('gltf'), {});
  for (let i = 0; i < 3; i++) ctx.warn('GLTF_TEST', `warning ${i}`);
  return ctx.warnings.list.length;
}

describe('the glTF exporter keeps its optimised code across full GCs', () => {
  it('ExportContext.warn stays optimised once every context is dropped and eight full GCs ran', () => {
    expect(optimisedAcrossGc(ExportContext.prototype.warn, warnSome)).toEqual({ results: [3, 3], optimisedBefore: true, optimisedAfter: true });
  });
});
