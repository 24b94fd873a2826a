// The folder browser (issue 31): a generated Flyff game folder dropped on the page becomes a grid of
// thumbnails, searched, filtered and opened; screenshots and contact sheets; the thumbnail cache on a
// second visit; a shared link's hash. Expectations come from the generator's manifest.
import { expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { artifacts, base, dropFolder, navigate, page, scratch, served, settle, status } from './session.js';
import { generatedFolder, type GeneratedFolder } from './game-folder.js';
import { download, pngFacts } from './downloads.js';
import type { ListingPace } from '../../src/browser/folder-handles.js';
import { countPageFileCalls, pageFileCalls } from './page-file-calls.js';

// Screenshots go to test-artifacts/ (docs/browser-*.png are copies of them): a test that rewrote a tracked
// file left every `pnpm test` with a dirty tree and changed the viewer's own turbo inputs.
const shots = artifacts;
/** The view of every page here (the docs' screenshots keep their size). */
const VIEW = { width: 1280, height: 760 };
let folder: GeneratedFolder;

/** Each model's badges, as the manifest says they must be. */
const expectedClips = (m: GeneratedFolder['manifest']['models'][number]) => (m.kind === 'monster' ? m.motions?.length ?? 0 : 0);

/** Drops the folder, waits for the grid's first thumbnail and then for all of them. */
async function dropAndWait(on: Page): Promise<{ firstAt: number; allAt: number; cached: number; rendered: number }> {
  const since = await pageNow(on);
  await dropFolder(folder.dir);
  return waitForThumbnails(on, since);
}

/** The page's clock: a folder opened after this reading is the one an action opened. */
const pageNow = (on: Page) => on.evaluate(() => performance.now());

/**
 * Waits for the grid's first thumbnail (`failedToo`: or failed card) and then for all of them, of a
 * folder opened after `since` (pageNow): the stats of the folder before stay until the next one opens,
 * and a folder of as many models had them complete already (a picked folder's grid opens a few tasks
 * after the click; the test read the marks before they were made).
 */
async function waitForThumbnails(on: Page, since: number, failedToo = false): Promise<{ firstAt: number; allAt: number; cached: number; rendered: number }> {
  await on.waitForSelector(`#browser:not([hidden]) .card:is([data-state="done"]${failedToo ? ', [data-state="failed"]' : ''})`, { timeout: 60_000 });
  const total = folder.manifest.models.length;
  await on.waitForFunction(({ n, since }) => {
    const s = window.__viewer.browser.service.stats;
    return s.openedAt >= since && s.cached + s.rendered === n;
  }, { n: total, since }, { timeout: 170_000, polling: 250 });
  return on.evaluate(() => {
    const s = window.__viewer.browser.service.stats;
    return { firstAt: s.firstAt!, allAt: s.allAt!, cached: s.cached, rendered: s.rendered };
  });
}


/** How many files `dir` holds, at any depth. */
const filesIn = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

const shownNames = (on = page) => on.evaluate(() => window.__viewer.browser.grid.shown.map((i) => window.__viewer.browser.entries[i].name));

/** Registers this group's tests, in order, inside the e2e describe (they share its page). */
export function browserTests(): void {
  it('shows a dropped game folder as a grid: every model, the first thumbnails at once, then all of them with their badges', async () => {
    folder = generatedFolder(path.join(scratch, 'game'), 0.01);
    const models = folder.manifest.models;
    expect(models.length).toBeGreaterThan(30);
    await navigate('?sample=jeep', { viewport: VIEW });
    await countPageFileCalls();
    const times = await dropAndWait(page);
    // The drop's folder went to the workers as a handle: the page made no File of it (it gets them from
    // a worker, once all are read, for the full view).
    expect(await pageFileCalls(), 'getFile/file() calls on the page').toBe(0);
    expect(await page.evaluate(() => window.__viewer.browser.folder?.readByWorkers)).toBe(true);
    console.log(`folder browser (${models.length} models): first thumbnail ${times.firstAt.toFixed(0)} ms, all ${times.allAt.toFixed(0)} ms after the grid opened`);
    expect(times.rendered).toBe(models.length);
    expect(await page.evaluate(() => window.__viewer.browser.entries.length)).toBe(models.length);
    expect(await page.textContent('#browser-count')).toContain(`${models.length} of ${models.length} models`);
    // Each model's facts against the manifest: failed, skinned, clips, LODs, missing textures.
    const infos = await page.evaluate(() => Object.fromEntries(window.__viewer.browser.entries.map((e) => [e.path, window.__viewer.browser.service.thumbOf(e)?.info])));
    for (const m of models) {
      const info = infos[m.file]!;
      expect(info, m.file).toBeDefined();
      if (m.kind === 'broken') {
        expect(info.failed, m.file).toBeTruthy();
        continue;
      }
      expect(info.failed, m.file).toBeUndefined();
      expect(info.triangles, m.file).toBe(m.trianglesAllLevels);
      expect(info.clips, m.file).toBe(expectedClips(m));
      expect(info.skinned, m.file).toBe(m.kind === 'monster' ? !!m.bones : m.kind === 'part');
      // One level shows no LOD badge, whether the file has a LOD table of one or none.
      expect(Math.max(1, info.lods), m.file).toBe(m.lods ?? 1);
      expect(info.missingTextures, m.file).toBe(m.missingTextures?.length ?? 0);
    }
    // The packed items came out of the .res like the loose ones.
    for (const p of folder.packed) expect(infos[p]?.failed, p).toBeUndefined();
    // Thumbnails are small pictures that are not blank.
    const sizes = await page.evaluate(() => window.__viewer.browser.entries.map((e) => window.__viewer.browser.service.thumbOf(e)?.blob?.size ?? 0));
    expect(Math.max(...sizes)).toBeLessThan(40_000);
    expect(sizes.filter((s) => s > 500).length).toBe(models.length - folder.manifest.counts.broken);
    // Every readable model covers part of its thumbnail: single-sided sheets that face away from the
    // usual camera (Item_Weapon0001, obj_Struct0000 at this scale) were drawn as empty cards.
    const covered = await page.evaluate(async () => {
      const out: Record<string, number> = {};
      for (const e of window.__viewer.browser.entries) {
        const blob = window.__viewer.browser.service.thumbOf(e)?.blob;
        if (!blob) continue;
        const bitmap = await createImageBitmap(blob);
        const g = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
        g.drawImage(bitmap, 0, 0);
        const d = g.getImageData(0, 0, bitmap.width, bitmap.height).data;
        let n = 0;
        for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
        out[e.path] = n;
      }
      return out;
    });
    const sparse = Object.entries(covered).sort((a, b) => a[1] - b[1]).slice(0, 4);
    console.log(`folder browser: least-covered thumbnails (pixels of 128×128): ${sparse.map(([p, n]) => `${p.split('/').pop()} ${n}`).join(', ')}`);
    for (const m of models.filter((x) => x.kind !== 'broken')) expect(covered[m.file], `${m.file}: drawn pixels`).toBeGreaterThan(300);
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, 'browser-grid.png') });
  });

  it('searches names (Flyff prefixes in any case) and filters by kind, format, animation and failure', async () => {
    const models = folder.manifest.models;
    const base = (f: string) => path.posix.basename(f).toLowerCase();
    await page.fill('#browser-search', 'MVR_');
    const monsters = models.filter((m) => base(m.file).startsWith('mvr_')).map((m) => path.posix.basename(m.file)).sort();
    expect((await shownNames()).sort()).toEqual(monsters);
    expect(monsters.length).toBe(folder.manifest.counts.monster);
    await page.fill('#browser-search', 'weapon000');
    expect((await shownNames()).every((n) => n.toLowerCase().includes('weapon000'))).toBe(true);
    expect((await shownNames()).length).toBe(models.filter((m) => base(m.file).includes('weapon000')).length);
    await page.fill('#browser-search', '');
    await page.selectOption('#browser-prefix', 'part_');
    expect((await shownNames()).length).toBe(folder.manifest.counts.part);
    await page.selectOption('#browser-prefix', '');
    await page.selectOption('#browser-format', 'o3d');
    expect((await shownNames()).length).toBe(models.length);
    await page.selectOption('#browser-format', '');
    await page.selectOption('#browser-failed', 'yes');
    expect((await shownNames()).sort()).toEqual(models.filter((m) => m.kind === 'broken').map((m) => path.posix.basename(m.file)).sort());
    await page.waitForSelector('.card[data-state="failed"] .badge-failed');
    await page.screenshot({ path: path.join(shots, 'browser-failed.png') });
    await page.selectOption('#browser-failed', 'any');
    await page.selectOption('#browser-animated', 'yes');
    expect((await shownNames()).length).toBe(models.filter((m) => expectedClips(m) > 0).length);
    await page.screenshot({ path: path.join(shots, 'browser-animated.png') });
    await page.selectOption('#browser-animated', 'any');
  });

  it('opens a card in the full view and walks the grid with next and previous', async () => {
    await page.fill('#browser-search', 'mvr_');
    const names = await shownNames();
    await settle(() => page.click('.card >> nth=0'));
    expect(await status()).toBe('ready');
    expect(await page.isHidden('#browser')).toBe(true);
    expect(await page.textContent('#model-title')).toContain(names[0]);
    await settle(() => page.click('#grid-next'));
    expect(await page.textContent('#model-title')).toContain(names[1]);
    await settle(() => page.keyboard.press('ArrowRight'));
    expect(await page.textContent('#model-title')).toContain(names[2]);
    await settle(() => page.click('#grid-prev'));
    expect(await page.textContent('#model-title')).toContain(names[1]);
    expect(await page.isDisabled('#grid-prev')).toBe(false);
    await page.screenshot({ path: path.join(shots, 'browser-open.png') });
  });

  it('saves a screenshot at a chosen size, opaque and transparent, and a contact sheet', async () => {
    await page.selectOption('#shot-size', '1024x1024');
    const opaque = await download(() => page.click('#screenshot'));
    expect(opaque.name).toMatch(/-1024x1024\.png$/);
    const o = await pngFacts(opaque.bytes);
    expect([o.width, o.height]).toEqual([1024, 1024]);
    expect(o.variance).toBeGreaterThan(20);
    expect(o.transparent).toBe(0);
    await page.check('#shot-transparent');
    await page.selectOption('#shot-size', '1920x1080');
    const clear = await pngFacts((await download(() => page.click('#screenshot'))).bytes);
    expect([clear.width, clear.height]).toEqual([1920, 1080]);
    // The model covers part of the picture; the rest is see-through.
    expect(clear.transparent).toBeGreaterThan(0.3);
    expect(clear.transparent).toBeLessThan(0.99);
    await page.uncheck('#shot-transparent');
    await page.selectOption('#shot-size', 'view');
    await page.click('#grid-show');
    await page.fill('#browser-search', '');
    await page.fill('#sheet-columns', '5');
    await page.fill('#sheet-rows', '3');
    const sheet = await download(() => page.click('#contact-sheet'));
    const s = await pngFacts(sheet.bytes);
    // 12 px margins, 128 px cells 8 px apart, 18 px names under each.
    expect([s.width, s.height]).toEqual([12 * 2 + 5 * 128 + 4 * 8, 12 * 2 + 3 * (128 + 18) + 2 * 8]);
    expect(s.variance).toBeGreaterThan(50);
  });

  it('shows every thumbnail from the cache on a second visit', async () => {
    // The same browser profile (its IndexedDB), a fresh page load; no hash, so no model opens by itself.
    await page.goto(`${base}?sample=jeep`);
    await page.waitForFunction(() => window.__viewer?.state.loads > 0, null, { timeout: 90_000 });
    const times = await dropAndWait(page);
    console.log(`folder browser, second visit: first thumbnail ${times.firstAt.toFixed(0)} ms, all ${times.allAt.toFixed(0)} ms (${times.cached} from the cache)`);
    expect(times.cached).toBe(folder.manifest.models.length);
    // Drawn none: every thumbnail came from IndexedDB (its time is printed above; no timed assertion,
    // it read 3.47 s at load 40 on 2 cores).
    expect(times.rendered).toBe(0);
  });

  it('takes the drop\'s entries on the page where the browser has no getAsFileSystemHandle: every thumbnail, drawn by the workers', async () => {
    // From here on, the folder at the generator's floor (27 models: every kind, 4 broken, 3 items in
    // the .res) rather than 51: these tests' facts hold for any folder, and each draws it again.
    folder = generatedFolder(path.join(scratch, 'game-small'), 0);
    expect(folder.manifest.models.length).toBeGreaterThan(20);
    // The second visit's page: a second folder dropped on it, as a user drops one after another (one
    // page load fewer, its drawers' start and warm-up with it).
    await page.evaluate(async () => {
      delete (DataTransferItem.prototype as { getAsFileSystemHandle?: unknown }).getAsFileSystemHandle;
      await window.__viewer.browser.service.clearCache();
    });
    await countPageFileCalls();
    const times = await dropAndWait(page);
    expect(times.rendered).toBe(folder.manifest.models.length);
    expect(await page.evaluate(() => window.__viewer.browser.service.stats.drawer)).toBe('worker');
    expect(await page.evaluate(() => window.__viewer.browser.folder?.readByWorkers)).toBeFalsy();
    expect(await pageFileCalls(), 'file() calls on the page').toBe(filesIn(folder.dir));
  });

  it('opens a folder through showDirectoryPicker (stubbed: the same folder in the origin private file system), iterated lazily: every model, every thumbnail', async () => {
    // The same page again, a third folder opened on it.
    await page.evaluate(() => window.__viewer.browser.service.clearCache());
    // The page copies the folder into its private file system, each file fetched from the test's
    // server (a route answered each through the DevTools protocol: over 120 s on a loaded machine).
    const paths = readdirSync(folder.dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(folder.dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    for (const p of paths) served.set(`/opfs-source/${p}`, readFileSync(path.join(folder.dir, ...p.split('/'))));
    await page.evaluate(async (files) => {
      const model = await (await navigator.storage.getDirectory()).getDirectoryHandle('Model', { create: true });
      for (const file of files) {
        const parts = file.split('/');
        let dir = model;
        for (const d of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(d, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(await (await fetch(`/opfs-source/${parts.map(encodeURIComponent).join('/')}`)).arrayBuffer());
        await writable.close();
      }
      // A picker answers after a while (a person chooses): the wait must not take the folder before's stats for this one's.
      (window as unknown as { showDirectoryPicker(): Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = () => new Promise((resolve) => setTimeout(() => resolve(model), 300));
    }, paths);
    await countPageFileCalls();
    const since = await pageNow(page);
    await page.click('label:has(#open-folder)');
    const times = await waitForThumbnails(page, since);
    expect(times.rendered).toBe(folder.manifest.models.length);
    // The picked folder went to the workers as a handle: the page made no File of it.
    expect(await pageFileCalls(), 'getFile/file() calls on the page').toBe(0);
    expect(await page.evaluate(() => window.__viewer.browser.folder?.readByWorkers)).toBe(true);
    expect((await page.evaluate(() => window.__viewer.browser.entries.map((e) => e.path))).sort()).toEqual(folder.manifest.models.map((m) => m.file).sort());
    const infos = await page.evaluate(() => window.__viewer.browser.entries.map((e) => window.__viewer.browser.service.thumbOf(e)?.info));
    expect(infos.filter((i) => i?.failed).length).toBe(folder.manifest.counts.broken);
    expect(infos.reduce((n, i) => n + (i?.clips ?? 0), 0)).toBe(folder.manifest.models.reduce((n, m) => n + expectedClips(m), 0));
    for (const p of paths) served.delete(`/opfs-source/${p}`);
  }, 240_000); // the copy into the private file system alone took over 120 s at load 40

  it('opens a picked folder listed slowly, in parts of 8: the grid opens from the first and grows, every fact right whether the workers or the page draw (?thumbs=readers), also with the files a second behind their facts', async () => {
    // The same page's context: its private file system holds the folder the test above copied in.
    const models = folder.manifest.models;
    // `files-pause`: the page drawer gets each file 1 s after its facts (issue #31's race: a card's
    // facts came before its file, and the page drew it as "not in the folder"). Two page loads for the
    // three: the workers' variant on the test above's page, its pace set in the page (the service's
    // options, which the query sets on a load); the page drawer's two on one ?thumbs=readers page,
    // loaded with files-pause, then without (set in the page).
    const variants: { query: string; load: boolean; pace?: ListingPace }[] = [
      { query: '?sample=jeep&list-part=8&list-pause=40', load: false, pace: { part: 8, pauseMs: 40 } },
      { query: '?sample=jeep&thumbs=readers&list-part=8&list-pause=40&files-pause=1000', load: true },
      { query: '?sample=jeep&thumbs=readers&list-part=8&list-pause=40', load: false, pace: { filesPauseMs: 0 } },
    ];
    for (const { query, load, pace } of variants) {
      if (load) await navigate(query);
      const paced = await page.evaluate(async (pace) => {
        const { service } = window.__viewer.browser;
        if (pace) Object.assign((service as unknown as { options: { listing: ListingPace } }).options.listing, pace);
        // This folder's marks only (the page may have opened others).
        performance.clearMarks();
        const model = await (await navigator.storage.getDirectory()).getDirectoryHandle('Model');
        (window as unknown as { showDirectoryPicker(): Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = () => new Promise((resolve) => setTimeout(() => resolve(model), 300));
        await service.clearCache();
        return service.listingPace;
      }, pace);
      expect({ ...paced, filesPauseMs: paced?.filesPauseMs ?? 0 }, query).toEqual({ part: 8, pauseMs: 40, filesPauseMs: query.includes('files-pause=1000') ? 1000 : 0 });
      await countPageFileCalls();
      const since = await pageNow(page);
      await page.click('label:has(#open-folder)');
      // Failed cards too: a race that fails every model is told by the facts below, not by a timeout.
      const times = await waitForThumbnails(page, since, true);
      console.log(`picked folder (${query}): first thumbnail ${times.firstAt.toFixed(0)} ms, all ${times.allAt.toFixed(0)} ms after the grid opened`);
      expect(times.rendered, query).toBe(models.length);
      expect(await page.evaluate(() => window.__viewer.browser.service.stats.drawer), query).toBe(query.includes('readers') ? 'page' : 'worker');
      expect(await pageFileCalls(), `${query}: getFile/file() calls on the page`).toBe(0);
      // The grid opened with part of the folder, before its listing ended, and grew to all of it, in name order.
      // (The listing's end is marked a task after its last part, whose thumbnails may be done first.)
      await page.waitForFunction(() => performance.getEntriesByName('relic3d:listed-all').length > 0, null, { timeout: 30_000 });
      const grown = await page.evaluate(() => {
        const at = (name: string) => performance.getEntriesByName(`relic3d:${name}`).at(-1)?.startTime ?? NaN;
        const { entries, grid } = window.__viewer.browser;
        return { gridAt: at('grid'), listedAllAt: at('listed-all'), names: grid.shown.map((i) => entries[i].name), allAt: window.__viewer.browser.service.stats.allAt };
      });
      expect(grown.gridAt, query).toBeLessThan(grown.listedAllAt);
      expect(grown.names, query).toEqual(models.map((m) => m.file.split('/').pop()!).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)));
      expect(await page.textContent('#browser-count'), query).toContain(`${models.length} of ${models.length} models`);
      // Drawn while the folder was still listed, a model's companions (textures, .chr, motions found by listing its folder) are all found.
      const infos = await page.evaluate(() => Object.fromEntries(window.__viewer.browser.entries.map((e) => [e.path, window.__viewer.browser.service.thumbOf(e)?.info])));
      // Each wrong model with the facts it got, so that a failure says which fact and why (issue #31's race: "failed").
      const wrong = models.filter((m) => {
        const info = infos[m.file];
        return !info || !!info.failed !== (m.kind === 'broken') || (m.kind !== 'broken' && (info.clips !== expectedClips(m) || info.missingTextures !== (m.missingTextures?.length ?? 0)));
      }).map((m) => `${m.file} ${JSON.stringify(infos[m.file])}`);
      expect(wrong, query).toEqual([]);
    }
  }, 300_000);

  it('draws the thumbnails on the page, one per task, where a worker cannot (?thumbs=page)', async () => {
    // A page of its own: no worker draws on it.
    await navigate('?sample=jeep&thumbs=page');
    await page.evaluate(() => window.__viewer.browser.service.clearCache());
    await countPageFileCalls();
    const times = await dropAndWait(page);
    expect(await page.evaluate(() => window.__viewer.browser.service.stats.drawer)).toBe('page');
    // No worker draws, so the page takes the drop's entries itself: one file() per file of the folder
    // (the count the handed-over drop of the first test must not reach).
    expect(await pageFileCalls(), 'file() calls on the page').toBe(filesIn(folder.dir));
    expect(times.rendered).toBe(folder.manifest.models.length);
    const failed = await page.locator('.card[data-state="failed"]').count();
    const done = await page.locator('.card[data-state="done"]').count();
    expect(done).toBeGreaterThan(0);
    expect(failed).toBeLessThanOrEqual(folder.manifest.counts.broken);
    expect(await page.evaluate(() => window.__viewer.browser.entries.filter((e) => window.__viewer.browser.service.thumbOf(e)?.info.failed).length)).toBe(folder.manifest.counts.broken);
  });

  it('opens a shared link: model, clip, paused time and camera from the hash; ?embed shows the view alone', async () => {
    const cam = [2.5, 3, 6, 0, 1.5, 0];
    // No thumbnail drawers: nothing here draws a thumbnail (a page spared their WebGL warm-up).
    const shared = await navigate(`?sample=jeep&warm=off#model=lod&clip=1&t=0.6&cam=${cam.join(',')}&show=skeleton&light=studio`);
    await shared.waitForFunction(() => document.body.dataset.shared === 'applied', null, { timeout: 30_000 });
    expect(await shared.textContent('#model-title')).toContain('relic_serpent.lod');
    expect(await shared.inputValue('#clips')).toBe('1');
    expect(await shared.textContent('#clips option:checked')).toMatch(/^slither/);
    const view = await shared.evaluate(() => {
      const s = window.__viewer.stage;
      return { time: s.time, playing: s.playing, camera: [...s.camera.position.toArray(), ...s.controls.target.toArray()] };
    });
    expect(view.playing).toBe(false);
    expect(view.time).toBeCloseTo(0.6, 5);
    view.camera.forEach((v, i) => expect(v).toBeCloseTo(cam[i], 4));
    expect(await shared.isChecked('#show-skeleton')).toBe(true);
    expect(await shared.inputValue('#lighting')).toBe('studio');
    // The hash follows the view: it still says what was applied.
    await shared.waitForFunction(() => location.hash.includes('model=lod'));
    expect(await shared.evaluate(() => location.hash)).toMatch(/clip=1&t=0\.6&cam=2\.5,3,6,0,1\.5,0&show=skeleton&light=studio/);
    // Each preset lights the model differently; studio is brighter than the default, which is unchanged.
    const shade = async () => (await shared.evaluate(() => window.__viewer.probe())).mean.reduce((a, b) => a + b, 0);
    const studio = await shade();
    const looks: Record<string, number> = {};
    for (const preset of ['default', 'outdoor', 'neutral', 'studio']) {
      await shared.selectOption('#lighting', preset);
      looks[preset] = await shade();
    }
    expect(looks.studio).toBeCloseTo(studio, 3);
    expect(looks.studio).toBeGreaterThan(looks.default);
    expect(new Set(Object.values(looks).map((v) => v.toFixed(1))).size).toBe(4);
    await shared.fill('#background', '#203040');
    expect(await shared.evaluate(() => (window.__viewer.stage.scene.background as { getHexString(): string }).getHexString())).toBe('203040');
    await shared.waitForFunction(() => location.hash.includes('bg=203040'));
    const embed = await navigate('?embed&sample=ase');
    expect(await embed.isHidden('.topbar')).toBe(true);
    expect(await embed.isHidden('.panel.right')).toBe(true);
    const box = (await embed.locator('#viewport').boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(1270);
    expect((await embed.evaluate(() => window.__viewer.probe())).lit).toBeGreaterThan(2000);
    await embed.screenshot({ path: path.join(shots, 'browser-embed.png') });
  });
}
