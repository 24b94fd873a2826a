// The e2e session of one test file: one static server over the viewer build (build.ts), the run's Chromium, one page at a time.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { artifacts, CHROMIUM_ARGS, dir, executablePath, outDir } from './build.js';

export { artifacts, dir, executablePath, outDir };
export const corpus = process.env.RELIC3D_CORPUS ?? path.resolve(dir, '../../../shared/corpus');
export const FLYFF = ['mvr_AiBatt.o3d', 'mvr_AiBatt.chr', 'mvr_AiBatt_stand.ani', 'mvr_AiBatt_walk.ani'];
export const hasFlyff = FLYFF.every((f) => existsSync(path.join(corpus, 'o3d', f)));
export const inCI = !!process.env.CI && process.env.CI !== 'false';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.md': 'text/markdown; charset=utf-8' };

let server: http.Server;
// Live bindings: the groups read the current values (`page` is replaced when a test opens a new one).
export let base = '';
let browser: Browser;
export const problems: string[] = [];
export const missing: string[] = [];
export let scratch = '';
export let page: Page;
/** Bytes the tests hand the page over HTTP rather than through the DevTools protocol: path → body. */
export const served = new Map<string, Uint8Array>();

/** Query settings `open` adds to every page of the running file (set in its beforeAll: files may share a worker). */
let pageSettings = '';
/** The animation frame cap of every e2e page (`?fps=`), unless a query sets its own. */
export const E2E_FPS = 1;

/** `query` (`?a=b#hash`, `#hash` or '') with this file's page settings added to its search part. */
export function withPageSettings(query: string, settings = pageSettings): string {
  if (!settings) return query;
  const hash = query.indexOf('#');
  const [search, rest] = hash < 0 ? [query, ''] : [query.slice(0, hash), query.slice(hash)];
  return `${search ? `${search}&` : '?'}${settings}${rest}`;
}

/** Makes `p` the page the groups drive (an imported binding cannot be assigned from outside). */
export function setPage(p: Page): void {
  page = p;
}

/** How an e2e file's pages start. */
export interface SuiteOptions {
  /**
   * false: pages open with `?warm=off`, their thumbnail drawers asleep until a drag or the folder
   * browser starts them (a file that never opens the browser spares Chromium their WebGL warm-up).
   */
  idleDrawers?: boolean;
}

/**
 * One e2e file: its groups in order on one session, then the console check over them all. Without
 * chromium the file fails under CI=true and skips loudly elsewhere.
 */
export function e2eSuite(name: string, groups: () => void, options: SuiteOptions = {}): void {
  if (!executablePath) {
    const notice = `\n!!! ${name}: no chromium found (apt-get install -y chromium, or set RELIC3D_CHROMIUM) — browser tests ${inCI ? 'FAIL because CI is set' : 'SKIPPED'} !!!\n`;
    if (inCI) {
      describe(name, () => it('needs chromium in CI', () => { throw new Error(notice); }));
    } else {
      console.warn(notice);
    }
  }
  describe.skipIf(!executablePath)(`${name} (chromium)`, () => {
    useSession(options);
    groups();
    it('writes nothing to the console as an error', () => {
      expect(problems, problems.join('\n')).toEqual([]);
    });
  });
}

/** Registers the server and browser hooks (the build is globalSetup's: build.ts); call once, inside the e2e describe. */
export function useSession({ idleDrawers = true }: SuiteOptions = {}): void {
  scratch = mkdtempSync(path.join(tmpdir(), 'relic3d-viewer-e2e-'));

  beforeAll(async () => {
    // fps=1: a playing clip alone redraws once a second (stage.ts); software GL drew ~10 frames a
    // second of a skinned model at a core's full cost, on every page left playing, and at 2 a second
    // a page left playing still cost CPU in proportion to the wall time of the tests after it. Tests
    // read pictures through probe(), which draws, so none waits for the loop.
    pageSettings = [idleDrawers ? '' : 'warm=off', `fps=${E2E_FPS}`].filter(Boolean).join('&');
    mkdirSync(artifacts, { recursive: true });
    server = http.createServer(async (req, res) => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      let file = path.join(outDir, pathname);
      if (!file.startsWith(outDir)) return void res.writeHead(403).end();
      if (file.endsWith('/')) file += 'index.html';
      const body = served.get(pathname);
      if (body) return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
      } catch {
        // Under /spa/ the server behaves like a single-page host: a missing path gets the index page.
        if (pathname.startsWith('/spa/')) res.writeHead(200, { 'content-type': 'text/html' }).end(await readFile(path.join(outDir, 'index.html')));
        else res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // The run's shared Chromium (build.ts), or one of this file's own where no globalSetup started it.
    const endpoint = inject('chromiumEndpoint');
    browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    rmSync(scratch, { recursive: true, force: true });
  });
}

/** What a page's console listeners report under, and the errors they let pass (`navigate` changes both). */
const pageLabels = new WeakMap<Page, { query: string; expected?: RegExp }>();

/**
 * A page on `query`, waiting for its first load. Console errors are collected, except the ones a
 * test expects (`expected`): 404s of files a test asks for, the injected worker fault.
 */
export async function open(query: string, viewport = { width: 1280, height: 760 }, expected?: RegExp, origin = base): Promise<Page> {
  const p = await browser.newPage({ viewport, acceptDownloads: true });
  const label: { query: string; expected?: RegExp } = { query, expected };
  pageLabels.set(p, label);
  p.on('console', (m) => {
    if (m.type() === 'error' && !(label.expected && label.expected.test(m.text()))) problems.push(`${label.query}: ${m.text()}`);
  });
  p.on('response', (r) => { if (r.status() === 404) missing.push(decodeURIComponent(new URL(r.url()).pathname)); });
  p.on('pageerror', (e) => { if (!(label.expected && label.expected.test(e.message))) problems.push(`${label.query}: ${e.message}`); });
  await load(p, origin + withPageSettings(query));
  return p;
}

/**
 * The session's page loaded afresh on `query` (a new document: new scripts, WebGL context, workers),
 * or a new page if there is none. Half the CPU of `open`'s new page, whose browser context and
 * renderer process start from nothing (4.5 → 2.4 CPU-s a load, issue #30); the context's storage
 * (IndexedDB, the origin's private file system) stays, so a test that needs an empty thumbnail
 * cache clears it.
 */
export async function navigate(query: string, { viewport, expected }: { viewport?: { width: number; height: number }; expected?: RegExp } = {}): Promise<Page> {
  if (!page) {
    setPage(await open(query, viewport, expected));
    return page;
  }
  Object.assign(pageLabels.get(page)!, { query, expected });
  if (viewport) await page.setViewportSize(viewport);
  const url = new URL(base + withPageSettings(query));
  const now = new URL(page.url());
  // A URL that differs from the current one only in its hash would not load a new document.
  if (url.origin + url.pathname + url.search === now.origin + now.pathname + now.search) await page.goto('about:blank');
  await load(page, url.href);
  return page;
}

async function load(p: Page, url: string): Promise<void> {
  await p.goto(url, { timeout: 90_000 });
  await p.waitForFunction(() => window.__viewer?.state.loads > 0, null, { timeout: 90_000 });
}

/** Runs `action` and waits until the viewer has finished the load it starts. */
export async function settle(action: () => Promise<unknown>, on = page): Promise<void> {
  const before = await on.evaluate(() => window.__viewer.state.loads);
  await action();
  await on.waitForFunction((n) => window.__viewer.state.loads > n, before, { timeout: 90_000 });
}

export const probe = (on = page) => on.evaluate(() => window.__viewer.probe());
/** Waits for `n` animation frames of the page (the viewer's loop has drawn what a test just set). */
export const frames = (n = 2, on = page) => on.evaluate((count) => new Promise<void>((resolve) => {
  const next = (left: number) => (left ? requestAnimationFrame(() => next(left - 1)) : resolve());
  next(count);
}), n);
/**
 * Waits until the picture differs from `checksum` (the model animates), probing once per frame the
 * ?fps= cap allows (each probe is a draw and a read-back; the clip advances only on the loop's
 * frames) rather than sleeping a fixed time: a loaded machine gets as long as it needs.
 * Returns the checksum that differed: a later probe of a looping clip can meet the first picture again
 * (the MDL sample did, at load 30).
 */
export const pictureChanges = async (checksum: number, on = page): Promise<number> => {
  const changed = await on.waitForFunction((before) => {
    const now = window.__viewer.probe().checksum;
    return now !== before && { now };
  }, checksum, { polling: 1000 / E2E_FPS, timeout: 30_000 });
  return ((await changed.jsonValue()) as { now: number }).now;
};
export const status = (on = page) => on.evaluate(() => document.body.dataset.status);
export const texturesArrived = (on = page) => on.waitForFunction(() => window.__viewer.state.model?.textures.every((t) => t.image), null, { timeout: 30_000 });

/** Drops a real folder on the page (Chromium's drag and drop, through the DevTools protocol). */
export async function dropFolder(folder: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const box = (await page.locator('#viewport').boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const data = { items: [], files: [folder], dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
  await cdp.detach();
}
