// LOD weight records (docs/formats/lod.md, PntBnWeightType 1) as a record layout for the kernels'
// generic unpackGroupedInfluences: variable-length runs of `boneField; f32 weight` per vertex.
import { unpackGroupedInfluences, type InfluenceLayout, type KernelMode, type RecordGrouping, type UnpackedSkin, type Variant } from '@relic3d/kernels';

export interface LodWeightOptions {
  kernels?: KernelMode;
  variant?: Variant;
  /** Force the TypeScript reference (parity tests, benchmarks). */
  reference?: boolean;
  /** 6-byte records (u16 bone field) for skeletons of more than 127 bones; else 5-byte (u8). */
  wide?: boolean;
}

const NARROW: InfluenceLayout = { strides: [5], joints: [{ offset: 0, type: 'u8' }], weights: [{ offset: 1, type: 'f32' }], idMask: 0x7f };
const WIDE: InfluenceLayout = { strides: [6], joints: [{ offset: 0, type: 'u16' }], weights: [{ offset: 2, type: 'f32' }], idMask: 0x7fff };

/**
 * LOD variable-length weight records (docs/formats/lod.md, PntBnWeightType 1): `recordCount`
 * records of `boneField; f32 weight` (5 or 6 bytes). The low 7 (15) bits of boneField are the
 * bone; the top bit moves to the next vertex after this record, as does reaching `bonesPerVertex`
 * records. Throws RangeError unless exactly `vertexCount` vertices are filled.
 */
export function unpackLodWeights(
  bytes: Uint8Array,
  recordCount: number,
  bonesPerVertex: number,
  vertexCount: number,
  options: LodWeightOptions = {},
): UnpackedSkin {
  if (!(bytes instanceof Uint8Array)) {
    const got = ArrayBuffer.isView(bytes) ? `${(bytes as object).constructor.name}` : Array.isArray(bytes) ? 'array' : typeof bytes;
    throw new TypeError(`bytes must be a Uint8Array, got ${got}`);
  }
  if (!Number.isInteger(bonesPerVertex) || bonesPerVertex < 1 || bonesPerVertex > 0xffff) {
    throw new RangeError(`bonesPerVertex must be in 1..65535, got ${bonesPerVertex}`);
  }
  const grouping: RecordGrouping = { endMask: options.wide ? 0x8000 : 0x80, maxPerVertex: bonesPerVertex };
  return unpackGroupedInfluences(bytes, recordCount, vertexCount, options.wide ? WIDE : NARROW, grouping, {
    kernels: options.reference ? 'js' : options.kernels,
    variant: options.variant,
  });
}
