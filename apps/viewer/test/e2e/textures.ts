// Texture lookups on a viewer load (issue 30 item 9): a sample's listing answers without requests;
// a ?url= model's missing textures are each asked for once per folder and named once.
import { expect, it } from 'vitest';
import { missing, open, page, setPage, settle, status } from './session.js';

// Woman4 (GLScene) names two textures that are not shipped: Woman4-Remap-texture.tga and Hair.tga.
const WOMAN4_TEXTURES = 2;
const FOLDERS = 3; // beside the model, Texture/, Textures/

const missingWarnings = async () =>
  page.locator('#warnings li').evaluateAll((items) =>
    items.filter((li) => (li as HTMLElement).title === 'TEXTURE_MISSING').map((li) => /'([^']+)'/.exec(li.textContent ?? '')?.[1] ?? ''));

/** Registers this group's tests, in order, inside the e2e describe (they share its page). */
export function texturesTests(): void {
  it('a sample with a listing loads without a single 404', async () => {
    missing.length = 0;
    await settle(() => page.click('.samples button[data-sample="woman4"]'));
    expect(await status()).toBe('ready');
    await page.waitForTimeout(300); // texture lookups settle after the model shows
    expect(missing).toEqual([]);
    const named = await missingWarnings();
    expect(new Set(named).size).toBe(named.length);
  });

  it('a ?url= model without a listing: each folder asked once per missing texture, each name warned once', async () => {
    await page.close();
    missing.length = 0;
    setPage(await open('?url=samples/glscene__Woman4.ms3d', undefined, /status of 404/));
    expect(await status()).toBe('ready');
    await page.waitForFunction(() => window.__viewer.state.model?.warnings.length, null, { timeout: 30_000 });
    const named = await missingWarnings();
    expect(named).toHaveLength(WOMAN4_TEXTURES);
    expect(new Set(named.map((n) => n.toLowerCase())).size).toBe(WOMAN4_TEXTURES);
    // Before issue 30 each texture was fetched by the page and again for every spelling; now once per folder.
    expect(missing.length).toBeLessThanOrEqual(WOMAN4_TEXTURES * FOLDERS);
    expect(new Set(missing).size).toBe(missing.length);
  });
}
