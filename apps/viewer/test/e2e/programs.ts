// The stage keeps the shader programs of models it showed (src/program-cache.ts): a model shown again
// compiles none (SwiftShader: 0.3–1 CPU-s a model), and past the cache's limit they are released.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { navigate, settle, texturesArrived } from './session.js';

/** After a draw: the ids of the programs the shown model's materials use, and of all the renderer holds. */
const programs = (on: Page) => on.evaluate(() => {
  const { stage, state } = window.__viewer;
  window.__viewer.probe();
  const idOf = (program: unknown) => (program as { id: number } | undefined)?.id;
  const used = state.model!.materials.map((m) => idOf((stage.renderer.properties.get(m) as { currentProgram?: unknown }).currentProgram));
  const byNumber = (a: number, b: number) => a - b;
  return {
    model: [...new Set(used.filter((id) => id !== undefined))].sort(byNumber),
    all: stage.renderer.info.programs!.map((p) => idOf(p)!).sort(byNumber),
    kept: stage.programs.size,
  };
});
const showSample = (on: Page, id: string) => settle(() => on.click(`.samples button[data-sample="${id}"]`), on);

/** Registers this group's tests, in order, on the session's page loaded afresh. */
export function programsTests(): void {
  it('Woman4 shown again after jeep1 draws with the programs compiled for her first, and none is compiled', async () => {
    const p = await navigate('?sample=woman4');
    const first = await programs(p);
    expect(first.model.length).toBeGreaterThan(0);
    await showSample(p, 'jeep');
    await texturesArrived(p); // its program with the map is compiled at the draw after they arrive
    const other = await programs(p);
    // jeep1 (textured) compiled programs of its own, and Woman4's stayed compiled beside them.
    expect(other.all.length).toBeGreaterThan(first.all.length);
    expect(other.all).toEqual(expect.arrayContaining(first.all));
    expect(other.kept).toBeGreaterThanOrEqual(first.model.length);
    await showSample(p, 'woman4');
    const again = await programs(p);
    expect(again.model).toEqual(first.model);
    expect(again.all).toEqual(other.all);

    // The bound: with no program to keep, every program jeep1 alone used is released.
    const trimmed = await p.evaluate(() => {
      const cache = window.__viewer.stage.programs;
      cache.limit = 0;
      cache.trim();
      return cache.size;
    });
    expect(trimmed).toBe(0);
    expect((await programs(p)).all).toEqual(first.all);
    await p.evaluate(() => (window.__viewer.stage.programs.limit = 32));
  });
}
