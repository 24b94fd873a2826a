/** The model's box at rest (the O3D header's, docs/formats/o3d.md §2.1): core's `computeBounds`. */
import { computeBounds, type Bounds, type Scene, type SkinFunction } from '@relic3d/core';
import { skinVertices } from '@relic3d/kernels';

/**
 * The kernels' TypeScript skinning (their checks, then core's `skinVerticesReference`, which blends only
 * the 12 matrix entries a position uses, in locals). Never WASM: its skinning differs in the last bits,
 * and written bytes must not depend on whether WASM happened to be ready.
 */
export const skinPositions: SkinFunction = (positions, joints, weights, matrices, out) =>
  skinVertices(positions, joints, weights, matrices, out, undefined, undefined, { kernels: 'js' });

/** The box of the scene at rest. */
export function restBounds(scene: Scene): Bounds {
  try {
    return computeBounds(scene, { skin: skinPositions });
  } catch {
    // The kernels refused the data: the reference skinning.
    return computeBounds(scene);
  }
}
