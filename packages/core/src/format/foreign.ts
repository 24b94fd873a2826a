import { printable } from '../io/byte-reader.js';
import { FormatError } from '../io/errors.js';

/** A file format we do not read but can name, so users learn what they fed us. */
export interface ForeignSignature {
  /** e.g. 'Quake 1 MDL (IDPO v6)'. */
  describe(bytes: Uint8Array): string | undefined;
  /** Extensions it is commonly confused under. */
  extensions: string[];
  /** What to do instead, e.g. 'open its .o3d' for a companion file opened alone. */
  advice?: string;
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(bytes.length, start + length)));
const i32 = (bytes: Uint8Array, at: number) =>
  at + 4 <= bytes.length ? new DataView(bytes.buffer, bytes.byteOffset + at, 4).getInt32(0, true) : undefined;

const f32 = (bytes: Uint8Array, at: number) =>
  at + 4 <= bytes.length ? new DataView(bytes.buffer, bytes.byteOffset + at, 4).getFloat32(0, true) : undefined;

/** A NUL-terminated bone name of `length` bytes (NUL included) at `at`: printable ASCII, then the NUL. */
function boneNameAt(bytes: Uint8Array, at: number, length: number | undefined): boolean {
  if (length === undefined || length < 2 || length > 32 || at + length > bytes.length || bytes[at + length - 1] !== 0) return false;
  for (let i = at; i < at + length - 1; i++) if (bytes[i] < 0x20 || bytes[i] > 0x7e) return false;
  return true;
}

/**
 * Flyff `.chr` skeleton (docs/formats/o3d.md §3): version 4–7, a bone count, then the first bone's
 * name length (NUL included, ≤ 32 in the client) and a printable name ending in NUL, and room for
 * its three matrices.
 */
function isFlyffSkeleton(b: Uint8Array): boolean {
  const version = i32(b, 0) ?? 0;
  const bones = i32(b, 8) ?? 0;
  const nameLength = i32(b, 12);
  return version >= 4 && version <= 7 && bones >= 1 && bones <= 1024 && boneNameAt(b, 16, nameLength) && 16 + nameLength! + 3 * 64 <= b.length;
}

/**
 * Flyff `.ani` motion (o3d.md §4.1): version 10, a finite perSlerp, 32 reserved zero bytes, then
 * bone and frame counts that are positive and small.
 */
function isFlyffMotion(b: Uint8Array): boolean {
  if (i32(b, 0) !== 10 || b.length < 56 || !Number.isFinite(f32(b, 8))) return false;
  for (let i = 12; i < 44; i++) if (b[i] !== 0) return false;
  const bones = i32(b, 44) ?? 0;
  const frames = i32(b, 48) ?? 0;
  return bones >= 1 && bones <= 1024 && frames >= 1 && frames <= 1 << 20;
}

/** Known formats that share an extension with ours (see docs/formats/mdl.md §1.1 and o3d.md §9). */
export const foreignSignatures: ForeignSignature[] = [
  {
    extensions: ['.ani'],
    describe: (b) => (isFlyffMotion(b) ? 'Flyff motion (.ani)' : undefined),
    advice: 'open its .o3d, which loads the motions beside it',
  },
  {
    extensions: ['.chr'],
    describe: (b) => (isFlyffSkeleton(b) ? 'Flyff skeleton (.chr)' : undefined),
    advice: 'open its .o3d, which loads the skeleton beside it',
  },
  {
    extensions: ['.mdl'],
    describe: (b) => (ascii(b, 0, 4) === 'IDPO' ? `Quake 1 MDL (IDPO v${i32(b, 4)})` : undefined),
  },
  {
    extensions: ['.mdl'],
    describe: (b) => {
      if (ascii(b, 0, 4) !== 'IDST') return undefined;
      const v = i32(b, 4) ?? 0;
      if (v === 10) return 'Half-Life 1 MDL (IDST v10)';
      if (v >= 44 && v <= 59) return `Source engine MDL (IDST v${v}), which needs its .vvd/.vtx companions`;
      return `Valve studio model (IDST v${v})`;
    },
  },
  {
    extensions: ['.mdl'],
    describe: (b) => (ascii(b, 0, 4) === 'IDSQ' ? 'Half-Life 1 sequence group file; load the main model instead' : undefined),
  },
  {
    extensions: ['.mdl'],
    describe: (b) =>
      i32(b, 0) === 1 && i32(b, 4) === 1 && i32(b, 8) === 4 && (i32(b, 12) === 1 || i32(b, 12) === 2)
        ? `Leadwerks 3/4 MDL (chunk format, version ${i32(b, 12)})`
        : undefined,
  },
  {
    extensions: [],
    describe: (b) => (ascii(b, 0, 23) === 'version https://git-lfs' ? 'Git LFS pointer, not model data (fetch the real file with git lfs)' : undefined),
  },
  {
    extensions: ['.mdl'],
    describe: (b) => (/^MDL[357]$/.test(ascii(b, 0, 4)) ? `3D GameStudio model (${ascii(b, 0, 4)})` : undefined),
  },
  {
    extensions: ['.mdl'],
    describe: (b) => (ascii(b, 0, 4) === 'UMDL' || ascii(b, 0, 4) === 'UMD2' ? `Urho3D model (${ascii(b, 0, 4)})` : undefined),
  },
  {
    extensions: ['.o3d'],
    // OMSI bus-simulator models start 84 19 and a small version byte.
    describe: (b) => (b.length >= 3 && b[0] === 0x84 && b[1] === 0x19 ? 'OMSI .o3d (bus simulator), not a Flyff O3D' : undefined),
  },
  {
    extensions: ['.ase'],
    describe: (b) => (ascii(b, 0, 4) === 'ASEF' ? 'Adobe Swatch Exchange colour palette (ASEF)' : undefined),
  },
  {
    extensions: ['.mdl'],
    // MATLAB Simulink saves block diagrams as text .mdl: `Model {` or `Library {` after optional
    // blank lines (docs/formats/mdl.md §1.1).
    describe: (b) => {
      const head = ascii(b, 0, 64).replace(/^\uFEFF/, '');
      const block = /^\s*(Model|Library)\s*\{/.exec(head)?.[1];
      return block ? `MATLAB Simulink ${block === 'Model' ? 'model' : 'library'} (text .mdl), not an Ultra Engine model` : undefined;
    },
  },
  {
    extensions: ['.mdl'],
    describe: (b) => {
      const head = ascii(b, 0, 16);
      return /^(\/\/|Version|newmodel|#|MDLX)/.test(head) ? 'text MDL (Warcraft III / Neverwinter Nights), not an Ultra Engine model' : undefined;
    },
  },
  {
    extensions: ['.mdl'],
    // Weakest signature, so it comes last: NWN/KotOR binary models start with a zero u32 and
    // give the model data size next.
    describe: (b) =>
      b.length >= 12 && i32(b, 0) === 0 && (i32(b, 4) ?? 0) > 0 && (i32(b, 4) ?? 0) <= b.length
        ? 'Neverwinter Nights / KotOR binary MDL'
        : undefined,
  },
];

/** Names a foreign format the bytes belong to, or undefined. */
export function identifyForeign(bytes: Uint8Array): string | undefined {
  return matchForeign(bytes)?.name;
}

function matchForeign(bytes: Uint8Array): { name: string; advice?: string } | undefined {
  for (const sig of foreignSignatures) {
    const name = sig.describe(bytes);
    if (name) return { name, advice: sig.advice };
  }
  return undefined;
}

/** The error for bytes that are not `formatName`: names the real format when it is known. */
export function foreignError(bytes: Uint8Array, format: string, expected: string, formatName?: string): FormatError {
  if (bytes.length === 0) {
    return new FormatError({ format, offset: 0, expected, found: 'an empty file', code: 'EMPTY' });
  }
  const match = matchForeign(bytes);
  const head = printable(String.fromCharCode(...bytes.subarray(0, 16)));
  if (match) {
    const foreign = match.name;
    return new FormatError({
      format,
      offset: 0,
      expected,
      found: foreign,
      code: 'FOREIGN_FORMAT',
      // Advice (a companion opened alone) says what to do; first bytes would add nothing to it.
      message: `this is ${article(foreign)} ${foreign}${formatName ? `, not ${article(formatName)} ${formatName}` : ''}${match.advice ? `; ${match.advice}` : ` (first bytes '${head}')`}`,
    });
  }
  return new FormatError({ format, offset: 0, expected, found: `'${head}'`, code: 'UNKNOWN_FORMAT' });
}

/**
 * The check every reader makes when its own signature does not match: empty bytes and formats we
 * can name (a Git LFS pointer, a Quake MDL, a palette named .ase, …) throw the `foreignError` that
 * says what they are. Otherwise it returns, and the reader reports its own mismatch.
 */
export function rejectForeign(bytes: Uint8Array, format: string, expected: string, formatName?: string): void {
  if (bytes.length === 0 || identifyForeign(bytes)) throw foreignError(bytes, format, expected, formatName);
}

export function article(noun: string): string {
  return /^[AEIOU]/i.test(noun) ? 'an' : 'a';
}
