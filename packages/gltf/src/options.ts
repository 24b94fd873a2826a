import type { Resolver, Warning } from '@relic3d/core';

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
  /** Export only this clip (name or index); without it every clip is written. */
  animation?: string | number;
  /**
   * toGlb/toGltf: interleave vertex attributes (glTF-Transform's layout, one buffer view per
   * primitive with a byteStride). Default: one tightly packed buffer view per attribute, which is
   * written several times faster. toDocument ignores it.
   */
  interleave?: boolean;
}

export interface GltfOptions extends ExportOptions {
  /** Base name for the .bin buffer and image resources; default 'scene'. */
  basename?: string;
}
