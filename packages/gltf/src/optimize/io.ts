// The glTF-Transform IO an optimisation reads and writes with: every extension we export plus
// EXT_meshopt_compression, and only the codecs this document needs (loaded lazily).
import { WebIO } from '@gltf-transform/core';
import { EXTMeshGPUInstancing, EXTMeshoptCompression } from '@gltf-transform/extensions';
import { gltfExtensions } from '../io/index.js';
import { loadDracoDecoder, loadDracoEncoder, loadMeshoptDecoder, loadMeshoptEncoder } from './encoders.js';
import type { OptimizeCompression } from './options.js';

/** Which codecs an IO needs: to read the input's compression, and to write the output's. */
export interface OptimizeCodecs {
  /** The output's compression (its encoder is registered). */
  compress?: OptimizeCompression;
  /** The extensions the input uses (their decoders are registered). */
  extensionsUsed?: readonly string[];
}

/**
 * A WebIO with every extension the exporter writes, EXT_meshopt_compression and
 * EXT_mesh_gpu_instancing, and the encoders and decoders `codecs` asks for. Write an
 * `optimizeDocument` result with it: compression happens as the IO writes.
 */
export async function createOptimizeIO(codecs: OptimizeCodecs = {}): Promise<WebIO> {
  const used = new Set(codecs.extensionsUsed ?? []);
  const dependencies: Record<string, unknown> = {};
  if (codecs.compress === 'meshopt') dependencies['meshopt.encoder'] = await loadMeshoptEncoder();
  if (codecs.compress === 'draco') dependencies['draco3d.encoder'] = await loadDracoEncoder();
  if (used.has('EXT_meshopt_compression')) dependencies['meshopt.decoder'] = await loadMeshoptDecoder();
  if (used.has('KHR_draco_mesh_compression')) dependencies['draco3d.decoder'] = await loadDracoDecoder();
  return new WebIO().registerExtensions([...gltfExtensions, EXTMeshoptCompression, EXTMeshGPUInstancing]).registerDependencies(dependencies);
}
