// Failures shown in the panel: malformed and foreign files, injected faults, bad textures, a deep hierarchy.
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { artifacts, outDir, page, probe, settle, status } from './session.js';
import { deepAse } from './fixtures.js';

/** Registers this group's tests, in order, inside the e2e describe (they share its page). */
export function failuresTests(): void {
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
    // The page fetches the sample's bytes from the server: 165 kB as a JSON array through the DevTools
    // protocol, five times, cost more CPU than the rest of the test.
    const loadJeep = () => page.evaluate(async () => window.__viewer.loadBytes('jeep1.ms3d', new Uint8Array(await (await fetch('/samples/assimp__jeep1.ms3d')).arrayBuffer())));
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
}
