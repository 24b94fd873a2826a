// The shipped samples: first load, animation, the tree, view fitting and LOD levels.
import { expect, it } from 'vitest';
import path from 'node:path';
import { artifacts, frames, page, pictureChanges, probe, setPage, open, settle, status, texturesArrived } from './session.js';

/** Registers this group's tests, in order, inside the e2e describe (they share its page). */
export function samplesTests(): void {
  it('opens on the textured jeep1 with its source and licence, and nothing to warn about', async () => {
    // The failure test below kills the worker on purpose: its uncaught error is expected on the console.
    setPage(await open('', undefined, /injected worker fault/));
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
    // This file's pages open with ?warm=off (e2e.test.ts): idle since the model showed, and no thumbnail worker.
    expect(page.workers().map((w) => w.url()).filter((url) => /thumb-worker/.test(url))).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, 'viewer-default.png') });
  });

  it('renders the Woman4 sample animating, says she is untextured, and follows her 25 s in', async () => {
    await settle(() => page.click('.samples button[data-sample="woman4"]'));
    expect(await page.textContent('#credit')).toContain('MPL-2.0');
    expect(await page.textContent('#credit')).toContain('untextured');
    const first = await probe();
    expect(first.lit).toBeGreaterThan(2000);
    expect(await pictureChanges(first.checksum)).not.toBe(first.checksum);
    // Woman4 dances across the room: the camera follows her root joint, so 25 s in she is still in view.
    await page.evaluate(() => window.__viewer.stage.seek(25.4));
    await frames();
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
      expect(await pictureChanges(before.checksum), `${format}: animation advances`).not.toBe(before.checksum);
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
    await frames();
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
}
