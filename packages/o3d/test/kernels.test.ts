/**
 * Issue 8: the WASM kernels (vertex records, unwelding, O3D weight unpacking and packing) and the
 * TypeScript path give identical scenes. Every corpus model is parsed through the async `parse`
 * with its companions (case-insensitive resolver over the folder), once per kernel mode.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { validateScene } from '@relic3d/core';
import { activePath, ready } from '@relic3d/kernels';
import { corpusFiles, expectHardened, readCorpusFile } from '@relic3d/test-harness';
import { findCompanions, parse } from '../src/index.js';
import { findInListing } from '../src/read/companion-names.js';
import { writeSampleO3d } from '@relic3d/fixtures/o3d';

const entries = corpusFiles('o3d');
const o3ds = entries.filter((e) => /\.o3d$/i.test(e.file));
const listing = entries.map((e) => e.file);

/** Companions by the names the parser asks for, matched case-insensitively in the folder. */
const resolveIn = (name: string) => {
  const file = findInListing(name, listing);
  return file ? readCorpusFile(file, 'o3d') : undefined;
};

beforeAll(async () => {
  await ready();
});

it('the WASM kernels are active after ready()', () => {
  expect(activePath({ kernels: 'wasm' })).not.toBe('js');
  expect(activePath({ kernels: 'js' })).toBe('js');
});

it('the sample: identical scenes with kernels wasm and js', async () => {
  const { o3d, chr, ani } = writeSampleO3d();
  const options = { fileName: 'mvr_sample.o3d', skeleton: chr, motions: { sway: ani } };
  const wasm = await parse(o3d, { ...options, kernels: 'wasm' });
  expect(validateScene(wasm)).toEqual([]);
  expect(wasm.meshes[0].primitives[0].attributes.JOINTS_0).toBeDefined();
  expect(wasm).toEqual(await parse(o3d, { ...options, kernels: 'js' }));
});

describe.skipIf(!o3ds.length)('corpus: identical scenes with kernels wasm and js', () => {
  it.each(o3ds.map((e) => [e.file, e] as const))('%s', async (file, entry) => {
    const bytes = readCorpusFile(entry);
    const motions = Object.keys(findCompanions(file, listing).motions);
    const options = { fileName: file, motions, resolve: resolveIn };
    const wasm = await parse(bytes, { ...options, kernels: 'wasm' });
    const js = await parse(bytes, { ...options, kernels: 'js' });
    expect(validateScene(wasm)).toEqual([]);
    // The resolver found every companion the model needs: no missing-skeleton/motion warnings.
    expect(wasm.warnings.map((w) => w.code).filter((c) => c !== 'O3D_NAME_MISMATCH')).toEqual([]);
    expect(wasm.animations.length).toBeGreaterThanOrEqual(motions.length);
    expect(wasm).toEqual(js);
  });

  it('hardening with the WASM kernels active: only FormatError escapes', async () => {
    for (const file of ['mvr_AiBatt.o3d', 'Obj_MaSaPrFlag01.o3d']) {
      await expectHardened((b) => parse(b, { kernels: 'wasm' }), readCorpusFile(file, 'o3d'), { name: `${file} (wasm)`, iterations: 24, samples: 48 });
    }
  });
});
