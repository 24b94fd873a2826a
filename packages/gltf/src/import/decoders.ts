// The extensions fromGltf reads and the decoders they need. A decoder is imported only when the
// file's extensionsUsed names its extension, so reading an uncompressed file never loads the
// meshoptimizer or Draco WASM.
import type { Extension } from '@gltf-transform/core';
import { EXTMeshoptCompression } from '@gltf-transform/extensions';
import { gltfExtensions } from '../io/index.js';
import { DRACO, MESHOPT } from './compressed.js';
import { gltfError } from './errors.js';
import type { GltfDecoders } from './options.js';

/**
 * What the exporter writes (the Khronos extensions, Draco and quantisation included, WebP, our
 * MSFT_lod) and EXT_meshopt_compression. Not instancing or AVIF: the scene cannot hold them, so
 * they stay refused when required and warned about when optional.
 */
export const importExtensions: (typeof Extension)[] = [...gltfExtensions, EXTMeshoptCompression];

interface DracoModule {
  createDecoderModule(options?: object): Promise<unknown>;
}

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
  const dependencies: Record<string, unknown> = {};
  if (used.includes(MESHOPT) && supplied.meshopt) dependencies['meshopt.decoder'] = await supplied.meshopt();
  else if (used.includes(MESHOPT)) {
    const { MeshoptDecoder } = await import('meshoptimizer');
    await MeshoptDecoder.ready;
    dependencies['meshopt.decoder'] = MeshoptDecoder;
  }
  if (used.includes(DRACO) && supplied.draco) dependencies['draco3d.decoder'] = await supplied.draco();
  else if (used.includes(DRACO)) {
    // `as string`: draco3dgltf ships no types; bundlers still see the literal once the cast is stripped.
    const loaded = (await import('draco3dgltf' as string)) as DracoModule & { default?: DracoModule };
    const draco = loaded.default ?? loaded;
    dependencies['draco3d.decoder'] = await draco.createDecoderModule();
  }
  return dependencies;
}
