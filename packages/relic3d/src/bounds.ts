import type { SkinFunction } from '@relic3d/core';
import { skinVertices } from '@relic3d/kernels';

/**
 * The skinning kernel as core's `computeBounds` takes it (`{ skin: kernelSkinning() }`): WASM once
 * `ready()` has resolved, else TypeScript; `kernels: 'js'` forces TypeScript.
 */
export function kernelSkinning(options: { kernels?: 'wasm' | 'js' } = {}): SkinFunction {
  return (positions, joints, weights, jointMatrices, out) =>
    skinVertices(positions, joints, weights, jointMatrices, out, undefined, undefined, { kernels: options.kernels });
}
