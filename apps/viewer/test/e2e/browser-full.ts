// The folder browser's speed targets (issue 31) on the bench's game folder at the scale that gives
// ~5,400 models: first thumbnails within 1 s of the grid opening, all within 3 minutes, no main-thread
// task over 100 ms (PerformanceObserver 'longtask'), memory bounded. Minutes long: RELIC3D_E2E_FULL=1.
// RELIC3D_E2E_GAME=<dir> reuses a folder written by `bench/src/game-folder.ts <dir> --scale=1.15`.
import { expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { dropFolder, open, page, scratch, setPage } from './session.js';
import { generatedFolder } from './game-folder.js';

const FULL = process.env.RELIC3D_E2E_FULL === '1';

export function browserFullTests(): void {
  it.runIf(FULL)('full game folder (~5,400 models): first thumbnails within 1 s, all within 3 min, no task over 100 ms', async () => {
    const given = process.env.RELIC3D_E2E_GAME;
    const dir = given && existsSync(path.join(given, 'Model')) ? path.join(given, 'Model') : generatedFolder(path.join(scratch, 'full'), 1.15, 0).dir;
    const fresh = await open('?sample=jeep');
    await page?.close();
    setPage(fresh);
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({ type: 'longtask' });
    });
    const dropAt = await page.evaluate(() => performance.now());
    await dropFolder(dir);
    await page.waitForFunction(() => window.__viewer.browser.service.stats.firstAt !== undefined, null, { timeout: 120_000, polling: 50 });
    const models = await page.evaluate(() => window.__viewer.browser.entries.length);
    // Scrolled to the middle while drawing: the cards there come next, the page stays responsive.
    await page.evaluate(() => {
      const scroll = document.getElementById('browser-scroll')!;
      scroll.scrollTop = scroll.scrollHeight / 2;
    });
    // Until all are drawn or the 3 minutes of the target have passed: what was drawn by then is reported either way.
    await page.waitForFunction(() => {
      const s = window.__viewer.browser.service.stats;
      return s.allAt !== undefined || performance.now() - s.openedAt > 180_000;
    }, null, { timeout: 400_000, polling: 1000 });
    const facts = await page.evaluate(() => {
      const s = window.__viewer.browser.service.stats;
      const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return { ...s, elapsedMs: performance.now() - s.openedAt, longTasks: (window as unknown as { longTasks: number[] }).longTasks, heap: memory?.usedJSHeapSize ?? 0, cards: document.querySelectorAll('.card').length };
    });
    const longest = Math.max(0, ...facts.longTasks);
    const perThumb = Object.fromEntries(Object.entries(facts.phases).map(([k, v]) => [k, +(v / facts.rendered).toFixed(1)]));
    console.log(JSON.stringify({
      models, gridOpenedAfterDropMs: Math.round(facts.openedAt - dropAt), firstMs: Math.round(facts.firstAt!), allMs: facts.allAt && Math.round(facts.allAt),
      drawnIn3Min: facts.cached + facts.rendered, thumbsPerSecond: +(facts.rendered / (facts.elapsedMs / 1000)).toFixed(2),
      rendered: facts.rendered, cached: facts.cached, drawer: facts.drawer, workers: facts.workers, meanDrawMs: +(facts.drawMs / facts.rendered).toFixed(1), perThumb,
      longTasks: facts.longTasks.length, longestTaskMs: longest, heapMB: +(facts.heap / 1048576).toFixed(1), cardsInDom: facts.cards,
      // Other work on the machine slows every number above: its load is part of the measurement.
      loadAverage: loadavg().map((l) => +l.toFixed(2)),
    }));
    await page.screenshot({ path: path.join(path.dirname(dir), 'browser-full.png') });
    expect(models).toBeGreaterThan(5300);
    // The grid is virtualised: a screenful of cards, never one per model.
    expect(facts.cards).toBeLessThan(200);
    expect(facts.firstAt!).toBeLessThan(1000);
    expect(facts.cached + facts.rendered, 'thumbnails drawn within 3 minutes').toBe(models);
    expect(longest).toBeLessThan(100);
    // Thumbnails as small images: the page's heap stays far below the folder's 460 MB.
    expect(facts.heap).toBeLessThan(200 * 1048576);
  }, 600_000);
}
