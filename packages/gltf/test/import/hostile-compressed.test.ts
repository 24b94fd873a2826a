// Compressed glTF that lies: Draco streams that claim more than their accessors declare, meshopt
// views that would decode past the budget or read past their buffer, broken compressed bytes. Each
// is a FormatError before (or from) the decoder, never an untyped error or an allocation it asks for.
import { describe, expect, it } from 'vitest';
import { compressGlb, extensionsUsed } from '@relic3d/fixtures/gltf-compressed';
import { isFormatError, validateScene } from '@relic3d/core';
import { fromGltf } from '../../src/index.js';
import { MSFTLod } from '../../src/extensions/msft-lod.js';
import { packGlb } from '../../src/io/glb.js';
import { dracoCounts } from '../../src/import/draco-header.js';
import { readContainer } from '../../src/import/source.js';
import { decoderDependencies } from '../../src/import/decoders.js';
import { formatError } from './hostile-helpers.js';
import { buildSample, io } from './sample.js';

type Json = Record<string, any>;

const compressed: Record<string, Promise<{ json: Json; bin: Uint8Array }>> = {};
/** The sample compressed by glTF-Transform, as JSON and binary chunk (made once per compression). */
function parts(compression: 'meshopt' | 'draco') {
  return (compressed[compression] ??= io
    .writeBinary(buildSample())
    .then((glb) => compressGlb(glb, compression, [MSFTLod]))
    .then((glb) => {
      const { json, bin } = readContainer(glb);
      return { json: json as Json, bin: bin! };
    }));
}
async function edited(compression: 'meshopt' | 'draco', edit: (json: Json, bin: Uint8Array) => void): Promise<Uint8Array> {
  const { json, bin } = await parts(compression);
  const copy = structuredClone(json);
  const bytes = bin.slice();
  edit(copy, bytes);
  return packGlb(copy, bytes);
}
const dracoPrimitives = (json: Json) => json.meshes.flatMap((m: Json) => m.primitives).filter((p: Json) => p.extensions?.KHR_draco_mesh_compression);
const meshoptViews = (json: Json) => json.bufferViews.filter((v: Json) => v.extensions?.EXT_meshopt_compression);

describe('Draco', () => {
  it('reads the counts a stream decodes to from its header, as its accessors declare them', async () => {
    const { json, bin } = await parts('draco');
    const primitives = dracoPrimitives(json);
    expect(primitives.length).toBeGreaterThan(0);
    for (const p of primitives) {
      const view = json.bufferViews[p.extensions.KHR_draco_mesh_compression.bufferView];
      const counts = dracoCounts(bin.subarray(view.byteOffset ?? 0, (view.byteOffset ?? 0) + view.byteLength));
      expect(counts).toEqual({ faces: json.accessors[p.indices].count / 3, vertices: json.accessors[p.attributes.POSITION].count });
    }
  });

  it('refuses a stream with more vertices or faces than the accessors declare, before decoding', async () => {
    const fewerVertices = await formatError(edited('draco', (json) => dracoPrimitives(json).forEach((p: Json) => Object.values(p.attributes).forEach((a) => (json.accessors[a as number].count = 2)))));
    expect([fewerVertices.code, fewerVertices.found]).toEqual(['BAD_COUNT', expect.stringMatching(/in the Draco header/)]);
    const fewerIndices = await formatError(edited('draco', (json) => dracoPrimitives(json).forEach((p: Json) => (json.accessors[p.indices].count = 3))));
    expect([fewerIndices.code, fewerIndices.found]).toEqual(['BAD_COUNT', expect.stringMatching(/faces in the Draco header/)]);
  });

  it('refuses bytes that are not a Draco mesh, and broken streams, as FormatErrors', async () => {
    const notDraco = await formatError(
      edited('draco', (json, bin) => {
        const view = json.bufferViews[dracoPrimitives(json)[0].extensions.KHR_draco_mesh_compression.bufferView];
        bin.fill(0x41, view.byteOffset ?? 0, (view.byteOffset ?? 0) + 5);
      }),
    );
    expect([notDraco.code, notDraco.found]).toEqual(['UNSUPPORTED', "no 'DRACO' magic"]);
    const broken = await formatError(
      edited('draco', (json, bin) => {
        const view = json.bufferViews[dracoPrimitives(json)[0].extensions.KHR_draco_mesh_compression.bufferView];
        bin.fill(0xff, (view.byteOffset ?? 0) + 16, (view.byteOffset ?? 0) + view.byteLength);
      }),
    );
    expect(broken.code).toMatch(/BAD_VALUE|UNSUPPORTED/);
  });
});

describe('meshopt', () => {
  it('refuses views that would decode past the budget, before decoding', async () => {
    const error = await formatError(edited('meshopt', (json) => (meshoptViews(json)[0].extensions.EXT_meshopt_compression.count = 2 ** 40)));
    expect([error.code, error.expected]).toEqual(['BAD_COUNT', expect.stringMatching(/decoded bytes for \d+ bytes of input/)]);
  });

  it('refuses compressed ranges outside their buffer and unknown modes', async () => {
    const past = await formatError(edited('meshopt', (json) => (meshoptViews(json)[0].extensions.EXT_meshopt_compression.byteOffset = 1e9)));
    expect(past.code).toBe('BAD_SIZE');
    const mode = await formatError(edited('meshopt', (json) => (meshoptViews(json)[0].extensions.EXT_meshopt_compression.mode = 'ZIP')));
    expect([mode.code, mode.found]).toEqual(['BAD_VALUE', '"ZIP"']);
  });

  it('turns the decoder refusing broken bytes into a FormatError', async () => {
    const error = await formatError(
      edited('meshopt', (json, bin) => {
        for (const view of meshoptViews(json)) {
          const ext = view.extensions.EXT_meshopt_compression;
          bin.fill(0xff, ext.byteOffset ?? 0, (ext.byteOffset ?? 0) + ext.byteLength);
        }
      }),
    );
    expect(error.code).toBe('BAD_VALUE');
  });
});

// 100 files each: they meet every refusal the 300 of before met (meshopt: the decoder's 'Malformed'
// as BAD_VALUE, 23 of 100; Draco: the decoder's error, the header's BAD_COUNT and UNSUPPORTED, 79 of 100),
// and each file is a whole import of the sample through glTF-Transform.
describe('damaged compressed files', () => {
  it.each(['meshopt', 'draco'] as const)('%s: 100 files with bytes of the compressed data flipped are each a FormatError or a valid scene', async (compression) => {
    let seed = 12345;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const { json } = await parts(compression);
    const ranges = (compression === 'draco' ? dracoPrimitives(json).map((p: Json) => json.bufferViews[p.extensions.KHR_draco_mesh_compression.bufferView]) : meshoptViews(json).map((v: Json) => v.extensions.EXT_meshopt_compression)).map((r: Json) => [r.byteOffset ?? 0, r.byteLength] as const);
    let refused = 0;
    for (let i = 0; i < 100; i++) {
      const glb = await edited(compression, (_json, bin) => {
        const [offset, length] = ranges[Math.floor(random() * ranges.length)];
        for (let k = 1 + Math.floor(random() * 4); k > 0; k--) bin[offset + Math.floor(random() * length)] ^= 1 << Math.floor(random() * 8);
      });
      try {
        expect(validateScene(await fromGltf(glb))).toEqual([]);
      } catch (e) {
        expect(isFormatError(e), `input ${i}: ${String(e)}`).toBe(true);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  }, 120_000);
});

describe('decoders', () => {
  it('loads none for a file that names no compression', async () => {
    expect(await decoderDependencies(['KHR_mesh_quantization', 'KHR_texture_transform'])).toEqual({});
    expect(Object.keys(await decoderDependencies(['EXT_meshopt_compression']))).toEqual(['meshopt.decoder']);
  });

  it('reads the compressed sample with the mesh the uncompressed one has', async () => {
    const plain = await fromGltf(await io.writeBinary(buildSample()));
    for (const compression of ['meshopt', 'draco'] as const) {
      const { json, bin } = await parts(compression);
      expect(extensionsUsed(packGlb(json, bin))).toContain(compression === 'draco' ? 'KHR_draco_mesh_compression' : 'EXT_meshopt_compression');
      const scene = await fromGltf(packGlb(json, bin));
      // Triangles drawn (compression indexes a primitive that had no indices).
      const triangles = (s: typeof plain) => s.meshes.map((m) => m.primitives.map((p) => ((p.mode ?? 4) === 4 ? (p.indices?.length ?? p.attributes.POSITION!.length / 3) / 3 : -1)));
      expect(triangles(scene)).toEqual(triangles(plain));
    }
  });
});
