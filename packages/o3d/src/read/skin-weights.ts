// O3D skin vertices (docs/formats/o3d.md §2.3) as a record layout for the kernels' generic
// unpackInfluences: two f32 weights and two u16 bone indices, each a palette slot × 3.
import { InvalidInfluence, unpackInfluences, type InfluenceLayout, type KernelMode, type UnpackedSkin, type Variant } from '@relic3d/kernels';

export interface O3dWeightOptions {
  kernels?: KernelMode;
  variant?: Variant;
  /** Force the TypeScript reference (parity tests, benchmarks). */
  reference?: boolean;
  /** Record size: 44 (skin vertex) by default. */
  stride?: number;
  /** Vertex v reads record `records[v]` (a material block's vertices, read in place), not record v. */
  records?: Uint32Array;
  /** Bones of the skeleton: a weighted index naming a bone at or past it is refused like a bad slot. */
  jointCount?: number;
}

function layout(stride: number): InfluenceLayout {
  return {
    strides: [stride],
    joints: [{ offset: 20, type: 'u16' }, { offset: 22, type: 'u16' }],
    weights: [{ offset: 12, type: 'f32' }, { offset: 16, type: 'f32' }],
    idDivisor: 3,
  };
}

/**
 * O3D skin vertices (docs/formats/o3d.md §2.3): w1 (f32 at 12), w2 (f32 at 16), idxA/idxB (u16 at
 * 20/22), each a palette slot × 3. With a `palette`, joint = palette[idx / 3]; without, joint =
 * idx / 3. An index with zero weight is ignored (often stale). A weighted index that is not a
 * multiple of 3, beyond the palette or naming a bone past `jointCount` throws RangeError. A vertex
 * with no weight is unskinned. The kernels read the records where they are (no column copies).
 */
export function unpackO3dWeights(records: Uint8Array, count: number, palette?: ArrayLike<number>, options: O3dWeightOptions = {}): UnpackedSkin {
  if (!(records instanceof Uint8Array)) {
    const got = ArrayBuffer.isView(records) ? `${(records as object).constructor.name}` : typeof records;
    throw new TypeError(`records must be a Uint8Array, got ${got}`);
  }
  try {
    return unpackInfluences([records], count, layout(options.stride ?? 44), {
      palette,
      jointCount: options.jointCount,
      records: options.records,
      invalid: 'throw',
      unweighted: 'unskinned',
      kernels: options.reference ? 'js' : options.kernels,
      variant: options.variant,
    });
  } catch (error) {
    if (!(error instanceof InvalidInfluence)) throw error;
    const bones = options.jointCount === undefined ? '' : ` naming one of ${options.jointCount} bones`;
    throw new RangeError(`vertex ${error.vertex}: bone index ${error.id} is not a palette slot × 3 of a ${palette?.length ?? 'global'} palette${bones}`);
  }
}
