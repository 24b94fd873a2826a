// A folder opened through Open folder (showDirectoryPicker, stubbed with a real handle of a folder
// dropped once on a blank page): the thumbnails' jobs are sent for the cards on screen first, while
// the folder is still listed, side by side on both workers (issue 31); Chromium's own floor for a
// picked folder (its iteration, then the first file read).
import { expect, it } from 'vitest';
import path from 'node:path';
import { base, dropFolder, navigate, page, scratch } from './session.js';
import { generatedFolder } from './game-folder.js';

/**
 * A real FileSystemDirectoryHandle of `dir`, kept in the origin's IndexedDB ('relic3d-e2e'), which
 * holds handles in Chromium: a blank page on the viewer's origin takes it from a drop. Playwright
 * cannot drive the native picker; the viewer's page stubs showDirectoryPicker with it (`stubPicker`).
 */
export async function keepDroppedHandle(dir: string): Promise<void> {
  // No icon to ask for: the server's 404 for /favicon.ico is a console error.
  await page.route('**/__keep', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<link rel="icon" href="data:,"><div id="viewport" style="position:fixed;inset:0"></div>' }));
  await page.goto(`${base}__keep`);
  await page.unroute('**/__keep');
  await page.addScriptTag({ content: `
addEventListener('dragover', (e) => e.preventDefault());
addEventListener('drop', async (e) => {
  e.preventDefault();
  const handle = await e.dataTransfer.items[0].getAsFileSystemHandle();
  const db = await new Promise((resolve, reject) => { const q = indexedDB.open('relic3d-e2e', 1); q.onupgradeneeded = () => q.result.createObjectStore('handles'); q.onsuccess = () => resolve(q.result); q.onerror = () => reject(q.error); });
  await new Promise((resolve, reject) => { const t = db.transaction('handles', 'readwrite'); t.objectStore('handles').put(handle, 'picked'); t.oncomplete = resolve; t.onerror = () => reject(t.error); });
  window.kept = handle.kind + ':' + handle.name;
});` });
  await dropFolder(dir);
  await page.waitForFunction(() => (window as unknown as { kept?: string }).kept, null, { timeout: 60_000 });
}

/** The viewer's showDirectoryPicker answers with the handle `keepDroppedHandle` kept. */
export const stubPicker = () => page.evaluate(async () => {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const q = indexedDB.open('relic3d-e2e', 1);
    q.onsuccess = () => resolve(q.result);
    q.onerror = () => reject(q.error);
  });
  const handle = await new Promise<FileSystemDirectoryHandle>((resolve, reject) => {
    const q = db.transaction('handles').objectStore('handles').get('picked');
    q.onsuccess = () => resolve(q.result as FileSystemDirectoryHandle);
    q.onerror = () => reject(q.error);
  });
  (window as unknown as { showDirectoryPicker(): Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () => handle;
  return handle.kind;
});

/**
 * Chromium's own floor for a picked folder, on a blank page with the kept handle: the first entry,
 * the end of the iteration of every folder, and the first file read (getFile), asked for as the
 * first file is listed. The browser answers no file while it iterates a large folder: the read ends
 * with the iteration (9,665 handles: 1.4–2.0 s at load 16).
 */
export async function pickedFloor(): Promise<Record<string, number>> {
  await page.route('**/__floor', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<link rel="icon" href="data:,"><p>floor</p>' }));
  await page.goto(`${base}__floor`);
  await page.unroute('**/__floor');
  expect(await stubPicker()).toBe('directory');
  return page.evaluate(async () => {
    const dir = await (window as unknown as { showDirectoryPicker(): Promise<FileSystemDirectoryHandle> }).showDirectoryPicker();
    const t0 = performance.now();
    let files = 0, firstEntryMs = NaN;
    let firstRead: Promise<number> | undefined;
    type Values = { values(): AsyncIterable<FileSystemHandle> };
    const list = async (d: FileSystemDirectoryHandle): Promise<void> => {
      const subfolders: Promise<void>[] = [];
      for await (const h of (d as unknown as Values).values()) {
        if (Number.isNaN(firstEntryMs)) firstEntryMs = performance.now() - t0;
        if (h.kind === 'directory') subfolders.push(list(h as FileSystemDirectoryHandle));
        else if (files++ === 0) firstRead = (h as FileSystemFileHandle).getFile().then(() => performance.now() - t0);
      }
      await Promise.all(subfolders);
    };
    await list(dir);
    const listedMs = performance.now() - t0;
    return { files, firstEntryMs: Math.round(firstEntryMs), listedMs: Math.round(listedMs), firstReadMs: Math.round(await firstRead!) };
  });
}

/**
 * A drawing job as the page sent it: its worker, whether its card was on screen, how many cards on
 * screen had no job yet, whether the listing had ended, and how many drawers had a job in flight
 * with it (the service counts a job before it posts it).
 */
type Job = { path: string; worker: number; onScreen: boolean; screenWaiting: number; listedAll: boolean; drawersBusy: number };

/** Records every drawing job the page posts to a thumbnail worker, as `window.jobs`. */
const recordJobs = () => {
  type Browser = { service: { visible: number[]; drawers: { busy: number }[] }; entries: { path: string }[] };
  const w = window as unknown as { jobs: Job[]; __viewer?: { browser: Browser } };
  w.jobs = [];
  const workers: Worker[] = [];
  const sent = new Set<string>();
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
    const m = message as { type?: string; path?: string };
    const browser = w.__viewer?.browser;
    if (m?.type === 'render' && m.path && browser) {
      if (!workers.includes(this)) workers.push(this);
      // The grid's cards on screen (the service's `visible`, private to TypeScript only).
      const screen = browser.service.visible.map((i) => browser.entries[i]?.path);
      sent.add(m.path);
      w.jobs.push({ path: m.path, worker: workers.indexOf(this), onScreen: screen.includes(m.path), screenWaiting: screen.filter((p) => p && !sent.has(p)).length, listedAll: performance.getEntriesByName('relic3d:listed-all').length > 0, drawersBusy: browser.service.drawers.filter((d) => d.busy > 0).length });
    }
    return (post as (...args: unknown[]) => void).call(this, message, ...rest);
  } as Worker['postMessage'];
};

export function browserPickedTests(): void {
  it('sends the jobs of the cards on screen first while a picked folder is still listed, side by side on both workers', async () => {
    const game = generatedFolder(path.join(scratch, 'game-picked'), 0.01, 0);
    const models = game.manifest.models.length;
    // The blank page that keeps the handle needs no viewer loaded before it, only the session's page at this size.
    const view = { width: 640, height: 560 };
    if (page) await page.setViewportSize(view);
    else await navigate('?sample=jeep', { viewport: view });
    await keepDroppedHandle(game.dir);
    await page.addInitScript(recordJobs);
    // Listed in three parts (8 paths, 64, the rest) 1.5 s apart, no file read before 2 s: as Chromium,
    // which answers no read while it iterates a large folder, the cards on screen have changed (the
    // second part's names sort among the first's) when the files' facts come, before the listing ends.
    await page.goto(`${base}?sample=jeep&list-part=8&list-pause=1500&read-pause=2000`);
    await page.waitForFunction(() => window.__viewer?.state.loads > 0, null, { timeout: 90_000 });
    await page.evaluate(async () => {
      await window.__viewer.browser.service.clearCache();
      await window.__viewer.browser.service.warmUp();
    });
    expect(await stubPicker()).toBe('directory');
    await page.click('label:has(#open-folder)');
    await page.waitForFunction((n) => {
      const s = window.__viewer.browser.service.stats;
      return s.cached + s.rendered === n;
    }, models, { timeout: 170_000, polling: 250 });
    const jobs = await page.evaluate(() => (window as unknown as { jobs: Job[] }).jobs);
    const cards = await page.evaluate(() => window.__viewer.browser.grid.shown.length);
    expect(cards).toBe(models);
    // One job per model (the cache was cleared), on two workers.
    expect(jobs.length).toBe(models);
    expect(new Set(jobs.map((j) => j.path)).size).toBe(models);
    expect(new Set(jobs.map((j) => j.worker))).toEqual(new Set([0, 1]));
    // The first jobs: each card on screen when its job was sent, before the listing ended.
    const first = jobs.slice(0, 8);
    expect(first.filter((j) => !j.onScreen).map((j) => j.path), 'first jobs whose card was not on screen').toEqual([]);
    expect(first.filter((j) => j.listedAll).map((j) => j.path), 'first jobs sent after the listing ended').toEqual([]);
    // While the folder was listed, no card off screen had its job before a card on screen (its grid
    // grows in name order, so the cards on screen change as parts come).
    const early = jobs.filter((j) => !j.listedAll);
    expect(early.length).toBeGreaterThanOrEqual(8);
    expect(early.filter((j) => !j.onScreen && j.screenWaiting > 0).map((j) => `${j.path} (${j.screenWaiting} on screen waiting)`), 'jobs off screen sent before cards on screen').toEqual([]);
    // Side by side: while the folder was listed, both workers drew at once. (Not "the first two jobs
    // went to different workers": when the first card's facts came alone and its drawing ended before
    // the next card's came, the next went to the same idle worker, as it should; seen once at load.)
    expect(early.map((j) => j.drawersBusy), 'drawers busy at each job sent while the folder was listed').toContain(2);
  }, 240_000);
}
