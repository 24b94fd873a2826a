// fromGltf's `decoders` option: the loaders a browser supplies in place of the default imports (the
// viewer's worker hands draco3dgltf its WASM bytes). Called only for a file that needs them, once
// per read; their module decodes as the default does; a loader that fails is a typed FormatError.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import draco3d from 'draco3dgltf';
import { MeshoptDecoder } from 'meshoptimizer';
import { isFormatError, type Scene } from '@relic3d/core';
import { compressGlb, extensionsUsed } from '@relic3d/fixtures/gltf-compressed';
import { fromGltf, type GltfDecoders } from '../../src/index.js';
import { MSFTLod } from '../../src/extensions/msft-lod.js';
import { buildSample, io } from './sample.js';

const wasmPath = createRequire(import.meta.url).resolve('draco3dgltf/draco_decoder_gltf.wasm');
const plain = io.writeBinary(buildSample());
const glbs = { draco: plain.then((glb) => compressGlb(glb, 'draco', [MSFTLod])), meshopt: plain.then((glb) => compressGlb(glb, 'meshopt', [MSFTLod])) };

/** Loaders that count their calls: Draco from its WASM bytes, as in a browser. */
function countingDecoders(): { decoders: GltfDecoders; calls: { draco: number; meshopt: number } } {
  const calls = { draco: 0, meshopt: 0 };
  const decoders: GltfDecoders = {
    draco: () => (calls.draco++, draco3d.createDecoderModule({ wasmBinary: readFileSync(wasmPath) })),
    meshopt: async () => (calls.meshopt++, await MeshoptDecoder.ready, MeshoptDecoder),
  };
  return { decoders, calls };
}

const triangles = (scene: Scene) =>
  scene.meshes.reduce((sum, mesh) => sum + mesh.primitives.reduce((n, p) => n + ((p.mode ?? 4) === 4 ? (p.indices?.length ?? 0) / 3 : 0), 0), 0);

describe('fromGltf decoders option', () => {
  it.each(['draco', 'meshopt'] as const)('reads a %s file with the supplied decoder, called once, as the default decoder reads it', async (compression) => {
    const glb = await glbs[compression];
    expect(extensionsUsed(glb)).toContain(compression === 'draco' ? 'KHR_draco_mesh_compression' : 'EXT_meshopt_compression');
    const { decoders, calls } = countingDecoders();
    const supplied = await fromGltf(glb, { decoders });
    expect(calls).toEqual({ draco: compression === 'draco' ? 1 : 0, meshopt: compression === 'meshopt' ? 1 : 0 });
    const byDefault = await fromGltf(glb);
    expect(triangles(supplied)).toBeGreaterThan(0);
    expect([triangles(supplied), supplied.meshes.length, supplied.nodes.length]).toEqual([triangles(byDefault), byDefault.meshes.length, byDefault.nodes.length]);
    expect(supplied.meshes[0].primitives[0].attributes.POSITION).toEqual(byDefault.meshes[0].primitives[0].attributes.POSITION);
  });

  it('calls no loader for a file that names no compression', async () => {
    const { decoders, calls } = countingDecoders();
    await fromGltf(await plain, { decoders });
    expect(calls).toEqual({ draco: 0, meshopt: 0 });
  });

  it('turns a loader that fails into a FormatError UNSUPPORTED with its message', async () => {
    const failing: GltfDecoders = { draco: () => Promise.reject(new Error('the Draco decoder WASM could not be fetched: HTTP 404')) };
    const error = await fromGltf(await glbs.draco, { decoders: failing }).then(() => undefined, (e: unknown) => e);
    expect(isFormatError(error), String(error)).toBe(true);
    expect(error).toMatchObject({ format: 'gltf', code: 'UNSUPPORTED', found: 'the Draco decoder WASM could not be fetched: HTTP 404' });
  });
});
