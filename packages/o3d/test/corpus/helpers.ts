// Shared for the O3D corpus tests: the corpus listing, MANIFEST note parsing and Direct3D row-vector math.
/**
 * Every corpus file, checked against facts from an independent read: the MANIFEST notes (measured by
 * a separate tool), an XOR name decode and a texture-name scan written here, and a Direct3D
 * row-vector skinning reference (spec §5) computed from the raw structures.
 */
import { corpusFiles } from '@relic3d/test-harness';

export const entries = corpusFiles('o3d');
export const o3ds = entries.filter((e) => /\.o3d$/i.test(e.file));
export const chrs = entries.filter((e) => /\.chr$/i.test(e.file));
export const anis = entries.filter((e) => /\.ani$/i.test(e.file));
export const listing = entries.map((e) => e.file);
export const num = (note: string, re: RegExp) => {
  const m = re.exec(note);
  return m ? Number(m[1]) : undefined;
};
export const list = (s: string) => s.split(',').map((x) => Number(x.trim()));
export const skinned = o3ds.filter((e) => /skinned=yes/.test(e.note));

// Direct3D row-vector math (spec §5), shared by the posing and placement references.
export type RowMat = Float64Array;
export const rowMul = (a: ArrayLike<number>, b: ArrayLike<number>): RowMat => {
  const out = new Float64Array(16);
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) {
    let s = 0;
    for (let k = 0; k < 4; k++) s += a[r * 4 + k] * b[k * 4 + c];
    out[r * 4 + c] = s;
  }
  return out;
};
/** D3DX quaternion → row-vector rotation, row 3 = position (spec §5.1). */
export const keyMatrix = (k: ArrayLike<number>, o: number): RowMat => {
  const [x, y, z, w] = [k[o], k[o + 1], k[o + 2], k[o + 3]];
  return Float64Array.from([
    1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
    2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
    2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
    k[o + 4], k[o + 5], k[o + 6], 1,
  ]);
};

/** The stored row-vector matrix mirrored (F · M · F) and read column-major, computed here. */
export const mirrored = (m: ArrayLike<number>) => Array.from({ length: 16 }, (_, k) => ((k >> 2 === 2) !== ((k & 3) === 2) ? -m[k] : m[k]));
