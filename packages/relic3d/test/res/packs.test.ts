// Issue 27: packs are folders. Every corpus Flyff model converts to the same .glb bytes from loose
// files and from packs, in every layout; a loose file wins over a packed one, as in the client.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toGlb } from '@relic3d/gltf';
import { writeRes } from '@relic3d/res';
import { parseFile } from '../../src/node.js';
import { hasCorpus, run } from '../cli-helpers.js';
import { buildClients, LAYOUTS, models, type Layout } from './client-folders.js';

const glbOf = async (file: string) => Buffer.from(await toGlb(await parseFile(file)));

describe.skipIf(!hasCorpus)('corpus Flyff models from .res packs', () => {
  let clients: Record<Layout, string>;
  const loose = new Map<string, Buffer>();
  beforeAll(async () => {
    clients = buildClients();
    for (const model of models) loose.set(model, await glbOf(path.join(clients.loose, model)));
  });

  it('the corpus has the Flyff models and companions the layouts need', () => {
    expect(models.length).toBeGreaterThanOrEqual(30);
    expect(models).toContain('mvr_AiBatt.o3d');
  });

  for (const layout of LAYOUTS.filter((l) => l !== 'loose')) {
    it(`${layout}: every model gives the same .glb bytes as from loose files`, async () => {
      const differ: string[] = [];
      for (const model of models) if (!(await glbOf(path.join(clients[layout], model))).equals(loose.get(model)!)) differ.push(model);
      expect(differ).toEqual([]);
    });
  }

  it('mvr_AiBatt from a pack has its packed skeleton (14 bones, MANIFEST) and both packed motions', async () => {
    const { code, stdout } = await run('info', path.join(clients['packed-enciphered-8'], 'mvr_AiBatt.o3d'), '--json');
    expect(code).toBe(0);
    const info = JSON.parse(stdout);
    expect(info.joints).toBe(14);
    expect(info.animations.map((a: { name: string }) => a.name).sort()).toEqual(['stand', 'walk']);
  });

  it('convert takes a path that exists only inside a pack and writes the loose model\'s bytes', async () => {
    const out = path.join(clients['split-packs'], '..', 'aibatt.glb');
    const { code } = await run('convert', path.join(clients['split-packs'], 'mvr_AiBatt.o3d'), out);
    expect(code).toBe(0);
    expect(readFileSync(out).equals(loose.get('mvr_AiBatt.o3d')!)).toBe(true);
  });

  it('a loose file wins over a packed one of the same name (any case), as in the client', async () => {
    // A pack that sorts last holds a broken copy of a loose model, then of a loose skeleton.
    const broken = Uint8Array.of(1, 2, 3);
    const modelsLoose = clients['models-loose-companions-packed'];
    writeFileSync(path.join(modelsLoose, 'zz.res'), writeRes([{ name: 'MVR_AIBATT.O3D', bytes: broken }]));
    expect((await glbOf(path.join(modelsLoose, 'mvr_AiBatt.o3d'))).equals(loose.get('mvr_AiBatt.o3d')!)).toBe(true);
    const companionsLoose = clients['models-packed-companions-loose'];
    writeFileSync(path.join(companionsLoose, 'zz.res'), writeRes([{ name: 'mvr_aibatt.chr', bytes: broken }]));
    expect((await glbOf(path.join(companionsLoose, 'mvr_AiBatt.o3d'))).equals(loose.get('mvr_AiBatt.o3d')!)).toBe(true);
    // Between packs the later one wins: a broken skeleton in the last pack is what the model gets.
    const packedOnly = clients['split-packs'];
    writeFileSync(path.join(packedOnly, 'zz.res'), writeRes([{ name: 'mvr_AiBatt.chr', bytes: broken }]));
    await expect(glbOf(path.join(packedOnly, 'mvr_AiBatt.o3d'))).rejects.toThrow();
  });

  it('a path that is neither loose nor packed fails as a missing file', async () => {
    await expect(parseFile(path.join(clients['split-packs'], 'nothing.o3d'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
