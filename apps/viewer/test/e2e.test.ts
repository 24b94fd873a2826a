/**
 * End-to-end: the published viewer build (`vite build`, served by a plain static server) in a real
 * Chromium (Debian's package, driven by playwright-core); one check runs against the Vite dev server.
 * Without chromium the suite fails under CI=true and skips loudly elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, createServer } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';
import { writeMs3d, quad } from '@relic3d/fixtures/ms3d';

const dir = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(dir, 'test-artifacts');
const outDir = path.join(artifacts, 'dist');
// RELIC3D_CHROMIUM=none pretends there is no browser (to check the skip/fail behaviour).
const executablePath = process.env.RELIC3D_CHROMIUM === 'none'
  ? undefined
  : [process.env.RELIC3D_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && existsSync(p));
const corpus = process.env.RELIC3D_CORPUS ?? path.resolve(dir, '../../../shared/corpus');
const FLYFF = ['mvr_AiBatt.o3d', 'mvr_AiBatt.chr', 'mvr_AiBatt_stand.ani', 'mvr_AiBatt_walk.ani'];
const hasFlyff = FLYFF.every((f) => existsSync(path.join(corpus, 'o3d', f)));
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

/**
 * A DDS of `size`² pixels of one colour, DXT1-compressed (the layout from Microsoft's DDS
 * documentation): every 4×4 block holds colour 0 = `rgb565` and indices 0.
 */
function solidDxt1(size: number, rgb565: number): Uint8Array {
  const blocks = (size / 4) ** 2;
  const out = new Uint8Array(128 + blocks * 8);
  const v = new DataView(out.buffer);
  out.set([0x44, 0x44, 0x53, 0x20]); // 'DDS '
  v.setUint32(4, 124, true); // header size
  v.setUint32(8, 0x1 | 0x2 | 0x4 | 0x1000 | 0x80000, true); // CAPS, HEIGHT, WIDTH, PIXELFORMAT, LINEARSIZE
  v.setUint32(12, size, true);
  v.setUint32(16, size, true);
  v.setUint32(20, blocks * 8, true);
  v.setUint32(76, 32, true); // pixel format size
  v.setUint32(80, 0x4, true); // FOURCC
  out.set([0x44, 0x58, 0x54, 0x31], 84); // 'DXT1'
  v.setUint32(108, 0x1000, true); // TEXTURE
  for (let b = 0; b < blocks; b++) v.setUint16(128 + b * 8, rgb565, true); // colour 1 and indices stay 0
  return out;
}

/** An uncompressed 24-bit TGA of `size`² pixels of one colour (bottom-left origin, BGR). */
function solidTga(size: number, [r, g, b]: number[]): Uint8Array {
  const out = new Uint8Array(18 + size * size * 3);
  out[2] = 2;
  out[12] = size;
  out[14] = size;
  out[16] = 24;
  for (let i = 0; i < size * size; i++) out.set([b, g, r], 18 + i * 3);
  return out;
}

/** An ASE whose helper objects form one parent chain `depth` deep (the hostile input of issue 15). */
function deepAse(depth: number): string {
  const out = ['*3DSMAX_ASCIIEXPORT\t200', '*SCENE {\n\t*SCENE_FILENAME "deep.max"\n\t*SCENE_FIRSTFRAME 0\n\t*SCENE_LASTFRAME 100\n\t*SCENE_FRAMESPEED 30\n\t*SCENE_TICKSPERFRAME 160\n}'];
  for (let i = 0; i < depth; i++) {
    out.push(`*HELPEROBJECT {\n\t*NODE_NAME "link${i}"\n${i ? `\t*NODE_PARENT "link${i - 1}"\n` : ''}\t*HELPER_CLASS "Dummy"\n\t*NODE_TM {\n\t\t*NODE_NAME "link${i}"\n\t\t*TM_ROW0 1 0 0\n\t\t*TM_ROW1 0 1 0\n\t\t*TM_ROW2 0 0 1\n\t\t*TM_ROW3 0 0 ${(i * 0.01).toFixed(2)}\n\t}\n}`);
  }
  return out.join('\n');
}

describe.skipIf(!executablePath)('viewer e2e (chromium)', () => {
  let server: http.Server;
  let base = '';
  let browser: Browser;
  const problems: string[] = [];
  const missing: string[] = [];
  const scratch = mkdtempSync(path.join(tmpdir(), 'relic3d-viewer-e2e-'));

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    await build({ root: dir, configFile: path.join(dir, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
    server = http.createServer(async (req, res) => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      let file = path.join(outDir, pathname);
      if (!file.startsWith(outDir)) return void res.writeHead(403).end();
      if (file.endsWith('/')) file += 'index.html';
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
    rmSync(scratch, { recursive: true, force: true });
  });

  let page: Page;

  /**
   * A page on `query`, waiting for its first load. Console errors are collected, except the ones a
   * test expects (`expected`): 404s of files a test asks for, the injected worker fault.
   */
  async function open(query: string, viewport = { width: 1280, height: 760 }, expected?: RegExp, origin = base): Promise<Page> {
    const p = await browser.newPage({ viewport, acceptDownloads: true });
    p.on('console', (m) => {
      if (m.type() === 'error' && !(expected && expected.test(m.text()))) problems.push(`${query}: ${m.text()}`);
    });
    p.on('response', (r) => { if (r.status() === 404) missing.push(decodeURIComponent(new URL(r.url()).pathname)); });
    p.on('pageerror', (e) => { if (!(expected && expected.test(e.message))) problems.push(`${query}: ${e.message}`); });
    await p.goto(origin + query);
    await p.waitForFunction(() => window.__viewer?.state.loads > 0, null, { timeout: 90_000 });
    return p;
  }

  /** Runs `action` and waits until the viewer has finished the load it starts. */
  async function settle(action: () => Promise<unknown>, on = page): Promise<void> {
    const before = await on.evaluate(() => window.__viewer.state.loads);
    await action();
    await on.waitForFunction((n) => window.__viewer.state.loads > n, before, { timeout: 90_000 });
  }

  const probe = (on = page) => on.evaluate(() => window.__viewer.probe());
  const status = (on = page) => on.evaluate(() => document.body.dataset.status);
  const texturesArrived = (on = page) => on.waitForFunction(() => window.__viewer.state.model?.textures.every((t) => t.image), null, { timeout: 30_000 });

  /** Drops a real folder on the page (Chromium's drag and drop, through the DevTools protocol). */
  async function dropFolder(folder: string): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    const box = (await page.locator('#viewport').boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const data = { items: [], files: [folder], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
    await cdp.detach();
  }

  it('opens on the textured jeep1 with its source and licence, and nothing to warn about', async () => {
    // The failure test below kills the worker on purpose: its uncaught error is expected on the console.
    page = await open('', undefined, /injected worker fault/);
    expect(await status()).toBe('ready');
    expect(await page.textContent('#model-title')).toContain('assimp__jeep1.ms3d');
    expect(await page.textContent('#credit')).toContain('BSD-3-Clause');
    expect(await page.getAttribute('#credit a[href*="github.com/assimp"]', 'href')).toContain('jeep1.ms3d');
    expect(await page.textContent('#stats')).toContain('ms3d v4');
    // Every sample button shows in full (the picker wraps rather than clipping or scrolling).
    expect(await page.locator('#samples').evaluate((n) => n.scrollWidth <= n.clientWidth + 1 && n.scrollHeight <= n.clientHeight + 1)).toBe(true);
    await texturesArrived();
    const map = await page.evaluate(() => {
      const m = window.__viewer.state.model!.materials[0] as unknown as { map?: { image?: { width: number; height: number } } };
      return m.map?.image && [m.map.image.width, m.map.image.height];
    });
    expect(map).toEqual([512, 512]); // MANIFEST: a 512×512 jpg
    expect(await page.isHidden('#warnings-panel')).toBe(true);
    expect((await probe()).lit).toBeGreaterThan(2000);
    // Parse timings arrive after the model is shown: medians of warm runs on both paths; TS ÷ WASM
    // only with its spread, or a word saying why there is no figure (the values are not tested).
    await page.waitForSelector('#timing[data-state="done"]', { timeout: 30_000 });
    const cells = await page.locator('#timing-values .timing-cell').allTextContents();
    expect(cells).toHaveLength(3);
    expect(cells[0]).toMatch(/^WASM (simd|scalar)[\d.]+ ms$/);
    expect(cells[1]).toMatch(/^TypeScript[\d.]+ ms$/);
    expect(cells[2]).toMatch(/^TS ÷ WASM([\d.]+× [\d.]+–[\d.]+|≈ same|noisy|—)$/);
    expect(await page.locator('#timing .faster').count()).toBe(/×/.test(cells[2]) ? 1 : 0);
    expect(await page.textContent('#timing-note')).toMatch(/^median of \d+ warm runs?$/);
    await page.screenshot({ path: path.join(artifacts, 'viewer-default.png') });
  });

  it('renders the Woman4 sample animating, says she is untextured, and follows her 25 s in', async () => {
    await settle(() => page.click('.samples button[data-sample="woman4"]'));
    expect(await page.textContent('#credit')).toContain('MPL-2.0');
    expect(await page.textContent('#credit')).toContain('untextured');
    const first = await probe();
    expect(first.lit).toBeGreaterThan(2000);
    await page.waitForTimeout(600);
    expect((await probe()).checksum).not.toBe(first.checksum);
    // Woman4 dances across the room: the camera follows her root joint, so 25 s in she is still in view.
    await page.evaluate(() => window.__viewer.stage.seek(25.4));
    await page.waitForTimeout(300);
    expect((await probe()).lit).toBeGreaterThan(2000);
    await page.screenshot({ path: path.join(artifacts, 'viewer-woman4-25s.png') });
  });

  for (const format of ['ase', 'o3d', 'mdl', 'lod']) {
    it(`renders the ${format} sample, animating, with nothing to warn about`, async () => {
      await settle(() => page.click(`.samples button[data-sample="${format}"]`));
      expect(await status()).toBe('ready');
      expect(await page.textContent('#stats')).toContain(format);
      const before = await probe();
      expect(before.lit, `${format}: lit pixels`).toBeGreaterThan(before.total * 0.003);
      // Every one of these samples is animated: two times give two different pictures.
      await page.waitForTimeout(600);
      expect((await probe()).checksum, `${format}: animation advances`).not.toBe(before.checksum);
      // The generated samples do not warn about themselves (O3D: the header names its own file).
      if (format !== 'ase') expect(await page.isHidden('#warnings-panel'), `${format}: ${await page.textContent('#warnings')}`).toBe(true);
      await page.screenshot({ path: path.join(artifacts, `sample-${format}.png`) });
    });
  }

  it('shows full node names in the tree, with the name as the tooltip', async () => {
    await settle(() => page.click('.samples button[data-sample="ase"]'));
    const rows = await page.locator('#tree .tree-row').evaluateAll((els) =>
      els.filter((e) => (e as HTMLElement).offsetParent).map((e) => {
        const name = e.querySelector('.tree-name') as HTMLElement;
        return { text: name.textContent, title: (e as HTMLElement).title, cut: name.scrollWidth > name.clientWidth + 1 || name.getBoundingClientRect().right > e.getBoundingClientRect().right + 1 };
      }));
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(row.cut, `${row.text} is not cut off`).toBe(false);
      expect(row.title.split('\n')[0]).toBe(row.text);
    }
  });

  it('fits the view to the model and resets it', async () => {
    await page.click('#play'); // pause, so only the camera changes the picture
    const home = await page.evaluate(() => window.__viewer.stage.camera.position.toArray());
    const framed = (await probe()).lit;
    await page.evaluate(() => window.__viewer.stage.camera.position.multiplyScalar(25));
    await page.waitForTimeout(100);
    expect((await probe()).lit).toBeLessThan(framed / 5);
    await page.click('#fit-view');
    expect((await probe()).lit).toBeGreaterThan(framed / 2);
    await page.evaluate(() => window.__viewer.stage.camera.position.set(50, 3, -7));
    await page.click('#reset-view');
    const back = await page.evaluate(() => window.__viewer.stage.camera.position.toArray());
    back.forEach((v, i) => expect(v).toBeCloseTo(home[i], 4));
    await page.click('#play');
  });

  it('switches LOD levels on the MDL sample', async () => {
    await settle(() => page.click('.samples button[data-sample="mdl"]'));
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

  it('shows the FormatError panel for a malformed file, with no trace of the previous model', async () => {
    expect(await page.textContent('#model-title')).toContain('relic_column.mdl');
    // A valid MS3D header announcing more vertices than the file holds.
    const bytes = [...Buffer.from('MS3D000000'), 4, 0, 0, 0, 0x10, 0x27];
    await settle(() => page.evaluate((b) => window.__viewer.loadBytes('broken.ms3d', new Uint8Array(b)), bytes));
    expect(await status()).toBe('error');
    expect(await page.isVisible('#error')).toBe(true);
    expect(await page.textContent('#error .badge')).toBe('FormatError');
    expect(await page.textContent('#error-fields')).toMatch(/offset\d+ \(0x[0-9a-f]+\)/);
    // Nothing of the MDL column stays: picture, title, credit, stats, tree, clips, export.
    expect((await probe()).lit).toBe(0);
    expect(await page.textContent('#model-title')).toBe('—');
    expect(await page.isHidden('#credit')).toBe(true);
    expect(await page.textContent('#stats')).toBe('');
    expect(await page.textContent('#tree')).toBe('');
    expect(await page.textContent('#clips')).toBe('no animation');
    expect(await page.isHidden('#timing')).toBe(true);
    expect(await page.isDisabled('#export')).toBe(true);
    expect(await page.locator('.samples button.active').count()).toBe(0);
    await page.screenshot({ path: path.join(artifacts, 'error-truncated.png') });
    // A foreign file is named.
    await settle(() => page.evaluate(() => window.__viewer.loadBytes('monster.mdl', new Uint8Array([0x49, 0x44, 0x50, 0x4f, 6, 0, 0, 0, 0, 0, 0, 0]))));
    expect(await page.textContent('#error-message')).toContain('Quake 1 MDL');
  });

  it('shows every failure in the panel (conversion, drawing, a worker crash, a hung parse) and recovers', async () => {
    const jeep = [...readFileSync(path.join(outDir, 'samples/assimp__jeep1.ms3d'))];
    const loadJeep = () => page.evaluate((b) => window.__viewer.loadBytes('jeep1.ms3d', new Uint8Array(b)), jeep);
    const shows = async (message: RegExp) => {
      expect(await status()).toBe('error');
      expect(await page.textContent('#error-message')).toMatch(message);
      expect(await page.textContent('#model-title')).toBe('—');
    };
    // The page fails to convert the parsed scene.
    await page.evaluate(() => window.__viewer.inject('convert'));
    await settle(loadJeep);
    await shows(/injected conversion fault/);
    // Drawing fails once the model is on show.
    await settle(loadJeep);
    expect(await status()).toBe('ready');
    await settle(() => page.evaluate(() => window.__viewer.inject('render')));
    await shows(/injected render fault/);
    expect((await probe()).lit).toBe(0);
    // The worker dies while it parses.
    await settle(async () => {
      await page.evaluate(() => window.__viewer.inject('worker-throw'));
      await loadJeep();
    });
    await shows(/the parser worker failed/);
    // The worker hangs: after a moment a Cancel button stops it.
    await page.evaluate(() => window.__viewer.inject('worker-hang'));
    void loadJeep();
    await page.waitForSelector('#cancel', { state: 'visible', timeout: 10_000 });
    expect(await status()).toBe('loading');
    await settle(() => page.click('#cancel'));
    await shows(/parsing was stopped/);
    // A fresh worker parses the next file.
    await settle(loadJeep);
    expect(await status()).toBe('ready');
    expect(await page.isHidden('#error')).toBe(true);
    expect((await probe()).lit).toBeGreaterThan(2000);
  });

  it('says why a texture cannot be shown (a corrupt .jpg beside the model)', async () => {
    await settle(() => page.setInputFiles('#open-file', [
      { name: 'jeep1.ms3d', mimeType: 'application/octet-stream', buffer: readFileSync(path.join(outDir, 'samples/assimp__jeep1.ms3d')) },
      { name: 'jeep1.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 1, 2, 3]) },
    ]));
    await page.waitForFunction(() => document.querySelector('#warnings')?.textContent?.includes('TEXTURE_MISSING'), null, { timeout: 30_000 });
    expect(await page.textContent('#warnings')).toMatch(/jeep1\.jpg' could not be decoded/);
    expect(await status()).toBe('ready');
  });

  it('loads a 20,000-deep node chain instead of hanging, and says what it did', async () => {
    // Written in the page: 4 MB through the DevTools protocol as a JSON array would take longer than the load.
    await settle(() => page.evaluate(([source, depth]) => {
      const write = new Function(`return ${source}`)() as (depth: number) => string;
      return window.__viewer.loadBytes('deep.ase', new TextEncoder().encode(write(depth)));
    }, [deepAse.toString(), 20_000] as const));
    expect(await status()).toBe('ready');
    expect(await page.textContent('#stats')).toContain('ase');
    expect(await page.textContent('#warnings')).toContain('THREE_DEEP_HIERARCHY');
    // The tree shows the first levels only until they are opened.
    expect(await page.locator('#tree .tree-row').count()).toBeLessThan(10);
  });

  it('opens a model with its companions from the file input', async () => {
    const folder = path.join(outDir, 'samples/generated');
    await settle(() => page.setInputFiles('#open-file', ['mvr_sample.o3d', 'mvr_sample.chr', 'mvr_sample_sway.ani'].map((f) => ({
      name: f, mimeType: 'application/octet-stream', buffer: readFileSync(path.join(folder, f)),
    }))));
    expect(await page.textContent('#model-title')).toContain('mvr_sample.o3d');
    expect(await page.textContent('#clips')).toContain('sway');
    expect(await page.isHidden('#error')).toBe(true);
  });

  it('exports the scene to .glb', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    expect(download.suggestedFilename()).toBe('mvr_sample.glb');
    const glb = readFileSync(await download.path());
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(glb.readUInt32LE(8)).toBe(glb.length);
    writeFileSync(path.join(artifacts, 'mvr_sample.glb'), glb);
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

  it('reads names in the code page chosen, and finds a GBK-named texture by itself (auto)', async () => {
    // A MilkShape quad whose material names its texture in GBK: './龟壳.tga' (bytes b9 ea bf c7).
    const gbk = new Uint8Array([0x2e, 0x2f, 0xb9, 0xea, 0xbf, 0xc7, 0x2e, 0x74, 0x67, 0x61]);
    const onDisk = new TextDecoder('gbk').decode(gbk.subarray(2));
    expect(onDisk).toBe('龟壳.tga');
    const model = writeMs3d(quad({ materials: [{ name: 'shell', texture: gbk, diffuse: [1, 1, 1, 1] }], groups: [{ name: 'quad', triangles: [0, 1], material: 0 }] }));
    const files = [
      { name: 'shell.ms3d', mimeType: 'application/octet-stream', buffer: Buffer.from(model) },
      { name: onDisk, mimeType: 'image/x-tga', buffer: Buffer.from(solidTga(8, [0, 200, 60])) },
    ];
    await settle(() => page.setInputFiles('#open-file', files));
    await texturesArrived();
    expect(await page.textContent('#code-page option[value="auto"]')).toBe('auto → gbk');
    expect(await page.isHidden('#warnings-panel')).toBe(true);
    expect(await page.evaluate(() => window.__viewer.state.scene!.textures[0].uri)).toBe('./龟壳.tga');
    const green = await probe();
    expect(green.mean[1], `green texture shows: ${green.mean}`).toBeGreaterThan(1.5 * Math.max(green.mean[0], green.mean[2]));
    // Read as windows-1252, the name is mojibake and the texture is not found.
    await settle(() => page.selectOption('#code-page', 'windows-1252'));
    await page.waitForFunction(() => document.querySelector('#warnings')?.textContent?.includes('TEXTURE_MISSING'), null, { timeout: 30_000 });
    expect(await page.textContent('#warnings')).toContain('./¹ê¿Ç.tga');
    // Chosen by hand, GBK finds it again.
    await settle(() => page.selectOption('#code-page', 'gbk'));
    await texturesArrived();
    expect(await page.isHidden('#warnings-panel')).toBe(true);
    await page.selectOption('#code-page', 'auto');
    await page.waitForFunction(() => document.body.dataset.status === 'ready');
  });

  it.skipIf(!hasFlyff)('shows a textured Flyff model from a dropped folder: .o3d + .chr + .ani, and a .dds in Texture/', async () => {
    // No Flyff texture may ship: the test writes the .dds the model names, solid magenta, DXT1.
    const folder = path.join(scratch, 'Model');
    mkdirSync(path.join(folder, 'Texture'), { recursive: true });
    for (const f of FLYFF) writeFileSync(path.join(folder, f), readFileSync(path.join(corpus, 'o3d', f)));
    writeFileSync(path.join(folder, 'Texture', 'Mvr_Aibatt-01.dds'), solidDxt1(64, 0xf81f));
    await settle(() => dropFolder(folder));
    expect(await status()).toBe('ready');
    expect(await page.textContent('#model-title')).toContain('mvr_AiBatt.o3d');
    // The motions beside it come by themselves (MANIFEST: stand and walk for mvr_AiBatt.chr, 14 bones).
    expect(await page.locator('#clips option').allTextContents()).toEqual([expect.stringMatching(/^stand · /), expect.stringMatching(/^walk · /)]);
    expect(await page.textContent('#stat-joints')).toBe('14');
    await texturesArrived();
    expect(await page.isHidden('#warnings-panel'), await page.textContent('#warnings') ?? '').toBe(true);
    await page.click('#play');
    const shot = await probe();
    expect(shot.lit).toBeGreaterThan(2000);
    // Magenta: red and blue well above green on the rendered model.
    expect(shot.mean[0], `mean colour ${shot.mean}`).toBeGreaterThan(1.6 * shot.mean[1]);
    expect(shot.mean[2], `mean colour ${shot.mean}`).toBeGreaterThan(1.6 * shot.mean[1]);
    await page.screenshot({ path: path.join(artifacts, 'flyff-dds-folder.png') });
    await page.click('#play');
  });

  it('loads a file from the ?url= parameter, fetching only the textures it names', async () => {
    await page.close();
    missing.length = 0;
    page = await open('?url=samples/glscene__Woman4.ms3d', undefined, /status of 404/);
    expect(await status()).toBe('ready');
    expect(await page.textContent('#model-title')).toContain('glscene__Woman4.ms3d');
    expect(await page.locator('#clips option').count()).toBe(1);
    // The only 404s are texture files the model names (beside it, then in Texture/ and Textures/), and the warnings list them.
    const warned = (await page.textContent('#warnings'))!;
    const asked = missing.map((m) => m.split('/').pop()!);
    expect(asked.length).toBeGreaterThan(0);
    for (const name of asked) {
      expect(name).toMatch(/\.(bmp|tga|jpe?g|png|dds)$/i);
      expect(warned).toContain(name);
    }
  });

  it('says "not found" for a ?url= that is missing, also where the server answers with its index page', async () => {
    await page.goto(`${base}?url=samples/nope.ms3d`);
    await page.waitForFunction(() => window.__viewer?.state.loads > 0, null, { timeout: 90_000 });
    expect(await status()).toBe('error');
    expect(await page.textContent('#error-message')).toMatch(/nope\.ms3d was not found \(404/);
    await page.goto(`${base}?url=spa/nope.ms3d`);
    await page.waitForFunction(() => window.__viewer?.state.loads > 0, null, { timeout: 90_000 });
    expect(await page.textContent('#error-message')).toMatch(/nope\.ms3d was not found: the server answered with an HTML page/);
    expect(await page.textContent('#error-message')).not.toContain('doctype');
  });

  it('says "not found" for a ?url= that is missing under the Vite dev server', async () => {
    const dev = await createServer({ root: dir, configFile: path.join(dir, 'vite.config.ts'), logLevel: 'error', server: { port: 0, host: '127.0.0.1', strictPort: false } });
    await dev.listen();
    try {
      const devPage = await open('?url=no/such/model.ms3d', undefined, /status of 404/, dev.resolvedUrls!.local[0]);
      expect(await status(devPage)).toBe('error');
      expect(await devPage.textContent('#error-message')).toMatch(/model\.ms3d was not found/);
      expect(await devPage.textContent('#error-fields')).not.toContain('doctype');
      await devPage.close();
    } finally {
      await dev.close();
    }
  });

  it('keeps every sample button and a wide view at 820 px', async () => {
    await settle(() => page.click('.samples button[data-sample="jeep"]'));
    await page.setViewportSize({ width: 820, height: 760 });
    try {
      await page.waitForFunction(() => innerWidth === 820);
      expect(await page.locator('#samples').evaluate((n) => n.scrollWidth <= n.clientWidth + 1 && n.scrollHeight <= n.clientHeight + 1)).toBe(true);
      for (const button of await page.locator('.samples button').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(820);
      }
      for (const id of ['#open-file', '#open-folder']) {
        const box = (await page.locator(id).locator('xpath=..').boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(820);
      }
      expect((await page.locator('#export').boundingBox())!.x).toBeLessThan(820);
      const view = (await page.locator('#viewport').boundingBox())!;
      expect(view.width).toBeGreaterThanOrEqual(540);
      expect(view.height).toBeGreaterThanOrEqual(500);
      // The credit and the view tools do not cover each other, and the model still shows.
      const credit = (await page.locator('#credit').boundingBox())!;
      expect(credit.x + credit.width).toBeLessThanOrEqual(view.x + view.width);
      expect((await probe()).lit).toBeGreaterThan(2000);
      await page.screenshot({ path: path.join(artifacts, 'viewer-820px.png') });
    } finally {
      await page.setViewportSize({ width: 1280, height: 760 });
    }
  });

  it('writes nothing to the console as an error', () => {
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
