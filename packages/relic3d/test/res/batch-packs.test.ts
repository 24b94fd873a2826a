// Issue 27: `relic3d batch CLIENT_DIR` converts packed models as if they were loose, with the same
// output names and the same .glb bytes, in every pack layout the res tests build from the corpus.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasCorpus, run } from '../cli-helpers.js';
import { buildClients, LAYOUTS, models, type Layout } from './client-folders.js';

/** Every .glb the batch wrote under `out`, by its path relative to `out`. */
function outputs(out: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.glb')) found.set(path.relative(out, full).split(path.sep).join('/'), readFileSync(full));
    }
  };
  walk(out);
  return found;
}

describe.skipIf(!hasCorpus)('relic3d batch over a client folder with .res packs', () => {
  let clients: Record<Layout, string>;
  let loose: Map<string, Buffer>;
  beforeAll(async () => {
    clients = buildClients();
    const out = path.join(clients.loose, '..', 'out');
    const { code, stderr } = await run('batch', clients.loose, '--out', out, '--jobs', '1');
    expect(code, stderr).toBe(0);
    loose = outputs(out);
  }, 300_000);

  it('the loose folder converts every corpus Flyff model', () => {
    expect(loose.size).toBe(models.length);
    expect([...loose.keys()]).toContain('mvr_AiBatt.glb');
  });

  for (const layout of LAYOUTS.filter((l) => l !== 'loose')) {
    it(`${layout}: the same output names and the same .glb bytes as from loose files; the packs are listed as skipped`, { timeout: 300_000 }, async () => {
      const out = path.join(clients[layout], '..', 'out');
      const report = path.join(clients[layout], '..', 'report.json');
      const { code, stderr } = await run('batch', clients[layout], '--out', out, '--jobs', '2', '--json', report);
      expect(code, stderr).toBe(0);
      const packed = outputs(out);
      expect([...packed.keys()].sort()).toEqual([...loose.keys()].sort());
      const differ = [...packed].filter(([name, bytes]) => !bytes.equals(loose.get(name)!)).map(([name]) => name);
      expect(differ).toEqual([]);
      const json = JSON.parse(readFileSync(report, 'utf8'));
      const packs = readdirSync(clients[layout]).filter((f) => f.toLowerCase().endsWith('.res'));
      expect(packs.length).toBeGreaterThan(0);
      for (const pack of packs) expect(json.skipped).toContainEqual({ file: pack, reason: expect.stringMatching(/^a Flyff \.res pack/) });
    });
  }
});
