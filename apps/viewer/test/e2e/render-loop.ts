// Render on demand (stage.ts): an idle page asks for no frames; playback, orbit and resize still draw.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_FPS, navigate, settle } from './session.js';

/** Counts the page's requestAnimationFrame calls and the stage's draws from now on. */
const countFrames = (on: Page) => on.evaluate(() => {
  const w = window as unknown as { rafCalls: number };
  w.rafCalls = 0;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => (w.rafCalls++, raf(callback));
});
const counts = (on: Page) => on.evaluate(() => ({
  raf: (window as unknown as { rafCalls: number }).rafCalls,
  draws: window.__viewer.stage.renderer.info.render.frame,
}));
/** Waits for the model's textures: their arrival wakes the loop once more (main.ts), and a sleep seen
 * before it is not the idle page's. */
const texturesIn = (on: Page) => on.evaluate(() => window.__viewer.state.model!.ready.then(() => true, () => false));
/** Waits until the loop has gone to sleep (it draws what changed first, then stops). */
const asleep = (on: Page) => on.waitForFunction(() => !window.__viewer.stage.requestsFrames, null, { polling: 100, timeout: 30_000 });
/** Waits until the stage has drawn `n` more frames than `from`. */
const drawn = (on: Page, from: number, n = 3) =>
  on.waitForFunction(([f, k]) => window.__viewer.stage.renderer.info.render.frame >= f + k, [from, n] as const, { polling: 50, timeout: 30_000 });

/** Registers this group's tests, in order, on the session's page loaded afresh. */
export function renderLoopTests(): void {
  let p: Page;

  it('an idle page stops asking for frames: no requestAnimationFrame and no draw in 1.5 s', async () => {
    p = await navigate('?sample=jeep', { viewport: { width: 1280, height: 760 } });
    await countFrames(p);
    await texturesIn(p);
    await asleep(p);
    const before = await counts(p);
    await p.waitForTimeout(1500);
    const after = await counts(p);
    expect(after.raf - before.raf).toBe(0);
    expect(after.draws).toBe(before.draws);
  });

  it('orbiting draws while the camera moves, then the loop sleeps again', async () => {
    // Without damping's tail: ~150 frames to settle, minutes of software GL on a loaded machine.
    await p.evaluate(() => void (window.__viewer.stage.controls.enableDamping = false));
    const camera = () => p.evaluate(() => window.__viewer.stage.camera.position.toArray());
    const from = await camera();
    const before = await counts(p);
    const box = (await p.locator('#canvas').boundingBox())!;
    await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await p.mouse.down();
    for (let i = 1; i <= 5; i++) await p.mouse.move(box.x + box.width / 2 + i * 30, box.y + box.height / 2);
    await p.mouse.up();
    await drawn(p, before.draws);
    await asleep(p);
    expect(await camera()).not.toEqual(from);
    const still = await counts(p);
    await p.waitForTimeout(500);
    expect((await counts(p)).draws).toBe(still.draws);
    await p.evaluate(() => void (window.__viewer.stage.controls.enableDamping = true));
  });

  it('a resize draws at the new size, then the loop sleeps again', async () => {
    const width = () => p.evaluate(() => [window.__viewer.stage.canvas.width, window.__viewer.stage.canvas.clientWidth]);
    const [wide] = await width();
    const before = await counts(p);
    await p.setViewportSize({ width: 1180, height: 700 });
    await drawn(p, before.draws, 1);
    await asleep(p);
    const [drawing, shown] = await width();
    expect(drawing).toBe(shown);
    expect(wide - drawing).toBe(100); // the side panels keep their widths
  });

  it(`a playing clip draws at most the ?fps= cap and asks for no frame between its draws; paused it sleeps; played again it draws`, async () => {
    await settle(() => p.click('.samples button[data-sample="woman4"]'), p);
    await texturesIn(p);
    expect(await p.evaluate(() => window.__viewer.stage.maxAnimationFps)).toBe(E2E_FPS);
    const now = () => p.evaluate(() => [window.__viewer.stage.renderer.info.render.frame, performance.now(), (window as unknown as { rafCalls: number }).rafCalls] as const);
    // The page's ?fps= is the stage's cap; at 2 a second, in a window of t ms it draws at most
    // 1 + t / 500 times, however slow the frames. Uncapped, every frame asked for is drawn.
    await p.evaluate(() => void (window.__viewer.stage.maxAnimationFps = 2));
    const [draws0, start, raf0] = await now();
    await drawn(p, draws0, 4);
    const [draws1, end, raf1] = await now();
    expect(draws1 - draws0).toBeLessThanOrEqual(1 + Math.floor((end - start) / 500));
    // Between two draws the loop waits for the next one's time: two frames asked for per draw at most
    // (its own, and one more as the camera follows Woman4's root joint). A frame asked for at every
    // vsync and skipped (~40 a second at ?fps=1 before) kept the compositor and GPU process awake.
    expect(raf1 - raf0).toBeLessThanOrEqual(2 * (draws1 - draws0) + 2);
    expect(await p.evaluate(() => window.__viewer.stage.requestsFrames)).toBe(true);
    await p.evaluate((fps) => void (window.__viewer.stage.maxAnimationFps = fps), E2E_FPS);
    await p.click('#play');
    await texturesIn(p);
    await asleep(p);
    const paused = await counts(p);
    await p.waitForTimeout(1000);
    expect((await counts(p)).draws).toBe(paused.draws);
    await p.click('#play');
    await drawn(p, paused.draws, 2);
  });
}
