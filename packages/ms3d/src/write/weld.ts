// Render vertices → file vertices (see mesh.ts): a file vertex is a stored vertex (when known), a
// position and packed influences, all compared by their bits; it may serve several corners of a
// group, but never two render vertices with the same normal and UV (they would read back as one).
// Open-addressing hash on typed arrays: a string key per vertex costs more than the rest of a write.
// Keys with a stored vertex (scenes read from MS3D) are not hashed: each stored vertex lists its
// file vertices of distinct keys, usually one, so a weld is an array read and one key compare.

import { keepMapAlive } from '@relic3d/core';

const KEY = 6; // source, x, y, z bits, packed ids (boneId + 3), packed weights (3)
const CORNER = 6; // group, normal xyz bits, u, v bits

export class VertexWelder {
  count = 0;
  /** KEY int32 per file vertex. */
  keys: Int32Array;
  /** Next file vertex with the same key (−1: none). */
  private nextVariant: Int32Array;
  private claimHead: Int32Array;
  private claimNext: Int32Array;
  private claims: Int32Array;
  private claimCount = 0;
  /** Hash table of the keys without a stored vertex. */
  private table: Int32Array;
  private readonly mask: number;
  /** Each stored vertex's last file vertex of a distinct key (−1: none), then `sourceNext` for the others. */
  private bySource = new Int32Array(0);
  private sourceNext: Int32Array;

  /** Sized for `renderVertices` welds: each makes at most one file vertex and one claim, so nothing grows. */
  constructor(renderVertices: number) {
    let size = 16;
    while (size < renderVertices * 2) size *= 2;
    // Made here, not on the first key without a stored vertex: a branch taken once per write before
    // the method had feedback deoptimised its optimised code (test/write/jit-stable.test.ts).
    this.table = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    const capacity = Math.max(16, renderVertices);
    this.keys = new Int32Array(KEY * capacity);
    this.nextVariant = new Int32Array(capacity);
    this.claimHead = new Int32Array(capacity);
    this.claimNext = new Int32Array(capacity);
    this.claims = new Int32Array(CORNER * capacity);
    this.sourceNext = new Int32Array(capacity);
  }

  private hash(key: Int32Array): number {
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < KEY; i++) h = Math.imul(h ^ key[i], 0x01000193);
    return (h ^ (h >>> 15)) & this.mask;
  }

  private sameKey(f: number, key: Int32Array): boolean {
    const o = f * KEY;
    for (let i = 0; i < KEY; i++) if (this.keys[o + i] !== key[i]) return false;
    return true;
  }

  private claimed(f: number, corner: Int32Array): boolean {
    for (let c = this.claimHead[f]; c >= 0; c = this.claimNext[c]) {
      const o = c * CORNER;
      if (this.claims[o] === corner[0] && this.claims[o + 1] === corner[1] && this.claims[o + 2] === corner[2] && this.claims[o + 3] === corner[3] && this.claims[o + 4] === corner[4] && this.claims[o + 5] === corner[5]) return true;
    }
    return false;
  }

  private grow(): void {
    const n = this.nextVariant.length * 2;
    const keys = new Int32Array(n * KEY);
    keys.set(this.keys);
    this.keys = keys;
    const next = new Int32Array(n);
    next.set(this.nextVariant);
    this.nextVariant = next;
    const head = new Int32Array(n);
    head.set(this.claimHead);
    this.claimHead = head;
    const sourceNext = new Int32Array(n);
    sourceNext.set(this.sourceNext);
    this.sourceNext = sourceNext;
  }

  private addClaim(f: number, corner: Int32Array): void {
    if (this.claimCount === this.claimNext.length) {
      const next = new Int32Array(this.claimNext.length * 2);
      next.set(this.claimNext);
      this.claimNext = next;
      const data = new Int32Array(this.claims.length * 2);
      data.set(this.claims);
      this.claims = data;
    }
    const c = this.claimCount++;
    // Six stores, not TypedArray.prototype.set: a builtin call per weld cost more than the weld's compares.
    const claims = this.claims, o = c * CORNER;
    claims[o] = corner[0];
    claims[o + 1] = corner[1];
    claims[o + 2] = corner[2];
    claims[o + 3] = corner[3];
    claims[o + 4] = corner[4];
    claims[o + 5] = corner[5];
    this.claimNext[c] = this.claimHead[f];
    this.claimHead[f] = c;
  }

  private create(key: Int32Array): number {
    if (this.count === this.nextVariant.length) this.grow();
    const f = this.count++;
    const keys = this.keys, o = f * KEY;
    keys[o] = key[0];
    keys[o + 1] = key[1];
    keys[o + 2] = key[2];
    keys[o + 3] = key[3];
    keys[o + 4] = key[4];
    keys[o + 5] = key[5];
    this.nextVariant[f] = -1;
    this.claimHead[f] = -1;
    return f;
  }

  /** The file vertex for a render vertex with this key, used by this corner (group, normal, UV). */
  weld(key: Int32Array, corner: Int32Array): number {
    const source = key[0];
    let f = source >= 0 ? this.sourced(key, source) : this.lookup(key);
    if (f >= 0) {
      let last = f;
      for (; f >= 0; f = this.nextVariant[f]) {
        if (!this.claimed(f, corner)) break;
        last = f;
      }
      if (f < 0) {
        f = this.create(key);
        this.nextVariant[last] = f;
      }
    } else f = this.insert(key);
    this.addClaim(f, corner);
    return f;
  }

  /** The first file vertex with this key, which has a stored vertex, or −1. */
  private sourced(key: Int32Array, source: number): number {
    for (let f = source < this.bySource.length ? this.bySource[source] : -1; f >= 0; f = this.sourceNext[f]) if (this.sameKey(f, key)) return f;
    return -1;
  }

  /** The first file vertex with this key, which has no stored vertex, or −1. */
  private lookup(key: Int32Array): number {
    for (let slot = this.hash(key); ; slot = (slot + 1) & this.mask) {
      const at = this.table[slot];
      if (at < 0 || this.sameKey(at, key)) return at;
    }
  }

  /** A new file vertex for a key not seen yet. */
  private insert(key: Int32Array): number {
    const f = this.create(key);
    const source = key[0];
    if (source >= 0) {
      if (source >= this.bySource.length) {
        const grown = new Int32Array(Math.max(source + 1, this.bySource.length * 2)).fill(-1);
        grown.set(this.bySource);
        this.bySource = grown;
      }
      this.sourceNext[f] = this.bySource[source];
      this.bySource[source] = f;
      return f;
    }
    let slot = this.hash(key);
    while (this.table[slot] >= 0) slot = (slot + 1) & this.mask;
    this.table[slot] = f;
    return f;
  }
}

export const WELD_KEY = KEY;
export const WELD_CORNER = CORNER;

// One inert welder keeps the class's map, and the optimised weld code with it, across full GCs
// (core's keepMapAlive: compiling it again cost more CPU than the weld of a 30,000-vertex write).
keepMapAlive(new VertexWelder(0));
