// O3D and its companions. The model header is walked up to its first counts (perSlerp, frame and
// event counts, the LOD flag and bone count); the .chr skeleton's and .ani motion's bone records
// give parent indices to make cycles with, and their counts and perSlerp to lie about.
import type { Mutator, Random } from '../types.js';
import { HOSTILE_FLOATS, lieFor, pick, randInt, setI32, view } from './bytes.js';

interface Field {
  at: number;
  what: string;
  type: 'i32' | 'f32';
}

/** Header fields of an .o3d up to the collision flag (spec o3d.md §2.1). */
export function o3dHeaderFields(bytes: Uint8Array): Field[] {
  if (bytes.length < 1) return [];
  let at = 1 + bytes[0];
  if (at + 8 > bytes.length) return [];
  const version = view(bytes).getInt32(at, true);
  const fields: Field[] = [{ at, what: 'version', type: 'i32' }];
  at += 8 + (version >= 22 ? 48 : 24) + 8 + 16 + 24;
  fields.push({ at, what: 'perSlerp', type: 'f32' }, { at: at + 4, what: 'frame count', type: 'i32' }, { at: at + 8, what: 'event count', type: 'i32' });
  return fields.filter((f) => f.at + 4 <= bytes.length);
}

/** Bone records of a .chr: count and each bone's parent index (spec o3d.md §3). */
export function chrFields(bytes: Uint8Array): { count: Field[]; parents: Field[] } {
  const v = view(bytes);
  const count: Field[] = [{ at: 0, what: 'version', type: 'i32' }, { at: 8, what: 'bone count', type: 'i32' }];
  const parents: Field[] = [];
  if (bytes.length < 12) return { count: [], parents };
  const n = v.getInt32(8, true);
  let at = 12;
  for (let b = 0; b < n && b < 512 && at + 4 <= bytes.length; b++) {
    const len = v.getInt32(at, true);
    if (len < 0 || len > 32) break;
    count.push({ at, what: `bone ${b} name length`, type: 'i32' });
    at += 4 + len + 192;
    if (at + 4 > bytes.length) break;
    parents.push({ at, what: `bone ${b} parent`, type: 'i32' });
    at += 4;
  }
  return { count: count.filter((f) => f.at + 4 <= bytes.length), parents };
}

/** Header fields of an .ani and its motion bones' parents (spec o3d.md §4). */
export function aniFields(bytes: Uint8Array): { count: Field[]; parents: Field[] } {
  const v = view(bytes);
  const count: Field[] = [
    { at: 0, what: 'version', type: 'i32' },
    { at: 8, what: 'perSlerp', type: 'f32' },
    { at: 44, what: 'bone count', type: 'i32' },
    { at: 48, what: 'frame count', type: 'i32' },
    { at: 52, what: 'path flag', type: 'i32' },
  ].filter((f) => f.at + 4 <= bytes.length) as Field[];
  const parents: Field[] = [];
  if (bytes.length < 56) return { count, parents };
  const bones = v.getInt32(44, true);
  const frames = v.getInt32(48, true);
  let at = 56 + (v.getInt32(52, true) !== 0 ? Math.max(0, frames) * 12 : 0);
  for (let b = 0; b < bones && b < 512 && at + 4 <= bytes.length; b++) {
    const len = v.getInt32(at, true);
    if (len < 0 || len > 32) break;
    at += 4 + len + 128;
    if (at + 4 > bytes.length) break;
    parents.push({ at, what: `motion bone ${b} parent`, type: 'i32' });
    at += 4;
  }
  if (at + 4 <= bytes.length) count.push({ at, what: 'motion pool size', type: 'i32' });
  return { count, parents };
}

function lie(bytes: Uint8Array, f: Field, random: Random, prefix: string): { bytes: Uint8Array; label: string } {
  if (f.type === 'f32') {
    const out = bytes.slice();
    const x = random() < 0.7 ? pick(random, HOSTILE_FLOATS) : pick(random, [1e-38, 1e-20, 0.5, 2, 100]);
    view(out).setFloat32(f.at, x, true);
    return { bytes: out, label: `${prefix} ${f.what}@${f.at}→${x}` };
  }
  const old = view(bytes).getInt32(f.at, true);
  const x = f.what === 'version' ? pick(random, [4, 5, 6, 7, 8, 9, 10, 11, 19, 20, 21, 22, 23]) : lieFor(random, old);
  return { bytes: setI32(bytes, f.at, x), label: `${prefix} ${f.what}@${f.at} ${old}→${x}` };
}

/** A parent lie: itself, a later bone (a cycle when that bone descends from this one), −2 or past the end. */
function parentLie(bytes: Uint8Array, parents: Field[], random: Random, prefix: string): { bytes: Uint8Array; label: string } | undefined {
  if (!parents.length) return undefined;
  const k = randInt(random, parents.length);
  const x = pick(random, [k, k + 1, parents.length - 1, parents.length, -2, 0x7fffffff]);
  return { bytes: setI32(bytes, parents[k].at, x), label: `${prefix} bone ${k} parent→${x}` };
}

const o3dHeaderLie: Mutator = (bytes, random) => {
  const fields = o3dHeaderFields(bytes);
  return fields.length ? lie(bytes, pick(random, fields), random, 'o3d') : undefined;
};

export const o3dMutators: Mutator[] = [o3dHeaderLie];

/** Mutators for the .chr and .ani companions (chosen by the file's extension). */
export function companionMutators(name: string): Mutator[] {
  const fields = /\.chr$/i.test(name) ? chrFields : aniFields;
  const prefix = /\.chr$/i.test(name) ? 'chr' : 'ani';
  return [
    (bytes, random) => {
      const { count } = fields(bytes);
      return count.length ? lie(bytes, pick(random, count), random, prefix) : undefined;
    },
    (bytes, random) => parentLie(bytes, fields(bytes).parents, random, prefix),
  ];
}
