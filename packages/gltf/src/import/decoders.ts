// The extensions fromGltf reads and the decoders they need. A decoder is imported only when the
// file's extensionsUsed names its extension, so reading an uncompressed file never loads the
// meshoptimizer or Draco WASM.
import type { Extension } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MSFTLod } from '../extensions/msft-lod.js';
import { DRACO, MESHOPT } from './compressed.js';
import { gltfError } from './errors.js';

/** Every extension glTF-Transform has a class for (meshopt and Draco included), and our MSFT_lod. */
export const importExtensions: (typeof Extension)[] = [...ALL_EXTENSIONS, MSFTLod];

interface DracoModule {
  createDecoderModule(options?: object): Promise<unknown>;
}

/** `io.registerDependencies` for the decoders `used` needs, loaded on first need; a FormatError when one cannot load. */
export async function decoderDependencies(used: readonly string[]): Promise<Record<string, unknown>> {
  try {
    return await loadDecoders(used);
  } catch (e) {
    throw gltfError('UNSUPPORTED', 'extensionsUsed', `the decoders of ${used.filter((n) => n === MESHOPT || n === DRACO).join(', ')} to load`, (e as Error)?.message ?? String(e));
  }
}

async function loadDecoders(used: readonly string[]): Promise<Record<string, unknown>> {
  const dependencies: Record<string, unknown> = {};
  if (used.includes(MESHOPT)) {
    const { MeshoptDecoder } = await import('meshoptimizer');
    await MeshoptDecoder.ready;
    dependencies['meshopt.decoder'] = MeshoptDecoder;
  }
  if (used.includes(DRACO)) {
    // `as string`: draco3dgltf ships no types; bundlers still see the literal once the cast is stripped.
    const loaded = (await import('draco3dgltf' as string)) as DracoModule & { default?: DracoModule };
    const draco = loaded.default ?? loaded;
    dependencies['draco3d.decoder'] = await draco.createDecoderModule();
  }
  return dependencies;
}
