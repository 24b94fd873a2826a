// Acceptance of the Flyff authoring conventions over every corpus O3D: read → .glb (names, extras)
// → fromGltf → writeO3d gives the same collision mesh, light objects, LOD groups and material
// effect flags, all compared on an independent walk of the bytes (fixtures' conventions dump).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { corpusFiles } from '@relic3d/test-harness';
import { dumpO3dConventions, type ConventionsDump } from '@relic3d/fixtures/o3d/conventions-dump';
import { fromGltf, toGlb } from '@relic3d/gltf';
import { parseO3dFile } from '@relic3d/o3d/node';
import { writeO3d } from '@relic3d/o3d';
import type { Scene } from '@relic3d/core';

const o3ds = corpusFiles('o3d').filter((e) => /\.o3d$/i.test(e.file));

/** What the conventions keep: collision size, LOD groups, per object its light bit and its blocks' effect flags. */
function conventions(d: ConventionsDump) {
  return {
    collision: d.collision ? { faces: d.collision.faces } : undefined,
    lodFlag: d.lodFlag,
    groups: d.groups.map((objects) => objects.map((o) => ({ light: o.light, effects: [...new Set(o.blocks.map((b) => `${b.effect}/${b.amount}`))].sort() }))),
  };
}

describe.skipIf(!o3ds.length)('authoring conventions survive .o3d → .glb → .o3d', () => {
  it.each(o3ds.map((e) => [e.file, e] as const))('%s', async (file, entry) => {
    const bytes = new Uint8Array(await readFile(entry.path));
    const source = dumpO3dConventions(bytes);
    const scene = await parseO3dFile(entry.path, { kernels: 'js', motions: 'none' });
    const glb = await toGlb(scene);
    const back = await fromGltf(glb);
    const written = writeO3d(back);
    const name = Object.keys(written.files).find((n) => /\.o3d$/i.test(n))!;
    const again = dumpO3dConventions(written.files[name]);
    expect(conventions(again)).toEqual(conventions(source));
  });

  // A Blender round trip keeps names and glTF's own material fields; node extras and MSFT_lod are
  // gone, and of the material extras only the effect names (custom properties) are kept.
  it.each(o3ds.map((e) => [e.file, e] as const))('%s by names alone', async (file, entry) => {
    const source = dumpO3dConventions(new Uint8Array(await readFile(entry.path)));
    const scene = await parseO3dFile(entry.path, { kernels: 'js', motions: 'none' });
    const back = await fromGltf(await toGlb(scene));
    const blender: Scene = {
      ...back,
      nodes: back.nodes.map(({ lods: _lods, extras: _extras, ...n }) => n),
      materials: back.materials.map((m) => ({ ...m, extras: { effects: m.extras?.effects } })),
    };
    const written = writeO3d(blender);
    const again = dumpO3dConventions(written.files[Object.keys(written.files).find((n) => /\.o3d$/i.test(n))!]);
    const lightless = (d: ConventionsDump) => ({ ...conventions(d), groups: conventions(d).groups.map((g) => g.map((o) => (o.light ? { light: true } : o))) });
    expect(lightless(again)).toEqual(lightless(source));
  });

  it('the corpus has each convention at least once (so the test above can fail)', () => {
    const dumps = o3ds.map((e) => dumpO3dConventions(new Uint8Array(readFileSync(e.path))));
    expect(dumps.some((d) => d.collision)).toBe(true);
    expect(dumps.some((d) => d.lodFlag)).toBe(true);
    expect(dumps.some((d) => d.groups.some((g) => g.some((o) => o.light)))).toBe(true);
    expect(dumps.some((d) => d.groups.some((g) => g.some((o) => o.blocks.some((b) => b.effect & 0x4))))).toBe(true);
  });
});
