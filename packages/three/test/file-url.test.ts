// RelicLoader in Node on `file:` URLs (issue 30 item 10): Node's fetch refuses them, so the loader
// reads the model and its companions from disk itself, and a missing file is a clear not-found.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusAvailable, readCorpusFile } from '@relic3d/test-harness';
import '@relic3d/formats';
import { RelicLoader } from '../src/index.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'relic3d-file-url-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!corpusAvailable('o3d'))('RelicLoader with file: URLs in Node', () => {
  it('loads a Flyff model and finds its .chr and .ani beside it on disk', async () => {
    for (const f of ['mvr_AiBatt.o3d', 'mvr_AiBatt.chr', 'mvr_AiBatt_stand.ani', 'mvr_AiBatt_walk.ani']) writeFileSync(path.join(dir, f), readCorpusFile(f, 'o3d'));
    const result = await new RelicLoader().loadAsync(pathToFileURL(path.join(dir, 'mvr_AiBatt.o3d')).href);
    expect(result.format.id).toBe('o3d');
    // The skeleton and both motions came through the file: resolver (corpus MANIFEST: stand, walk).
    expect(result.scene.animations.map((a) => a.name).sort()).toEqual(['stand', 'walk']);
    expect(result.scene.skins.length).toBeGreaterThan(0);
  });

  it('a missing file is reported as not found, not as a fetch failure', async () => {
    const url = pathToFileURL(path.join(dir, 'nothing-here.o3d')).href;
    await expect(new RelicLoader().loadAsync(url)).rejects.toThrow(`RelicLoader: ${url} was not found (404 Not Found)`);
  });
});
