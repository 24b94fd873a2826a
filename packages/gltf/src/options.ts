import type { CompanionCache, Resolver, Warning } from '@relic3d/core';

export interface ExportOptions {
  /** Finds texture files by the path the model wrote; same contract as the parsers' resolver. */
  resolve?: Resolver;
  /** Called for each thing glTF could not hold as is (missing texture, fixed normals, ...). */
  onWarning?: (warning: Warning) => void;
  /**
   * Export one level of detail (0 = most detailed; past the last level means the last). Without it
   * every level is written, with MSFT_lod linking them.
   */
  lod?: number;
  /**
   * Fixes for models that are valid but hurt clients, each with a warning (export/client-safety.ts,
   * export/keys-in-clip.ts): keys far outside their clip are cut at its ends, skinned mesh nodes
   * move to the scene root, node chains deeper than 256 are folded. Default true; false writes the
   * hierarchy and keys exactly as the scene has them.
   */
  clientSafe?: boolean;
  /** Export only this clip (name or index); without it every clip is written. */
  animation?: string | number;
  /**
   * Interleave vertex attributes (one buffer view per primitive with a byteStride). Default: one
   * tightly packed buffer view per attribute, each copied in bulk.
   */
  interleave?: boolean;
  /**
   * Typed arrays in extras with more than 64 values (per-vertex and per-triangle lists, MDL's
   * raw vertex tail): 'buffer' (default) writes their bytes into a buffer view the extras reference
   * as `{ bufferView, componentType?, count, arrayType }` (fromGltf reads them back as the same typed
   * arrays; README § Typed arrays in extras); 'omit' leaves them out (GLTF_EXTRAS_ARRAYS_OMITTED). Shorter
   * arrays stay JSON arrays, which read back as plain arrays; 'all' writes every non-empty typed
   * array of the extras as a reference, so each one reads back with its type.
   */
  extrasArrays?: 'buffer' | 'all' | 'omit';
  /**
   * Most bytes of images embedded in one file (default 256 MiB); textures past it are left out
   * with a warning (GLTF_TEXTURE_LIMIT). Identical images are embedded once and count once.
   */
  maxTextureBytes?: number;
  /**
   * Texture images shared across exports (a batch worker keeps one `lruCache` from core): what
   * each file becomes (PNG, JPEG or WebP, BMP/TGA/DDS converted to PNG) under
   * `gltf:image:<resolve.key(name)>`. Used only with a resolver that has `key`; the output is the
   * same with or without it.
   */
  cache?: CompanionCache;
}

export interface GltfOptions extends ExportOptions {
  /** Base name for the .bin buffer and image resources; default 'scene'. */
  basename?: string;
}
