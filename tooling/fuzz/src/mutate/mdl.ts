// MDL (Ultra Model / G3D): 4-character tags inline, each followed by counts, sizes or
// length-prefixed strings. Mutations swap tags, lie in the field after a tag, and lie in string
// lengths; the version field too.
import type { Mutator, Random } from '../types.js';
import { lieFor, pick, randInt, setI32, view } from './bytes.js';

export const MDL_TAGS = ['NODE', 'LOD_', 'MESH', 'SKEL', 'ATCH', 'ASET', 'PHYS', 'KIDS', 'COLL', 'PICK', 'PRIM', 'MSET', 'MORP', 'BONE', 'ANIM', 'PART', 'BOX_', 'CYLI'] as const;
const TAG_SET = new Set<string>(MDL_TAGS);

/** Offsets of known tags (a full scan: MDL inputs are at most a few hundred KB). */
export function mdlTags(bytes: Uint8Array): { at: number; tag: string }[] {
  const out: { at: number; tag: string }[] = [];
  for (let at = 0; at + 4 <= bytes.length; at++) {
    const c = bytes[at];
    if (c < 0x41 || c > 0x5a) continue;
    const tag = String.fromCharCode(c, bytes[at + 1], bytes[at + 2], bytes[at + 3]);
    if (TAG_SET.has(tag)) out.push({ at, tag });
  }
  return out;
}

function tagOf(bytes: Uint8Array, random: Random) {
  const tags = mdlTags(bytes);
  return tags.length ? pick(random, tags) : undefined;
}

const tagLie: Mutator = (bytes, random) => {
  const t = tagOf(bytes, random);
  if (!t) return undefined;
  const out = bytes.slice();
  const tag = random() < 0.85 ? pick(random, MDL_TAGS) : t.tag.toLowerCase();
  for (let i = 0; i < 4; i++) out[t.at + i] = tag.charCodeAt(i);
  return { bytes: out, label: `mdl.tag ${t.tag}@${t.at}→${tag}` };
};

/** The i32 right after a tag (a count, a size, a string length or polyVerts), or the one after the LOD_ distance. */
const afterTagLie: Mutator = (bytes, random) => {
  const t = tagOf(bytes, random);
  if (!t) return undefined;
  const at = t.at + 4 + (t.tag === 'LOD_' ? 4 : 0) + (random() < 0.25 ? 4 : 0);
  if (at + 4 > bytes.length) return undefined;
  const old = view(bytes).getInt32(at, true);
  const value = lieFor(random, old);
  return { bytes: setI32(bytes, at, value), label: `mdl.field ${t.tag}+${at - t.at} ${old}→${value}` };
};

/** An i32 length followed by that many printable bytes: a length-prefixed string. */
const stringLengthLie: Mutator = (bytes, random) => {
  // An earlier stacked mutation may have cut the input below one i32.
  if (bytes.length < 4) return undefined;
  const v = view(bytes);
  for (let t = 0; t < 400; t++) {
    const at = randInt(random, bytes.length - 3);
    const n = v.getInt32(at, true);
    if (n < 1 || n > 512 || at + 4 + n > bytes.length) continue;
    let printable = true;
    for (let i = 0; i < n && printable; i++) printable = bytes[at + 4 + i] >= 0x20 && bytes[at + 4 + i] < 0x7f;
    if (!printable) continue;
    const value = random() < 0.5 ? n + pick(random, [-1, 1, 4, 1000]) : lieFor(random, n);
    return { bytes: setI32(bytes, at, value), label: `mdl.strlen@${at} ${n}→${value}` };
  }
  return undefined;
};

const versionLie: Mutator = (bytes, random) => {
  const at = bytes[0] === 0x55 ? 12 : 4; // 'Ultra Model\0' or 'G3D\0'
  if (at + 4 > bytes.length) return undefined;
  const value = pick(random, [100, 299, 300, 301, 302, 303, 0, -1, 0x7fffffff]);
  return { bytes: setI32(bytes, at, value), label: `mdl.version→${value}` };
};

export const mdlMutators: Mutator[] = [tagLie, afterTagLie, afterTagLie, stringLengthLie, versionLie];
