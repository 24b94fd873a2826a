// Issue 26: crafted files whose cost grew faster than their size. Each gives a typed FormatError or
// a warning, and the import's peak memory stays within 8 × input + 64 MB (measured here in the test
// file's own process; `pnpm fuzz` measures the same builders in its child as crafted glTF inputs).
import { describe, expect, it } from 'vitest';
import { isFormatError, type Scene } from '@relic3d/core';
import {
  accessorsOverOneViewGlb,
  deepExtrasGlb,
  deepTopLevelGlb,
  emptyObjectsGlb,
  glbOf,
  nodeChainGlb,
  nonStringNamesGlb,
  outlierKeyGlb,
  sharedSamplerGlb,
  skinJointsGlb,
  zeroFilledGlb,
} from '@relic3d/fixtures/gltf-hostile';
import { fromGltf } from '../../src/index.js';
import { memoryBudget, peakOf } from '@relic3d/test-harness/peak-memory';

const MB = 1048576;

/** fromGltf of `bytes`, its peak checked against the budget; the FormatError or the scene. */
async function read(bytes: Uint8Array): Promise<{ scene?: Scene; error?: { code: string; message: string }; peak: number }> {
  const { value, error, peak } = await peakOf(() => fromGltf(bytes));
  expect(peak, `peak ${(peak / MB).toFixed(1)} MB for ${bytes.length} bytes`).toBeLessThan(memoryBudget(bytes.length));
  if (error !== undefined) {
    expect(isFormatError(error), `not a FormatError: ${String(error)}`).toBe(true);
    return { error: error as never, peak };
  }
  return { scene: value, peak };
}

const codes = (scene: Scene | undefined) => scene!.warnings.map((w) => w.code);

describe('work in proportion to the input', () => {
  it('one sampler shared by 20,000 channels: BAD_COUNT (was 2.8 GB and a 1.44 GB .glb)', async () => {
    const { error } = await read(sharedSamplerGlb(20_000, 20_000));
    expect(error?.code).toBe('BAD_COUNT');
  });

  it('one sampler shared by 5,000 channels, within the object budget: refused by the key-data budget', async () => {
    const { error } = await read(sharedSamplerGlb(5000, 20_000));
    expect(error?.code).toBe('BAD_COUNT');
    expect(error?.message).toContain('key data');
  });

  it('channels that share a sampler share its arrays (the same typed-array objects)', async () => {
    // 40 channels × 50 keys: far within the budget.
    const { scene } = await read(sharedSamplerGlb(40, 50));
    const [clip] = scene!.animations;
    expect(clip.channels).toHaveLength(40);
    expect(clip.duration).toBeCloseTo(49 / 30, 5);
    for (const channel of clip.channels) {
      expect(channel.times).toBe(clip.channels[0].times);
      expect(channel.values).toBe(clip.channels[0].values);
    }
  });

  it('2,000 unused accessors over one 1 MB view are not copied (was 2.0 GB)', async () => {
    const bytes = accessorsOverOneViewGlb(2000, 1 << 20);
    const { scene, peak } = await read(bytes);
    expect(codes(scene)).toContain('GLTF_ACCESSORS_UNUSED');
    expect(scene!.nodes.map((n) => n.name)).toEqual(['only']);
    // Nothing of the view is copied: well under one copy per accessor.
    expect(peak).toBeLessThan(40 * MB);
  });

  it('accessors a mesh uses that copy more than the input + 16 MB: BAD_COUNT', async () => {
    const json = { asset: { version: '2.0' }, buffers: [{ byteLength: 1200 }], bufferViews: [{ buffer: 0, byteLength: 1200 }],
      accessors: Array.from({ length: 20_000 }, () => ({ bufferView: 0, componentType: 5126, type: 'VEC3', count: 100, min: [0, 0, 0], max: [0, 0, 0] })),
      meshes: [{ primitives: Array.from({ length: 20_000 }, (_, i) => ({ attributes: { POSITION: i } })) }] };
    const { error } = await read(glbOf(json, new Uint8Array(1200)));
    expect(error?.code).toBe('BAD_COUNT');
  });

  it('a skin naming one node 1,000,000 times: joints must be distinct (was 500 MB)', async () => {
    const { error } = await read(skinJointsGlb(1_000_000));
    expect([error?.code, error?.message]).toEqual(['BAD_VALUE', expect.stringContaining('skins[0].joints[1]')]);
  });

  it('a 100,000-level node chain: refused by the object budget (was 373 MB for a 92 MB budget)', async () => {
    const { error } = await read(nodeChainGlb(100_000));
    expect(error?.code).toBe('BAD_COUNT');
    expect(error?.message).toContain('glTF objects');
  });

  it('a 10,000-level node chain within the budget reads without recursion', async () => {
    const { scene } = await read(nodeChainGlb(10_000));
    const nodes = scene!.nodes;
    expect(nodes).toHaveLength(10_000);
    expect(scene!.roots).toEqual([0]);
    expect(nodes[9_999].parent).toBe(9_998);
  });

  it('zero-filled accessors of 112 MB from 400 bytes: BAD_COUNT (the importer allowed 64× the input)', async () => {
    const { error } = await read(zeroFilledGlb(4_000_000));
    expect(error?.code).toBe('BAD_COUNT');
    expect(error?.message).toContain('accessor data');
  });

  it('32 MB of zero-filled accessors from a 1 MB file: BAD_COUNT (64× the input was allowed)', async () => {
    const { error } = await read(zeroFilledGlb(2_000_000, 1 << 20));
    expect(error?.code).toBe('BAD_COUNT');
  });

  it('zero-filled accessors within the budget read as zeros', async () => {
    const { scene } = await read(zeroFilledGlb(1000));
    const { POSITION, COLOR_0 } = scene!.meshes[0].primitives[0].attributes;
    expect(POSITION!.length).toBe(3000);
    expect(POSITION!.every((x) => x === 0)).toBe(true);
    expect(COLOR_0!.length).toBe(4000);
  });
});

describe('JSON that parses to many times its size', () => {
  it('4,000,000 empty objects in 12 MB of extras: BAD_COUNT before parsing', async () => {
    const { error } = await read(emptyObjectsGlb(4_000_000));
    expect(error?.code).toBe('BAD_COUNT');
    expect(error?.message).toContain('objects and arrays');
  });

  it('400,000 empty objects (1.2 MB) are within the budget and kept in the extras', async () => {
    const { scene } = await read(emptyObjectsGlb(400_000));
    expect((scene!.extras as { many: unknown[] }).many).toHaveLength(400_000);
  });
});

describe('names are strings', () => {
  it('names that are numbers or booleans become their text; objects, arrays and null are left out', async () => {
    const { scene } = await read(nonStringNamesGlb());
    const s = scene!;
    expect(codes(s).filter((c) => c === 'GLTF_TEXT_FIXED')).toHaveLength(2);
    expect(s.nodes.map((n) => n.name)).toEqual(['12345', 'node_1', 'fine']);
    expect(s.name).toBe('9');
    expect(s.animations[0].name).toBe('1000000000');
    expect(s.materials[0].name).toBe('material_0');
    expect(s.skins[0].name).toBe('false');
    expect(s.meshes).toHaveLength(1);
    expect(s.meshes[0].name).toBe('mesh_0');
    const strings = [s.name, ...s.nodes.map((n) => n.name), ...s.materials.map((m) => m.name), ...s.animations.map((a) => a.name)];
    expect(strings.every((x) => typeof x === 'string')).toBe(true);
  });
});

describe('no recursion on input depth', () => {
  it('a top-level member nested 100,000 deep is a FormatError with a short message', async () => {
    for (const key of ['nodes', 'accessors', 'extensionsUsed']) {
      const { error } = await read(deepTopLevelGlb(100_000, key));
      expect(error?.code).toBe('BAD_VALUE');
      expect(error!.message.length).toBeLessThan(200);
    }
  });

  it('extras nested 5,000 deep are cut at 64 levels with a warning; the rest of the extras kept', async () => {
    const { scene } = await read(deepExtrasGlb(5000));
    expect(codes(scene)).toContain('GLTF_EXTRAS_CUT');
    const extras = scene!.nodes[0].extras as Record<string, unknown>;
    expect(extras.kept).toBe('yes');
    let depth = 0;
    for (let v: unknown = extras.deep; v && typeof v === 'object'; v = (v as { a: unknown }).a) depth++;
    expect(depth).toBeLessThan(64);
  });
});

describe('keys far outside the clip', () => {
  it.each([1e9, 2.5e38])('a last key at %d s is left out with a warning; the clip ends at its other keys', async (outlier) => {
    const { scene } = await read(outlierKeyGlb(outlier, 30));
    expect(codes(scene)).toContain('GLTF_KEYS_OUTLIER');
    const [clip] = scene!.animations;
    expect(clip.channels[0].times).toHaveLength(29);
    expect(clip.duration).toBeCloseTo(28 / 30, 5);
  });

  it.each([30, 3000])('a last key %d s in (a gap under an hour) is not an outlier', async (last) => {
    const { scene } = await read(outlierKeyGlb(last, 30));
    expect(codes(scene)).not.toContain('GLTF_KEYS_OUTLIER');
    expect(scene!.animations[0].duration).toBe(last);
  });
});
