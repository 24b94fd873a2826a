/**
 * End-to-end: the built viewer in a real Chromium (Debian's package, driven by playwright-core).
 * Without chromium the suite fails under CI=true and skips loudly elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';

const dir = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(dir, 'test-artifacts');
const outDir = path.join(artifacts, 'dist');
// RELIC3D_CHROMIUM=none pretends there is no browser (to check the skip/fail behaviour).
const executablePath = process.env.RELIC3D_CHROMIUM === 'none'
  ? undefined
  : [process.env.RELIC3D_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && existsSync(p));
const jeep = path.join(process.env.RELIC3D_CORPUS ?? path.resolve(dir, '../../../shared/corpus'), 'ms3d/assimp__jeep1.ms3d');
const inCI = !!process.env.CI && process.env.CI !== 'false';

if (!executablePath) {
  const notice = `\n!!! viewer e2e: no chromium found (apt-get install -y chromium, or set RELIC3D_CHROMIUM) — browser tests ${inCI ? 'FAIL because CI is set' : 'SKIPPED'} !!!\n`;
  if (inCI) {
    describe('viewer e2e', () => it('needs chromium in CI', () => { throw new Error(notice); }));
  } else {
    console.warn(notice);
  }
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.md': 'text/markdown; charset=utf-8' };

describe.skipIf(!executablePath)('viewer e2e (chromium)', () => {
  let server: http.Server;
  let base = '';
  let browser: Browser;
  const problems: string[] = [];
  const missing: string[] = [];

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    await build({ root: dir, configFile: path.join(dir, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
    server = http.createServer(async (req, res) => {
      let file = path.join(outDir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
      if (!file.startsWith(outDir)) return void res.writeHead(403).end();
      if (file.endsWith('/')) file += 'index.html';
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
        '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
    });
  });

  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  let page: Page;

  async function open(query: string): Promise<Page> {
    const p = await browser.newPage({ viewport: { width: 1280, height: 760 }, acceptDownloads: true });
    p.on('console', (m) => {
      // A URL load asks for the model's textures next to it; the browser logs each missing one
      // as a 404. Those are checked against the warnings panel in the ?url= test instead.
      if (m.type() === 'error' && !(query.startsWith('?url=') && /status of 404/.test(m.text()))) problems.push(`${query}: ${m.text()}`);
    });
    p.on('response', (r) => { if (r.status() === 404) missing.push(decodeURIComponent(new URL(r.url()).pathname)); });
    p.on('pageerror', (e) => problems.push(`${query}: ${e.message}`));
    await p.goto(base + query);
    await p.waitForFunction(() => window.__viewer?.state.loads > 0, null, { timeout: 90_000 });
    return p;
  }

  /** Runs `action` and waits until the viewer has finished the load it starts. */
  async function settle(action: () => Promise<unknown>): Promise<void> {
    const before = await page.evaluate(() => window.__viewer.state.loads);
    await action();
    await page.waitForFunction((n) => window.__viewer.state.loads > n, before, { timeout: 90_000 });
  }

  const probe = () => page.evaluate(() => window.__viewer.probe());
  const status = () => page.evaluate(() => document.body.dataset.status);

  it('opens on Woman4, animating, with its source and licence shown', async () => {
    page = await open('');
    expect(await status()).toBe('ready');
    expect(await page.textContent('#credit')).toContain('MPL-2.0');
    expect(await page.getAttribute('#credit a[href*="github.com/glscene"]', 'href')).toContain('Woman4.ms3d');
    expect(await page.textContent('#stats')).toContain('ms3d v4');
    const first = await probe();
    expect(first.lit).toBeGreaterThan(2000);
    await page.waitForTimeout(600);
    const second = await probe();
    expect(second.checksum).not.toBe(first.checksum);
    expect(Number((await page.textContent('#time'))!.replace(' s', ''))).toBeGreaterThan(0);
    // Parse timings arrive after the model is shown: medians of warm runs on both paths (their values are not tested).
    await page.waitForSelector('#timing[data-state="done"]', { timeout: 30_000 });
    const cells = await page.locator('#timing-values .timing-cell').allTextContents();
    expect(cells).toHaveLength(3);
    expect(cells[0]).toMatch(/^WASM (simd|scalar)[\d.]+ ms$/);
    expect(cells[1]).toMatch(/^TypeScript[\d.]+ ms$/);
    expect(cells[2]).toMatch(/^TS ÷ WASM[\d.]+×$/);
    expect(await page.locator('#timing .faster').count()).toBe(1);
    expect(await page.textContent('#timing-note')).toMatch(/^median of \d+ warm runs?$/);
    await page.waitForFunction(() => !document.querySelector('#stats')?.textContent?.includes('…'), null, { timeout: 30_000 }).catch(() => {});
    await page.screenshot({ path: path.join(artifacts, 'viewer-default.png') });
    // Woman4 dances across the room: the camera follows her root joint, so 25 s in she is still in view.
    await page.evaluate(() => window.__viewer.stage.seek(25.4));
    await page.waitForTimeout(300);
    expect((await probe()).lit).toBeGreaterThan(2000);
    await page.screenshot({ path: path.join(artifacts, 'viewer-woman4-25s.png') });
  });

  for (const format of ['ase', 'o3d', 'mdl', 'lod', 'ms3d']) {
    it(`renders the ${format} sample, animating`, async () => {
      await settle(() => page.click(`.samples button[data-format="${format}"]`));
      expect(await status()).toBe('ready');
      expect(await page.textContent('#stats')).toContain(format);
      const before = await probe();
      expect(before.lit, `${format}: lit pixels`).toBeGreaterThan(before.total * 0.003);
      // Every sample is animated: two times give two different pictures.
      await page.waitForTimeout(600);
      expect((await probe()).checksum, `${format}: animation advances`).not.toBe(before.checksum);
      await page.screenshot({ path: path.join(artifacts, `sample-${format}.png`) });
    });
  }

  it('switches LOD levels on the MDL sample', async () => {
    await settle(() => page.click('.samples button[data-format="mdl"]'));
    await page.click('#play'); // pause, so only the LOD changes the picture
    await page.selectOption('#lod', '0');
    const fine = await probe();
    await page.selectOption('#lod', '1');
    const coarse = await probe();
    expect(coarse.checksum).not.toBe(fine.checksum);
    expect(coarse.lit).toBeGreaterThan(coarse.total * 0.003);
    await page.selectOption('#lod', 'auto');
    await page.click('#play');
  });

  it('shows the FormatError panel with its offset for a malformed file', async () => {
    // A valid MS3D header announcing more vertices than the file holds.
    const bytes = [...Buffer.from('MS3D000000'), 4, 0, 0, 0, 0x10, 0x27];
    await settle(() => page.evaluate((b) => window.__viewer.loadBytes('broken.ms3d', new Uint8Array(b)), bytes));
    expect(await status()).toBe('error');
    expect(await page.isVisible('#error')).toBe(true);
    expect(await page.textContent('#error .badge')).toBe('FormatError');
    expect(await page.textContent('#error-fields')).toMatch(/offset\d+ \(0x[0-9a-f]+\)/);
    await page.screenshot({ path: path.join(artifacts, 'error-truncated.png') });
    // A foreign file is named.
    await settle(() => page.evaluate(() => window.__viewer.loadBytes('monster.mdl', new Uint8Array([0x49, 0x44, 0x50, 0x4f, 6, 0, 0, 0, 0, 0, 0, 0]))));
    expect(await page.textContent('#error-message')).toContain('Quake 1 MDL');
  });

  it('opens a model with its companions from the file input', async () => {
    const folder = path.join(outDir, 'samples/generated');
    await settle(() => page.setInputFiles('#open-file', ['relic_column.o3d', 'relic_column.chr', 'relic_column_sway.ani'].map((f) => ({
      name: f, mimeType: 'application/octet-stream', buffer: readFileSync(path.join(folder, f)),
    }))));
    expect(await page.textContent('#model-title')).toContain('relic_column.o3d');
    expect(await page.textContent('#clips')).toContain('sway');
    expect(await page.isHidden('#error')).toBe(true);
  });

  it('opens a file dropped on the page', async () => {
    const bytes = [...readFileSync(path.join(outDir, 'samples/generated/relic_column.mdl'))];
    await settle(() => page.evaluate((b) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(b)], 'dropped.mdl'));
      const target = document.getElementById('viewport')!;
      target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, bytes));
    expect(await status()).toBe('ready');
    expect(await page.textContent('#model-title')).toContain('dropped.mdl');
    expect(await page.isHidden('#drop')).toBe(true);
  });

  it.skipIf(!existsSync(jeep))('decodes a texture that comes with the model (assimp jeep1.ms3d + jeep1.jpg from the corpus)', async () => {
    await settle(() => page.setInputFiles('#open-file', [
      { name: 'jeep1.ms3d', mimeType: 'application/octet-stream', buffer: readFileSync(jeep) },
      { name: 'jeep1.jpg', mimeType: 'image/jpeg', buffer: readFileSync(jeep.replace(/\.ms3d$/, '.jpg')) },
    ]));
    await page.waitForFunction(() => window.__viewer.state.model?.textures.every((t) => t.image), null, { timeout: 30_000 });
    const maps = await page.evaluate(() => window.__viewer.state.model!.materials.map((m) => {
      const map = (m as unknown as { map?: { image?: { width: number; height: number } } }).map;
      return map?.image ? [map.image.width, map.image.height] : null;
    }));
    expect(maps.some((m) => m && m[0] > 1 && m[1] > 1)).toBe(true);
    expect(await page.textContent('#warnings')).not.toContain('TEXTURE_MISSING');
    await page.screenshot({ path: path.join(artifacts, 'textured-jeep1.png') });
    // Back to the O3D for the export test.
    const folder = path.join(outDir, 'samples/generated');
    await settle(() => page.setInputFiles('#open-file', ['relic_column.o3d', 'relic_column.chr', 'relic_column_sway.ani'].map((f) => ({
      name: f, mimeType: 'application/octet-stream', buffer: readFileSync(path.join(folder, f)),
    }))));
  });

  it('exports the scene to .glb', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    expect(download.suggestedFilename()).toBe('relic_column.glb');
    const glb = readFileSync(await download.path());
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(glb.readUInt32LE(8)).toBe(glb.length);
    writeFileSync(path.join(artifacts, 'relic_column.glb'), glb);
  });

  it('loads a file from the ?url= parameter', async () => {
    await page.close();
    missing.length = 0;
    page = await open('?url=samples/glscene__Woman4.ms3d');
    expect(await status()).toBe('ready');
    expect(await page.textContent('#model-title')).toContain('glscene__Woman4.ms3d');
    expect(await page.locator('#clips option').count()).toBe(1);
    // The only 404s are texture files the model names and the warnings panel reports.
    const warned = (await page.textContent('#warnings'))!;
    const asked = missing.map((m) => m.split('/').pop()!);
    expect(asked.length).toBeGreaterThan(0);
    for (const name of asked) {
      expect(name).toMatch(/\.(bmp|tga|jpe?g|png|dds)$/i);
      expect(warned).toContain(name);
    }
  });

  it('writes nothing to the console as an error', () => {
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
