// Opening local files: the file input, export to .glb, drag and drop, code pages, a dropped Flyff folder.
import { expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeMs3d, quad } from '@relic3d/fixtures/ms3d';
import { artifacts, corpus, dropFolder, FLYFF, hasFlyff, outDir, page, probe, scratch, settle, status, texturesArrived } from './session.js';
import { solidDxt1, solidTga } from './fixtures.js';
import { downloadedBytes } from './downloads.js';

/** Registers this group's tests, in order, inside the e2e describe (they share its page). */
export function filesTests(): void {
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
    await page.click('#export');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-menu [data-format="glb"]')]);
    expect(download.suggestedFilename()).toBe('mvr_sample.glb');
    const glb = await downloadedBytes(download);
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(glb.readUInt32LE(8)).toBe(glb.length);
    writeFileSync(path.join(artifacts, 'mvr_sample.glb'), glb);
  });

  it('opens a file dropped on the page', async () => {
    // The page fetches the file's bytes from the server (a JSON array through the DevTools protocol cost more).
    await settle(() => page.evaluate(async () => {
      const data = new DataTransfer();
      data.items.add(new File([await (await fetch('/samples/generated/relic_column.mdl')).arrayBuffer()], 'dropped.mdl'));
      const target = document.getElementById('viewport')!;
      target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }));
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
}
