// MDL byte weights (docs/formats/mdl.md §2.5/§5.7) as a record layout for the kernels' generic
// unpackInfluences: four u16 bone ids and four u8 weights (/ 255) per vertex record.
import { unpackInfluences, type InfluenceLayout, type KernelMode, type UnpackedSkin, type Variant } from '@relic3d/kernels';

export interface UnpackOptions {
  kernels?: KernelMode;
  variant?: Variant;
  /** Force the TypeScript reference (parity tests, benchmarks). */
  reference?: boolean;
  /** Bones of the skeleton: a weight naming a bone at or past it is dropped. */
  jointCount?: number;
}

function layout(stride: number, jointsOffset: number, weightsOffset: number): InfluenceLayout {
  return {
    strides: [stride],
    joints: [0, 1, 2, 3].map((k) => ({ offset: jointsOffset + k * 2, type: 'u16' as const })),
    weights: [0, 1, 2, 3].map((k) => ({ offset: weightsOffset + k, type: 'u8' as const })),
    weightDivisor: 255,
  };
}

/**
 * MDL byte weights (docs/formats/mdl.md §2.5/§5.7): u16[4] bone ids at `jointsOffset`, u8[4]
 * weights at `weightsOffset` of each `stride`-byte record, read in place; weight / 255,
 * renormalised; weights naming a bone at or past `jointCount` dropped. All-zero weights = unskinned.
 */
export function unpackByteWeights(
  records: Uint8Array,
  stride: number,
  count: number,
  jointsOffset: number,
  weightsOffset: number,
  options: UnpackOptions = {},
): UnpackedSkin {
  if (!(records instanceof Uint8Array)) {
    const got = ArrayBuffer.isView(records) ? `${(records as object).constructor.name}` : typeof records;
    throw new TypeError(`records must be a Uint8Array, got ${got}`);
  }
  return unpackInfluences([records], count, layout(stride, jointsOffset, weightsOffset), {
    jointCount: options.jointCount,
    unweighted: 'unskinned',
    kernels: options.reference ? 'js' : options.kernels,
    variant: options.variant,
  });
}

/** Decoded columns: four u16 bone ids (stream 0, 8 bytes) and four u8 weights (stream 1, 4 bytes) a vertex. */
const COLUMN_LAYOUT: InfluenceLayout = {
  strides: [8, 4],
  joints: [0, 1, 2, 3].map((k) => ({ offset: k * 2, type: 'u16' as const, stream: 0 })),
  weights: [0, 1, 2, 3].map((k) => ({ offset: k, type: 'u8' as const, stream: 1 })),
  weightDivisor: 255,
};

/**
 * {@link unpackByteWeights} over the decoded id and weight columns, with weights naming a bone at or
 * past `boneCount` dropped: the kernel reads 12 bytes a vertex instead of whole records.
 */
export function unpackByteWeightColumns(boneIds: Uint16Array, boneWeights: Uint8Array, count: number, boneCount: number, options: UnpackOptions = {}): UnpackedSkin {
  const ids = new Uint8Array(boneIds.buffer, boneIds.byteOffset, boneIds.byteLength);
  return unpackInfluences([ids, boneWeights], count, COLUMN_LAYOUT, {
    jointCount: boneCount,
    invalid: 'skip',
    unweighted: 'unskinned',
    kernels: options.reference ? 'js' : options.kernels,
    variant: options.variant,
  });
}
