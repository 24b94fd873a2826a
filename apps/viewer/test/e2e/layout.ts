// Layout at the two widths people use (issue 30 item 11): after an export the status does not push
// the sample buttons onto a second row at 1280 px, and at 820×700 the Display panel shows whole.
// Boxes are checked here; the screenshots (test-artifacts/layout-*.png) are for the eye.
import path from 'node:path';
import { expect, it } from 'vitest';
import { artifacts, navigate, page, settle } from './session.js';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export function layoutTests(): void {
  it('at 1280 px, an export status leaves the sample buttons on one row and covers nothing', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await settle(() => page.click('.samples button[data-sample="jeep"]'));
    await page.click('#export');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click('#export-menu [data-format="o3d"]')]);
    expect(await download.failure()).toBeNull();
    await page.waitForFunction(() => (document.getElementById('export-status')?.textContent ?? '').length > 0);
    const rows = new Set<number>();
    for (const button of await page.locator('.samples button').all()) rows.add(Math.round((await button.boundingBox())!.y));
    expect([...rows]).toHaveLength(1);
    const statusBox = (await page.locator('#export-status').boundingBox())!;
    const view = (await page.locator('#viewport').boundingBox())!;
    expect(statusBox.x).toBeGreaterThanOrEqual(view.x);
    expect(statusBox.y).toBeGreaterThanOrEqual(view.y);
    expect(statusBox.x + statusBox.width).toBeLessThanOrEqual(view.x + view.width);
    for (const other of ['#view-tools', '#credit', '.topbar']) {
      const box = await page.locator(other).boundingBox();
      if (box) expect(overlaps(statusBox, box), other).toBe(false);
    }
    await page.screenshot({ path: path.join(artifacts, 'layout-1280-exported.png') });
  });

  it('at 820×700, the Animation and Display panels show whole, Up axis and LOD rows included', async () => {
    const narrow = await navigate('?sample=jeep', { viewport: { width: 820, height: 700 } });
    const panel = (await narrow.locator('.panel.right').boundingBox())!;
    for (const selector of ['#anim-panel', '#up-axis', '#lod']) {
      const box = (await narrow.locator(selector).boundingBox())!;
      expect(box.y, selector).toBeGreaterThanOrEqual(panel.y);
      expect(box.y + box.height, selector).toBeLessThanOrEqual(panel.y + panel.height);
    }
    expect(await narrow.locator('.panel.right').evaluate((n) => n.scrollTop)).toBe(0);
    // The scene panel sits above them, whole for a one-mesh model.
    const scene = (await narrow.locator('.panel.left').boundingBox())!;
    expect(scene.y + scene.height).toBeLessThanOrEqual(panel.y + 1);
    expect(await narrow.locator('.panel.left').evaluate((n) => n.scrollHeight <= n.clientHeight + 1)).toBe(true);
    await narrow.screenshot({ path: path.join(artifacts, 'layout-820x700.png') });
  });
}
