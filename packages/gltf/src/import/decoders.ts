// The extensions fromGltf reads and the decoders they need. A decoder is imported only when the
// file's extensionsUsed names its extension, so reading an uncompressed file never loads the
// meshoptimizer or Draco WASM.
import type { Extension } from '@gltf-transform/core';
import { EXTMeshoptCompression } from '@gltf-transform/extensions';
import { gltfExtensions } from '../io/index.js';
import { loadDracoDecoder, loadMeshoptDecoder } from '../optimize/encoders.js';
import { DRACO, MESHOPT } from './compressed.js';
import { gltfError } from './errors.js';
import type { GltfDecoders } from './options.js';

/**
 * What the exporter writes (the Khronos extensions, Draco and quantisation included, WebP, our
 * MSFT_lod) and EXT_meshopt_compression. Not instancing or AVIF: the scene cannot hold them, so
 * they stay refused when required and warned about when optional.
 */
export const importExtensions: (typeof Extension)[] = [...gltfExtensions, EXTMeshoptCompression];


/**
 * `io.registerDependencies` for the decoders `used` needs, loaded on first need (from `supplied`
 * when given); a FormatError when one cannot load.
 */
export async function decoderDependencies(used: readonly string[], supplied: GltfDecoders = {}): Promise<Record<string, unknown>> {
  try {
    return await loadDecoders(used, supplied);
  } catch (e) {
    throw gltfError('UNSUPPORTED', 'extensionsUsed', `the decoders of ${used.filter((n) => n === MESHOPT || n === DRACO).join(', ')} to load`, (e as Error)?.message ?? String(e));
  }
}

async function loadDecoders(used: readonly string[], supplied: GltfDecoders): Promise<Record<string, unknown>> {
  // The defaults are the optimizer's loaders: one decoder module per process, not one per file.
  const dependencies: Record<string, unknown> = {};
  if (used.includes(MESHOPT)) dependencies['meshopt.decoder'] = await (supplied.meshopt ?? loadMeshoptDecoder)();
  if (used.includes(DRACO)) dependencies['draco3d.decoder'] = await (supplied.draco ?? loadDracoDecoder)();
  return dependencies;
}
