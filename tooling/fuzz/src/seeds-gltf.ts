// glTF seeds: each format's corpus models and synthetic seeds read and written with toGlb (with
// their textures as 1×1 PNGs), and small instances of the crafted hostile files of issue 26.
import { toGlb } from '@relic3d/gltf';
import { formats } from '@relic3d/formats';
import type { Resolver } from '@relic3d/core';
import * as hostile from '@relic3d/fixtures/gltf-hostile';
import { corpusSeeds, readerSeeds } from './seeds.js';
import type { Seed } from './types.js';

/** Models per format made into .glb seeds (the smallest first; larger ones cost every child's start). */
const PER_FORMAT = 8;
const MAX_MODEL_BYTES = 1 << 20;
const IMAGE = /\.(png|jpe?g|bmp|tga|dds|gif|webp|tif)$/i;
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

function resolverOf(companions: Record<string, Uint8Array>): Resolver {
  const byName = new Map(Object.entries(companions).map(([name, bytes]) => [name.toLowerCase(), bytes]));
  return (name: string) => {
    const base = name.replace(/^.*[\\/]/, '').toLowerCase();
    return byName.get(base) ?? (IMAGE.test(base) ? PNG : undefined);
  };
}

/** A reader seed as a .glb seed; undefined when its reader refuses it (bad/ and foreign/ files). */
async function asGlb(seed: Seed, format: (typeof formats)[number]): Promise<Seed | undefined> {
  try {
    const resolve = resolverOf(seed.companions);
    const scene = await format.parse(seed.bytes, { fileName: seed.fileName, resolve, ...(seed.motions ? { motions: seed.motions } : {}) } as never);
    const bytes = await toGlb(scene, { resolve });
    return { name: `${seed.source}:${format.id}/${seed.fileName}.glb`, fileName: `${seed.fileName.replace(/\.[^.]*$/, '')}.glb`, bytes, companions: {}, source: seed.source };
  } catch {
    return undefined;
  }
}

const small = (name: string, bytes: Uint8Array): Seed => ({ name: `synthetic:${name}`, fileName: `${name.replace(/\W+/g, '_')}.glb`, bytes, companions: {}, source: 'synthetic' });

/** Every glTF seed: the hostile builders at small sizes, then each format's synthetic seeds and corpus models as .glb. */
export async function gltfSeeds(): Promise<Seed[]> {
  const seeds: Seed[] = [
    small('shared sampler', hostile.sharedSamplerGlb(4, 6)),
    small('unused accessors', hostile.accessorsOverOneViewGlb(3, 64)),
    small('node chain', hostile.nodeChainGlb(20)),
    small('zero-filled', hostile.zeroFilledGlb(8)),
    small('names not text', hostile.nonStringNamesGlb()),
    small('outlier key', hostile.outlierKeyGlb(1e9, 6)),
  ];
  for (const format of formats) {
    const id = format.id as Parameters<typeof readerSeeds>[0];
    const synthetic = readerSeeds(id).slice(0, PER_FORMAT);
    const corpus = corpusSeeds(id).filter((s) => s.bytes.length <= MAX_MODEL_BYTES).sort((a, b) => a.bytes.length - b.bytes.length).slice(0, PER_FORMAT);
    for (const seed of [...synthetic, ...corpus]) {
      const glb = await asGlb(seed, format);
      if (glb) seeds.push(glb);
    }
  }
  return seeds;
}
