// The Export menu: glTF and every legacy writer; one file downloads as is, several as one .zip that
// reads back (in Node, with the formats' own parsers) with the triangles the viewer showed.
import { expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createScene, FolderIndex, indexResolver, isWriteError, requireFormat, type FormatWriter } from '@relic3d/core';
import { formats, writers } from '@relic3d/formats';
import { sceneStats } from '@relic3d/three';
import { artifacts, page, settle } from './session.js';
import { unzipAll } from '../unzip.js';
import { downloadedBytes } from './downloads.js';

/** Whether `writer` is still the stub that refuses everything (its branch has not landed here). */
function isStub(writer: FormatWriter): boolean {
  try {
    writer.write(createScene('test'), { name: 'probe' });
    return false;
  } catch (e) {
    return isWriteError(e) && e.code === 'UNSUPPORTED' && e.limit === 'writing';
  }
}

/** Chooses `format` in the Export menu; resolves to the download's name and bytes. */
async function exportAs(format: string): Promise<{ name: string; bytes: Buffer }> {
  await page.click('#export');
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.click(`#export-menu [data-format="${format}"]`)]);
  return { name: download.suggestedFilename(), bytes: await downloadedBytes(download) };
}

/** Registers this group's tests, in order, inside the e2e describe (they share its page). */
export function exportTests(): void {
  it('lists glTF and every writer in the Export menu; Escape closes it', async () => {
    await settle(() => page.click('.samples button[data-sample="jeep"]'));
    await page.click('#export');
    expect(await page.isVisible('#export-menu')).toBe(true);
    expect(await page.getAttribute('#export', 'aria-expanded')).toBe('true');
    const items = await page.locator('#export-menu [data-format]').evaluateAll((els) => els.map((e) => [(e as HTMLElement).dataset.format, e.textContent]));
    expect(items).toEqual([['glb', 'glTF binary.glb'], ...writers.map((w) => [w.id, `${w.name}${w.extension}`])]);
    await page.keyboard.press('Escape');
    expect(await page.isHidden('#export-menu')).toBe(true);
  });

  it('exports the default model to .glb as one file', async () => {
    const { name, bytes } = await exportAs('glb');
    expect(name).toBe('assimp__jeep1.glb');
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(bytes.readUInt32LE(8)).toBe(bytes.length);
    expect(await page.textContent('#export-status')).toBe('.glb: 1 file');
  });

  for (const writer of writers) {
    it(`exports the default model to ${writer.extension}: the download reads back with the same triangles`, async () => {
      const shown = Number((await page.textContent('#stat-triangles'))!.replace(/,/g, ''));
      expect(shown).toBe(2032); // MANIFEST: jeep1.ms3d has 2032 triangles
      if (isStub(writer)) {
        // Its branch has not landed: the refusal is shown, nothing is downloaded.
        await page.click('#export');
        await page.click(`#export-menu [data-format="${writer.id}"]`);
        await page.waitForSelector('#error:not([hidden])');
        expect(await page.textContent('#error .badge')).toBe('WriteError');
        expect(await page.textContent('#error-code')).toBe('UNSUPPORTED');
        await page.click('#error-close');
        return;
      }
      const { name, bytes } = await exportAs(writer.id);
      const files: Record<string, Uint8Array> = name.endsWith('.zip') ? unzipAll(bytes) : { [name]: bytes };
      if (name.endsWith('.zip')) {
        expect(name).toBe(`assimp__jeep1-${writer.id}.zip`);
        writeFileSync(path.join(artifacts, name), bytes);
      }
      const names = Object.keys(files);
      // The sample's texture, found beside its URL, comes along (as the CLI copies it beside its output).
      expect(names.map((n) => n.toLowerCase())).toContain('jeep1.jpg');
      expect(name.endsWith('.zip')).toBe(names.length > 1);
      const main = names.find((n) => n.toLowerCase() === `assimp__jeep1${writer.extension}`)!;
      expect(main, names.join(', ')).toBeDefined();
      const resolve = indexResolver(FolderIndex.fromPaths(names), '', (found) => files[found]);
      const scene = await requireFormat(files[main]!, main, formats).parse(files[main]!, { fileName: main, resolve });
      expect(scene.format).toBe(writer.id);
      expect(sceneStats(scene).triangles).toBe(shown);
      expect(await page.textContent('#export-status')).toMatch(new RegExp(`^\\${writer.extension}: ${names.length} files? ?(\\(zip\\))?(, \\d+ warnings?)?$`));
      // The export's warnings, if any, are listed with the model's.
      const warned = /(\d+) warnings?$/.exec((await page.textContent('#export-status'))!);
      if (warned) expect(await page.locator('#warnings li', { hasText: `export to ${writer.extension}:` }).count()).toBe(Math.min(Number(warned[1]), 50));
    });
  }

  it("shows a writer's refusal (WriteError: its limit, the scene's value, the format's maximum) and keeps the model", async () => {
    await page.evaluate(() => window.__viewer.inject('refuse-export'));
    await page.click('#export');
    await page.click('#export-menu [data-format="ms3d"]');
    await page.waitForSelector('#error:not([hidden])');
    expect(await page.textContent('#error .badge')).toBe('WriteError');
    expect(await page.textContent('#error-code')).toBe('OVER_LIMIT');
    expect(await page.textContent('#error-message')).toBe("ms3d: 70000 vertices exceed the format's limit of 65534 by 4466 (injected)");
    expect(await page.textContent('#error-fields')).toContain('limitvertices');
    expect(await page.textContent('#error-fields')).toContain('the scene has70000');
    expect(await page.textContent('#error-fields')).toContain('the format allows65534');
    expect(await page.textContent('#export-status')).toBe('.ms3d: refused');
    expect(await page.textContent('#model-title')).toContain('assimp__jeep1.ms3d');
    expect(await page.isDisabled('#export')).toBe(false);
    await page.click('#error-close');
  });
}
