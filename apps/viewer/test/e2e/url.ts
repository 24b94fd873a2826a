// The ?url= parameter's missing files (a static server and Vite's own, on the built viewer) and the layout at
// 820 px; a ?url= model that loads, with its texture lookups, is textures.ts's.
import { expect, it } from 'vitest';
import path from 'node:path';
import { preview } from 'vite';
import { artifacts, dir, navigate, outDir, open, page, probe, settle, status } from './session.js';

/** Registers this group's tests, in order, inside the e2e describe (they share its page). */
export function urlTests(): void {
  it('says "not found" for a ?url= that is missing, also where the server answers with its index page', async () => {
    // The 404s are expected (navigate tells the page's console check so).
    await navigate('?url=samples/nope.ms3d', { expected: /status of 404/ });
    expect(await status()).toBe('error');
    expect(await page.textContent('#error-message')).toMatch(/nope\.ms3d was not found \(404/);
    await navigate('?url=spa/nope.ms3d', { expected: /status of 404/ });
    expect(await page.textContent('#error-message')).toMatch(/nope\.ms3d was not found: the server answered with an HTML page/);
    expect(await page.textContent('#error-message')).not.toContain('doctype');
  });

  // Vite's server (its single-page fallback answers a missing path with the index page) over the
  // built viewer: the dev server transformed every source module for Chromium (issue #30).
  it('says "not found" for a ?url= that is missing under Vite\'s server', async () => {
    const server = await preview({ root: dir, configFile: false, logLevel: 'error', build: { outDir }, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
    try {
      const vitePage = await open('?url=no/such/model.ms3d', undefined, /status of 404/, server.resolvedUrls!.local[0]);
      expect(await status(vitePage)).toBe('error');
      expect(await vitePage.textContent('#error-message')).toMatch(/model\.ms3d was not found/);
      expect(await vitePage.textContent('#error-fields')).not.toContain('doctype');
      await vitePage.close();
    } finally {
      await server.close();
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
}
