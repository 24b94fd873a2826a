import { computeBounds as coreComputeBounds, type Bounds, type BoundsOptions, type Scene, type SkinFunction } from '@relic3d/core';
import { skinVertices } from '@relic3d/kernels';

/**
 * `computeBounds` from core with skinned meshes posed by the skinning kernel (WASM once
 * `ready()` has resolved, else TypeScript; `kernels: 'js'` forces TypeScript).
 */
export function computeBounds(scene: Scene, options: BoundsOptions & { kernels?: 'wasm' | 'js' } = {}): Bounds {
  const skin: SkinFunction = (positions, joints, weights, jointMatrices, out) =>
    skinVertices(positions, joints, weights, jointMatrices, out, undefined, undefined, { kernels: options.kernels });
  return coreComputeBounds(scene, { skin, ...options });
}
