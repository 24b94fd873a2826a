import type { Resolver, Warning } from '@relic3d/core';

export interface FromGltfOptions {
  /**
   * Finds the external files a `.gltf` names (buffers and images), by their URI decoded
   * (`my%20tex.png` → `my tex.png`); same contract as the parsers' resolver. Without it only data
   * URIs and the .glb's own buffer are read.
   */
  resolve?: Resolver;
  /** Called for each thing the scene could not take as the glTF says it, besides `scene.warnings`. */
  onWarning?: (warning: Warning) => void;
}
