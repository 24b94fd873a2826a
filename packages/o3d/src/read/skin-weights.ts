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
 * multiple of 3 or beyond the palette throws RangeError. A vertex with no weight is unskinned.
 */
export function unpackO3dWeights(records: Uint8Array, count: number, palette?: ArrayLike<number>, options: O3dWeightOptions = {}): UnpackedSkin {
  if (!(records instanceof Uint8Array)) {
    const got = ArrayBuffer.isView(records) ? `${(records as object).constructor.name}` : typeof records;
    throw new TypeError(`records must be a Uint8Array, got ${got}`);
  }
  try {
    return unpackInfluences([records], count, layout(options.stride ?? 44), {
      palette,
      invalid: 'throw',
      unweighted: 'unskinned',
      kernels: options.reference ? 'js' : options.kernels,
      variant: options.variant,
    });
  } catch (error) {
    if (!(error instanceof InvalidInfluence)) throw error;
    throw new RangeError(`vertex ${error.vertex}: bone index ${error.id} is not a palette slot × 3 of a ${palette?.length ?? 'global'} palette`);
  }
}

/** The two weight columns (f32 pairs, stream 0) and bone-index columns (u16 pairs, stream 1) of decoded skin vertices. */
const COLUMN_LAYOUT: InfluenceLayout = {
  strides: [8, 4],
  joints: [{ offset: 0, type: 'u16', stream: 1 }, { offset: 2, type: 'u16', stream: 1 }],
  weights: [{ offset: 0, type: 'f32', stream: 0 }, { offset: 4, type: 'f32', stream: 0 }],
  idDivisor: 3,
};

/**
 * {@link unpackO3dWeights} over decoded columns (two weights and two stored indices per vertex, as
 * the reader splits them), with joints at or past `boneCount` refused like bad slots: the kernel
 * reads 12 bytes a vertex instead of whole records.
 */
export function unpackO3dWeightColumns(
  weights: Float32Array,
  boneIndices: Uint16Array,
  count: number,
  palette: ArrayLike<number> | undefined,
  boneCount: number,
  options: O3dWeightOptions = {},
): UnpackedSkin {
  const streams = [bytesOf(weights), bytesOf(boneIndices)];
  try {
    return unpackInfluences(streams, count, COLUMN_LAYOUT, {
      palette,
      jointCount: boneCount,
      invalid: 'throw',
      unweighted: 'unskinned',
      kernels: options.reference ? 'js' : options.kernels,
      variant: options.variant,
    });
  } catch (error) {
    if (!(error instanceof InvalidInfluence)) throw error;
    throw new RangeError(`vertex ${error.vertex}: bone index ${error.id} is not a palette slot × 3 naming one of ${boneCount} bones`);
  }
}

function bytesOf(a: Float32Array | Uint16Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}
