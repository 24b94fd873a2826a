import type { Resolver, Warning } from '@relic3d/core';

/**
 * Loaders of the decoder modules, for where the default import cannot work (a browser or worker
 * where draco3dgltf cannot find its WASM). Each is called only when a file needs it.
 */
export interface GltfDecoders {
  /** Resolves to a draco3dgltf decoder module, e.g. `createDecoderModule({ wasmBinary })`. */
  draco?: () => Promise<unknown>;
  /** Resolves to a ready meshoptimizer `MeshoptDecoder`. */
  meshopt?: () => Promise<unknown>;
}

export interface FromGltfOptions {
  /**
   * Finds the external files a `.gltf` names (buffers and images), by their URI decoded
   * (`my%20tex.png` → `my tex.png`); same contract as the parsers' resolver. Without it only data
   * URIs and the .glb's own buffer are read.
   */
  resolve?: Resolver;
  /** Called for each thing the scene could not take as the glTF says it, besides `scene.warnings`. */
  onWarning?: (warning: Warning) => void;
  /** Decoder loaders used instead of the default imports (which suit Node). */
  decoders?: GltfDecoders;
}
