// The Character panel (issue 29): a Flyff folder with mvr_female.chr, its Part_f* parts, a weapon and
// a motion → the parts assembled on the skeleton, the axe in the right hand, the motion playing.
// The screenshot goes to test-artifacts/ (docs/assemble-character.png is a copy of one): a test that
// rewrote a tracked file changed the viewer's own turbo inputs, so a second `pnpm test` was never cached.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { artifacts, corpus, navigate, page, settle } from './session.js';

const o3d = path.join(corpus, 'o3d');
const wanted = (f: string) => /^part_f.*\.o3d$/i.test(f) || /^(mvr_female\.chr|mvr_female_genstand\.ani|item_weaaxecrystal\.o3d)$/i.test(f);
const files = (() => {
  try {
    return readdirSync(o3d).filter(wanted);
  } catch {
    return [];
  }
})();

export function assembleTests(): void {
  it.skipIf(files.length < 4)('assembles the female parts with an axe and plays GenStand (Character panel)', async () => {
    // A fresh load (the group also runs alone: `-t Character`, on a page of its own).
    await navigate('', { viewport: { width: 1280, height: 800 } });
    // A folder of several models opens the thumbnail grid (no model loads); the panel is offered it.
    await page.setInputFiles('#open-file', files.map((f) => ({ name: f, mimeType: 'application/octet-stream', buffer: readFileSync(path.join(o3d, f)) })));
    await page.waitForSelector('#assemble-panel', { state: 'visible', timeout: 30_000 });
    // Esc leaves the grid for the panels (the Character panel sits under it).
    if (await page.isVisible('#browser')) await page.keyboard.press('Escape');
    await page.waitForSelector('#browser', { state: 'hidden', timeout: 10_000 });
    const parts = files.filter((f) => /^part_/i.test(f)).length;
    expect(await page.locator('#assemble-panel input[type=checkbox]').count()).toBe(parts);
    await page.selectOption('#assemble-weapon', { label: files.find((f) => /^item_/i.test(f))! });
    await page.selectOption('#assemble-motion', { label: files.find((f) => /\.ani$/i.test(f))! });
    await settle(() => page.click('#assemble'));
    const facts = await page.evaluate(() => {
      const scene = window.__viewer.state.scene!;
      const weapon = scene.nodes.find((n) => n.extras?.held === 'weapon');
      return { parts: (scene.extras.parts as string[]).length, clips: scene.animations.map((a) => a.name), weaponParent: weapon ? scene.nodes[weapon.parent].name : undefined, joints: scene.nodes.filter((n) => n.joint).length };
    });
    expect(facts.parts).toBe(parts);
    expect(facts.clips).toEqual(['GenStand']);
    expect(facts.weaponParent).toMatch(/ R Hand$/);
    expect(facts.joints).toBe(30);
    expect(await page.textContent('#clips')).toContain('GenStand');
    expect(await page.isHidden('#error')).toBe(true);
    // The motion plays: the time moves.
    const t0 = await page.evaluate(() => window.__viewer.stage.time);
    await page.waitForFunction((t) => window.__viewer.stage.time !== t, t0, { timeout: 20_000 });
    await page.screenshot({ path: path.join(artifacts, 'assemble-character.png') });
  });
}
