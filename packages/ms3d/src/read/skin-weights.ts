// MS3D vertex influences (docs/formats/ms3d.md §5.5) as a record layout for the kernels' generic
// unpackInfluences: each vertex's own boneId, then the vertex-extra section's 3 bone ids and 3
// percent weights, the 4th weight being 100 minus the other three.
import { unpackInfluences, type InfluenceLayout, type KernelMode, type UnpackedSkin, type Variant } from '@relic3d/kernels';

export interface Ms3dWeightOptions {
  kernels?: KernelMode;
  variant?: Variant;
  /** Force the TypeScript reference (parity tests, benchmarks). */
  reference?: boolean;
  /** Bind unskinned vertices (boneId −1) fully to this joint instead of leaving zero weights. */
  rigidJoint?: number;
}

/** Stream 0: the boneIds (1 byte per vertex); stream 1: the extra records. */
function layout(extraStride: number | undefined): InfluenceLayout {
  if (extraStride === undefined) return { strides: [1], joints: [{ offset: 0, type: 'i8' }], weights: [], remainder: 100, weightDivisor: 100 };
  return {
    strides: [1, extraStride],
    joints: [
      { offset: 0, type: 'i8' },
      { stream: 1, offset: 0, type: 'i8' },
      { stream: 1, offset: 1, type: 'i8' },
      { stream: 1, offset: 2, type: 'i8' },
    ],
    weights: [
      { stream: 1, offset: 3, type: 'u8' },
      { stream: 1, offset: 4, type: 'u8' },
      { stream: 1, offset: 5, type: 'u8' },
    ],
    remainder: 100,
    weightDivisor: 100,
  };
}

function typeError(name: string, what: string, value: unknown): TypeError {
  const got = ArrayBuffer.isView(value) ? `${value.constructor.name}(${(value as { length?: number }).length ?? value.byteLength})` : Array.isArray(value) ? `array(${value.length})` : typeof value;
  return new TypeError(`${name} must be ${what}, got ${got}`);
}

/** The boneIds as i8 bytes, whatever number array they came in (values wrap as i8, as stored). */
function boneIdBytes(boneIds: ArrayLike<number>): Uint8Array {
  if (boneIds instanceof Int8Array || boneIds instanceof Uint8Array) return new Uint8Array(boneIds.buffer, boneIds.byteOffset, boneIds.length);
  if (!Array.isArray(boneIds) && !(ArrayBuffer.isView(boneIds) && !(boneIds instanceof DataView) && !(boneIds instanceof BigInt64Array) && !(boneIds instanceof BigUint64Array))) {
    throw typeError('boneIds', 'an array or a typed array of numbers', boneIds);
  }
  const bytes = new Int8Array(boneIds.length);
  bytes.set(boneIds);
  return new Uint8Array(bytes.buffer);
}

/**
 * MS3D (docs/formats/ms3d.md §5.5): `boneIds` is each vertex's own boneId (i8); `extra` the
 * vertex-extra section (`i8 boneIds[3]; u8 weights[3]` + 0/4/8 bytes, `extraStride` 6/10/14) or
 * undefined. Slot 0 is the vertex's bone with weight w0, slots 1–3 the extra bones with w1, w2 and
 * 100 − (w0+w1+w2); only the leading run of valid slots (bone in [0, jointCount), weight > 0)
 * counts; no valid slot → 100 % on the vertex's bone, unless that bone is invalid (unskinned).
 */
export function unpackMs3dWeights(
  boneIds: ArrayLike<number>,
  extra: Uint8Array | undefined,
  extraStride: number,
  jointCount: number,
  options: Ms3dWeightOptions = {},
): UnpackedSkin {
  if (extra !== undefined && !(extra instanceof Uint8Array)) throw typeError('extra', 'a Uint8Array', extra);
  const ids = boneIdBytes(boneIds);
  const streams = extra ? [ids, extra] : [ids];
  const rules = { jointCount, invalid: 'truncate', unweighted: 'firstValid', rigidJoint: options.rigidJoint } as const;
  const records = layout(extra ? extraStride : undefined);
  return unpackInfluences(streams, ids.length, records, { ...rules, kernels: options.reference ? 'js' : options.kernels, variant: options.variant });
}
