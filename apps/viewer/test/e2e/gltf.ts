// glTF in the viewer: every corpus model converted to .glb (in Node, with toGlb) opens from the file
// input with the triangles and joints of the legacy file; so do files glTF-Transform compressed
// (meshopt, Draco) and a .gltf dropped with its .bin; the Export menu writes a legacy file from a .glb.
import { expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { requireFormat, type Scene } from '@relic3d/core';
import { folderResolver } from '@relic3d/core/node';
import { inputFormats } from '@relic3d/formats';
import { toGlb, toGltf } from '@relic3d/gltf';
import { sceneStats } from '@relic3d/three';
import { compressGlb } from '@relic3d/fixtures/gltf-compressed';
import { corpus, open, page, served, setPage, settle } from './session.js';
import { downloadedBytes } from './downloads.js';

const COMPANION = /\.(chr|ani|jpe?g|png|bmp|tga|dds|txt|tsv)$/i;
const models = ['ms3d', 'ase', 'o3d', 'mdl', 'lod'].flatMap((folder) => {
  const manifest = path.join(corpus, folder, 'MANIFEST.tsv');
  if (!existsSync(manifest)) return [];
  const files = readFileSync(manifest, 'utf8').split('\n').slice(1).map((line) => line.split('\t')[0]).filter((f) => f && !COMPANION.test(f));
  return files.map((file) => path.join(corpus, folder, file));
});

/** A corpus model parsed in Node with its companions, and its .glb (textures embedded). */
async function asGlb(file: string): Promise<{ scene: Scene; glb: Uint8Array }> {
  const bytes = new Uint8Array(readFileSync(file));
  const resolve = folderResolver(path.dirname(file));
  const fileName = path.basename(file);
  const scene = await requireFormat(bytes, fileName, inputFormats).parse(bytes, { fileName, resolve });
  return { scene, glb: await toGlb(scene, { resolve }) };
}

const shownNumber = async (id: string) => Number((await page.textContent(`#stat-${id}`))!.replace(/,/g, ''));

async function openFiles(files: { name: string; bytes: Uint8Array }[]): Promise<void> {
  await settle(() => page.setInputFiles('#open-file', files.map((f) => ({ name: f.name, mimeType: 'application/octet-stream', buffer: Buffer.from(f.bytes) }))));
}

/** What the page shows once a file picked in its file input has loaded. */
interface Shown { status?: string; drawn: boolean; error: string; errorVisible: boolean; title: string; format: string; triangles: number; joints: number; clips: number }

/**
 * In the page: picks `name` (fetched from `url`) in the file input, as a user does, waits for the
 * load it starts (on the status attribute, not on animation frames) and reads what the panels say.
 */
async function pickAndRead({ url, name }: { url: string; name: string }): Promise<Shown> {
  const bytes = await (await fetch(url)).arrayBuffer();
  const input = document.getElementById('open-file') as HTMLInputElement;
  const picked = new DataTransfer();
  picked.items.add(new File([bytes], name, { type: 'application/octet-stream' }));
  input.files = picked.files;
  const before = window.__viewer.state.loads;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name}: no load ended within 90 s`)), 90_000);
    const observer = new MutationObserver(() => {
      if (window.__viewer.state.loads > before) {
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      }
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ['data-status'] });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  // The status says ready before the model is drawn (the next frame draws it): wait for that frame, so
  // a model that cannot be drawn (the stage's onError sets the error status) fails its test.
  const renderInfo = window.__viewer.stage.renderer.info.render;
  const shownAt = renderInfo.frame;
  for (let i = 0; i < 600 && renderInfo.frame === shownAt && document.body.dataset.status === 'ready'; i++) await new Promise(requestAnimationFrame);
  const text = (id: string) => document.getElementById(id)?.textContent ?? '';
  const number = (id: string) => Number(text(`stat-${id}`).replace(/,/g, ''));
  // Visible as Playwright means it: a box of some size, not visibility: hidden.
  const error = document.getElementById('error')!;
  const box = error.getBoundingClientRect();
  return {
    status: document.body.dataset.status, drawn: renderInfo.frame > shownAt, error: text('error-message'), errorVisible: box.width > 0 && box.height > 0 && getComputedStyle(error).visibility !== 'hidden',
    title: text('model-title'), format: text('stat-format'), triangles: number('triangles'), joints: number('joints'), clips: number('clips'),
  };
}

/**
 * The corpus models open in PAGES pages at once (the session's page and one more), each converted
 * in Node while the pages load the ones before it: one round trip per file and no frame polling,
 * where a page per test waited on both. Each file's test awaits its own result. Small views: these
 * tests read no pixels.
 */
const PAGES = 2;
const SMALL = { width: 640, height: 480 };
type Opened = { name: string; stats: ReturnType<typeof sceneStats>; shown: Shown };
let opened: Map<string, Promise<Opened>> | undefined;

/** A promise with its settle functions (Node 20 has no Promise.withResolvers). */
function deferred(): { promise: Promise<Opened>; resolve(v: Opened): void; reject(e: unknown): void } {
  let resolve!: (v: Opened) => void, reject!: (e: unknown) => void;
  const promise = new Promise<Opened>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function openAll(): NonNullable<typeof opened> {
  if (opened) return opened;
  const waiting = new Map(models.map((m) => [m, deferred()]));
  opened = new Map([...waiting].map(([m, w]) => [m, w.promise]));
  // A failure is reported by its file's test; until that test awaits it, it is not unhandled.
  for (const w of waiting.values()) w.promise.catch(() => {});
  const queue = [...models];
  const worker = async (n: number) => {
    // The session's page is one of them (a page load less: ~2.4 CPU-s); the tests after these use it once all have loaded.
    const on = n === 0 && page ? page : await open('?timing=off', SMALL);
    try {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const result = waiting.get(file)!;
        try {
          const { scene, glb } = await asGlb(file);
          const name = `${path.basename(file).replace(/\.[^.]+$/, '')}.glb`;
          const url = `/e2e-files/${n}/${encodeURIComponent(name)}`;
          served.set(decodeURIComponent(url), glb);
          try {
            result.resolve({ name, stats: sceneStats(scene), shown: await on.evaluate(pickAndRead, { url, name }) });
          } finally {
            served.delete(decodeURIComponent(url));
          }
        } catch (error) {
          result.reject(error);
        }
      }
    } finally {
      if (on !== page) await on.close();
    }
  };
  for (let n = 0; n < PAGES; n++) {
    void worker(n).catch((error: unknown) => {
      for (const w of waiting.values()) w.reject(error);
    });
  }
  return opened;
}

/** Registers this group's tests, in order, inside the e2e describe (they share its page). */
export function gltfTests(): void {
  it('finds the corpus models to convert, on a page of its own', async () => {
    if (models.length) expect(models.length).toBeGreaterThanOrEqual(95);
    setPage(await open('?timing=off', SMALL));
    openAll();
  });

  it.each(models.map((m) => [path.relative(corpus, m), m]))('opens %s as a .glb with its triangles and joints', async (_name, file) => {
    const { name, stats, shown } = await openAll().get(file)!;
    expect(shown.status, shown.error).toBe('ready');
    expect(shown.drawn).toBe(true);
    expect(shown.errorVisible).toBe(false);
    expect(shown.title).toContain(name);
    expect(shown.format).toMatch(/^gltf( v\S+)?$/); // the version toGlb kept in extras
    expect([shown.triangles, shown.joints, shown.clips]).toEqual([stats.triangles, stats.joints, stats.clips]);
  });

  // Draco: the worker hands draco3dgltf the WASM Vite emitted (src/draco.ts). No AiBatt triangle
  // collapses on the 14-bit quantize grid, so Draco keeps all 496 too.
  it.runIf(existsSync(path.join(corpus, 'o3d', 'mvr_AiBatt.o3d')))('opens mvr_AiBatt compressed by glTF-Transform with meshopt and with Draco (MANIFEST: 496 faces, 14 bones)', async () => {
    const { glb } = await asGlb(path.join(corpus, 'o3d', 'mvr_AiBatt.o3d'));
    for (const compression of ['meshopt', 'draco'] as const) {
      await openFiles([{ name: `aibatt-${compression}.glb`, bytes: await compressGlb(glb, compression) }]);
      expect(await page.textContent('#model-title')).toContain(`aibatt-${compression}.glb`);
      expect(await page.isHidden("#error"), (await page.textContent("#error")) ?? "").toBe(true);
      expect([await shownNumber('triangles'), await shownNumber('joints')]).toEqual([496, 14]);
    }
  });

  it.runIf(existsSync(path.join(corpus, 'ms3d', 'glscene__Woman4.ms3d')))('opens a .gltf dropped with its .bin, and exports it to .ms3d from the Export menu (MANIFEST: 3450 triangles, 31 joints)', async () => {
    const { scene } = await asGlb(path.join(corpus, 'ms3d', 'glscene__Woman4.ms3d'));
    const { json, resources } = await toGltf(scene, { basename: 'woman' });
    const files = [['woman.gltf', new TextEncoder().encode(JSON.stringify(json))] as const, ...Object.entries(resources)];
    // The page fetches the files (a JSON array of every byte through the DevTools protocol was slower).
    for (const [name, bytes] of files) served.set(`/e2e-files/drop/${name}`, bytes);
    await settle(() => page.evaluate(async (names) => {
      const data = new DataTransfer();
      for (const name of names) data.items.add(new File([await (await fetch(`/e2e-files/drop/${encodeURIComponent(name)}`)).arrayBuffer()], name));
      const target = document.getElementById('viewport')!;
      target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, files.map(([name]) => name)));
    for (const [name] of files) served.delete(`/e2e-files/drop/${name}`);
    expect(await page.textContent('#model-title')).toContain('woman.gltf');
    expect([await shownNumber('triangles'), await shownNumber('joints')]).toEqual([3450, 31]);

    await page.click('#export');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('#export-menu [data-format="ms3d"]')]);
    const bytes = new Uint8Array(await downloadedBytes(download));
    const back = await requireFormat(bytes, download.suggestedFilename(), inputFormats).parse(bytes, { fileName: download.suggestedFilename() });
    expect([back.format, sceneStats(back).triangles, sceneStats(back).joints]).toEqual(['ms3d', 3450, 31]);
  });
}
