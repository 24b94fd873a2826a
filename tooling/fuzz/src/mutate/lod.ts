// LOD: a tree of 12-byte chunk headers (ID, i32 Size, i32 Count). Mutations lie about a header
// field, swap an ID for another known one, or move whole chunks (duplicate, drop, swap, nest) with
// the ancestors' sizes fixed up, so the reader gets past the container checks.
import type { Mutator, Random } from '../types.js';
import { lieFor, pick, randInt, setI32, splice, view } from './bytes.js';

const SIGNATURE_LENGTH = 8;
const HEADER = 12;
const CONTAINERS = new Set(['LOD1', 'MAL1', 'TXTL', 'SHDL', 'MSL1', 'ANS1', 'LGS1', 'PXL1', 'CLL1']);
export const LOD_IDS = [
  'LOD1', 'INF1', 'IMG1', 'MAL1', 'MAT1', 'TXTL', 'TXTR', 'SHDL', 'SHDR', 'SKL1', 'ANS1', 'ANM1',
  'MSL1', 'MSH1', 'MAN1', 'MMD1', 'PHS1', 'LGS1', 'LIG1', 'PXL1', 'PXI1', 'CLL1', 'COL1',
] as const;

export interface LodChunk {
  /** Header offset. */
  at: number;
  id: string;
  size: number;
  count: number;
  /** Header offsets of the enclosing chunks, outermost first. */
  ancestors: number[];
}

/** Walks the chunk tree as far as the headers are consistent. */
export function lodChunks(bytes: Uint8Array): LodChunk[] {
  const out: LodChunk[] = [];
  const v = view(bytes);
  const walk = (start: number, end: number, ancestors: number[], depth: number) => {
    let at = start;
    while (at + HEADER <= end && depth < 64) {
      const id = String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
      const size = v.getInt32(at + 4, true);
      const count = v.getInt32(at + 8, true);
      if (size < 0 || at + HEADER + size > end) return;
      out.push({ at, id, size, count, ancestors });
      if (CONTAINERS.has(id)) walk(at + HEADER, at + HEADER + size, [...ancestors, at], depth + 1);
      at += HEADER + size;
    }
  };
  if (bytes.length >= SIGNATURE_LENGTH) walk(SIGNATURE_LENGTH, bytes.length, [], 0);
  return out;
}

/** Adds `delta` to the Size of every ancestor (for structure-preserving moves). */
function fixSizes(bytes: Uint8Array, ancestors: number[], delta: number): Uint8Array {
  const v = view(bytes);
  for (const at of ancestors) v.setInt32(at + 4, v.getInt32(at + 4, true) + delta, true);
  return bytes;
}

function chunkOf(bytes: Uint8Array, random: Random): LodChunk | undefined {
  const chunks = lodChunks(bytes);
  return chunks.length ? pick(random, chunks) : undefined;
}

const sizeLie: Mutator = (bytes, random) => {
  const c = chunkOf(bytes, random);
  if (!c) return undefined;
  const value = random() < 0.5 ? lieFor(random, c.size) : c.size + pick(random, [-12, -4, -1, 1, 4, 12, bytes.length - c.at]);
  return { bytes: setI32(bytes, c.at + 4, value), label: `lod.size ${c.id}@${c.at} ${c.size}→${value}` };
};

const countLie: Mutator = (bytes, random) => {
  const c = chunkOf(bytes, random);
  if (!c) return undefined;
  const value = lieFor(random, c.count);
  return { bytes: setI32(bytes, c.at + 8, value), label: `lod.count ${c.id}@${c.at} ${c.count}→${value}` };
};

const tagLie: Mutator = (bytes, random) => {
  const c = chunkOf(bytes, random);
  if (!c) return undefined;
  const out = bytes.slice();
  const id = random() < 0.8 ? pick(random, LOD_IDS) : c.id.toLowerCase();
  for (let i = 0; i < 4; i++) out[c.at + i] = id.charCodeAt(i);
  return { bytes: out, label: `lod.tag ${c.id}@${c.at}→${id}` };
};

const duplicateChunk: Mutator = (bytes, random) => {
  const c = chunkOf(bytes, random);
  if (!c) return undefined;
  const whole = bytes.slice(c.at, c.at + HEADER + c.size);
  const times = random() < 0.8 ? 1 : 2 + randInt(random, 200);
  const piece = new Uint8Array(whole.length * times);
  for (let t = 0; t < times; t++) piece.set(whole, t * whole.length);
  const out = fixSizes(splice(bytes, c.at + whole.length, 0, piece), c.ancestors, piece.length);
  return { bytes: out, label: `lod.duplicate ${c.id}@${c.at}×${times}` };
};

const dropChunk: Mutator = (bytes, random) => {
  const c = chunkOf(bytes, random);
  if (!c || c.id === 'LOD1') return undefined;
  const out = fixSizes(splice(bytes, c.at, HEADER + c.size), c.ancestors, -(HEADER + c.size));
  return { bytes: out, label: `lod.drop ${c.id}@${c.at}` };
};

/** Moves a chunk into another container (or to the front of its own), fixing both sets of ancestors. */
const nestChunk: Mutator = (bytes, random) => {
  const chunks = lodChunks(bytes);
  const movable = chunks.filter((c) => c.id !== 'LOD1');
  const targets = chunks.filter((c) => CONTAINERS.has(c.id));
  if (!movable.length || !targets.length) return undefined;
  const c = pick(random, movable);
  const target = pick(random, targets);
  if (target.at === c.at || target.ancestors.includes(c.at)) return undefined;
  const whole = bytes.slice(c.at, c.at + HEADER + c.size);
  // Remove first, then insert at the start of the target's data (its offset shifts if it came after).
  let out = fixSizes(splice(bytes, c.at, whole.length), c.ancestors, -whole.length);
  const shift = (at: number) => (at > c.at ? at - whole.length : at);
  const targetAt = shift(target.at);
  out = splice(out, targetAt + HEADER, 0, whole);
  out = fixSizes(out, [...target.ancestors.map(shift), targetAt], whole.length);
  return { bytes: out, label: `lod.nest ${c.id}@${c.at} into ${target.id}@${target.at}` };
};

const swapSiblings: Mutator = (bytes, random) => {
  const chunks = lodChunks(bytes);
  const c = pick(random, chunks);
  if (!c) return undefined;
  const parent = c.ancestors.at(-1);
  const next = chunks.find((d) => d.at === c.at + HEADER + c.size && d.ancestors.at(-1) === parent);
  if (!next) return undefined;
  const a = bytes.slice(c.at, c.at + HEADER + c.size);
  const b = bytes.slice(next.at, next.at + HEADER + next.size);
  const out = bytes.slice();
  out.set(b, c.at);
  out.set(a, c.at + b.length);
  return { bytes: out, label: `lod.swap ${c.id}@${c.at} with ${next.id}` };
};

/** An i32 inside a chunk's data that looks like a count or a string length. */
const dataCountLie: Mutator = (bytes, random) => {
  const c = chunkOf(bytes, random);
  if (!c || c.size < 4 || CONTAINERS.has(c.id)) return undefined;
  const v = view(bytes);
  const start = c.at + HEADER;
  for (let t = 0; t < 64; t++) {
    const at = start + randInt(random, c.size - 3);
    const n = v.getInt32(at, true);
    if (n >= 0 && n <= 1 << 20) {
      const value = lieFor(random, n);
      return { bytes: setI32(bytes, at, value), label: `lod.field ${c.id}+${at - start} ${n}→${value}` };
    }
  }
  return undefined;
};

export const lodMutators: Mutator[] = [sizeLie, countLie, tagLie, duplicateChunk, dropChunk, nestChunk, swapSiblings, dataCountLie];
