// Texture lookups on a viewer load (issue 30 item 9): a sample's listing answers without requests;
// a ?url= model's textures are looked up one folder at a time (the folder the first one was found in
// tried first), each missing name is warned about once, as it arrives; a dropped folder asks for nothing.
import { expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeMs3d } from '@relic3d/fixtures/ms3d';
import { bmp24 } from '@relic3d/fixtures/images';
import { base, dropFolder, missing, navigate, page, scratch, settle, status, withPageSettings } from './session.js';

// Woman4 (GLScene) names two textures that are not shipped: Woman4-Remap-texture.tga and Hair.tga.
const WOMAN4_TEXTURES = 2;
const FOLDERS = 3; // beside the model, Texture/, Textures/

// A game model as the issue describes it: four textures in Texture/ beside it (one named twice, in
// another case), three missing. One triangle per material, in this order.
const NAMES = ['D:\\art\\hull.bmp', 'gone1.dds', 'sail.bmp', 'D:\\art\\HULL.BMP', 'gone2.tga', 'mast.bmp', 'deck.bmp', 'gone3.bmp'];
const THERE = ['hull.bmp', 'sail.bmp', 'mast.bmp', 'deck.bmp'];
const MISSING = ['gone1.dds', 'gone2.tga', 'gone3.bmp'];

function shipMs3d(): Uint8Array {
  return writeMs3d({
    vertices: NAMES.flatMap((_, i): { position: [number, number, number] }[] => [{ position: [i, 0, 0] }, { position: [i + 1, 0, 0] }, { position: [i, 1, 0] }]),
    triangles: NAMES.map((_, i) => ({ v: [i * 3, i * 3 + 1, i * 3 + 2], s: [0, 1, 0], t: [0, 0, 1] })),
    groups: NAMES.map((_, i) => ({ name: `part${i}`, triangles: [i], material: i })),
    materials: NAMES.map((texture, i) => ({ name: `m${i}`, texture })),
  });
}

const missingWarnings = async () =>
  page.locator('#warnings li').evaluateAll((items) =>
    items.filter((li) => (li as HTMLElement).title === 'TEXTURE_MISSING').map((li) => /'([^']+)'/.exec(li.textContent ?? '')?.[1] ?? ''));

/** Until the model on show has every texture looked up (found, decoded, or warned about). */
const modelReady = () => page.evaluate(() => window.__viewer.state.model?.ready);

/** Registers this group's tests, in order, inside the e2e describe (they share its page). */
export function texturesTests(): void {
  it('a sample with a listing loads without a single 404', async () => {
    missing.length = 0;
    await settle(() => page.click('.samples button[data-sample="woman4"]'));
    expect(await status()).toBe('ready');
    await modelReady();
    expect(missing).toEqual([]);
    const named = await missingWarnings();
    expect(new Set(named).size).toBe(named.length);
  });

  // One load for what the ?url= parameter and the lookups show (a second load of the same page set up nothing new).
  it('a ?url= model without a listing loads, fetching only the textures it names: each folder asked once per missing texture, each name warned once', async () => {
    missing.length = 0;
    await navigate('?url=samples/glscene__Woman4.ms3d', { expected: /status of 404/ });
    expect(await status()).toBe('ready');
    expect(await page.textContent('#model-title')).toContain('glscene__Woman4.ms3d');
    expect(await page.locator('#clips option').count()).toBe(1);
    // Textures are looked up after the model shows: every lookup ends (and warns) before `ready` settles.
    await modelReady();
    const named = await missingWarnings();
    expect(named).toHaveLength(WOMAN4_TEXTURES);
    expect(new Set(named.map((n) => n.toLowerCase())).size).toBe(WOMAN4_TEXTURES);
    // The only 404s are texture files the model names (beside it, then in Texture/ and Textures/), and the warnings list them.
    const warned = (await page.textContent('#warnings'))!;
    const asked = missing.map((m) => m.split('/').pop()!);
    expect(asked.length).toBeGreaterThan(0);
    for (const name of asked) {
      expect(name).toMatch(/\.(bmp|tga|jpe?g|png|dds)$/i);
      expect(warned).toContain(name);
    }
    // Before issue 30 each texture was fetched by the page and again for every spelling; now once per folder.
    expect(missing.length).toBeLessThanOrEqual(WOMAN4_TEXTURES * FOLDERS);
    expect(new Set(missing).size).toBe(missing.length);
  });

  it('a game model over HTTP (4 textures in Texture/, 3 missing): 14 texture requests, 10 of them 404s, each missing name warned once', async () => {
    // A server that counts every request: the model and its Texture/ folder, nothing else.
    const files = new Map<string, Uint8Array>([['/game/Model/ship.ms3d', shipMs3d()], ...THERE.map((t) => [`/game/Model/Texture/${t}`, bmp24()] as [string, Uint8Array])]);
    const requests: string[] = [];
    const notFound: string[] = [];
    await page.route('**/game/**', (route) => {
      const at = decodeURIComponent(new URL(route.request().url()).pathname);
      requests.push(at);
      const body = files.get(at);
      if (!body) notFound.push(at);
      return route.fulfill(body ? { status: 200, body: Buffer.from(body), contentType: 'application/octet-stream' } : { status: 404, body: 'not found' });
    });
    await page.goto(base + withPageSettings('?url=game/Model/ship.ms3d'));
    await page.waitForFunction(() => window.__viewer?.state.loads > 0, null, { timeout: 90_000 });
    expect(await status()).toBe('ready');
    await modelReady();
    const textures = requests.filter((r) => !r.endsWith('.ms3d'));
    console.log(`viewer texture lookups for 4 found + 3 missing: ${textures.length} requests, ${notFound.length} 404s`);
    // hull.bmp: beside the model (404), then Texture/ (found); every later name tries Texture/ first:
    // one request per texture there, three per missing name (Texture/, beside, Textures/).
    expect(textures.slice(0, 2)).toEqual(['/game/Model/hull.bmp', '/game/Model/Texture/hull.bmp']);
    expect(textures).toHaveLength(2 + (THERE.length - 1) + MISSING.length * FOLDERS); // 14 (before: 17)
    expect(notFound).toHaveLength(1 + MISSING.length * FOLDERS); // 10 (before: 13)
    expect(new Set(textures).size).toBe(textures.length);
    expect(notFound.filter((p) => p.endsWith('/gone1.dds'))).toEqual(['/game/Model/Texture/gone1.dds', '/game/Model/gone1.dds', '/game/Model/Textures/gone1.dds']);
    expect((await missingWarnings()).sort()).toEqual([...MISSING].sort());
    expect(await page.evaluate(() => window.__viewer.state.model!.textures.filter((t) => t.image).length)).toBe(THERE.length + 1); // HULL.BMP is its own texture, the same file
    await page.unroute('**/game/**');
  });

  it('the same model in a dropped folder: its textures come from the folder, with no request at all', async () => {
    const root = path.join(scratch, 'ship', 'Model');
    mkdirSync(path.join(root, 'Texture'), { recursive: true });
    writeFileSync(path.join(root, 'ship.ms3d'), shipMs3d());
    for (const t of THERE) writeFileSync(path.join(root, 'Texture', t), bmp24());
    const requests: string[] = [];
    // The viewer's own chunks (the thumbnail worker, loaded on the first folder drop) are not lookups.
    const count = (r: { url(): string }) => void (new URL(r.url()).pathname.startsWith('/assets/') || requests.push(r.url()));
    page.on('request', count);
    await settle(() => dropFolder(root));
    await modelReady();
    page.off('request', count);
    expect(await page.textContent('#model-title')).toContain('ship.ms3d');
    expect(requests).toEqual([]);
    expect((await missingWarnings()).sort()).toEqual([...MISSING].sort());
  });
}
