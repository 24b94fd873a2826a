// The floor of an ASE parse: every byte scanned once, each number token parsed with the fast path
// (sign, digits, one division by an exact power of ten) into a preallocated Float32Array; other
// tokens skipped. No keywords, no structure, no scene: what any ASE reader must at least do.

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** Returns how many numbers were read (their values land in a Float32Array, grown when needed). */
export function aseFloor(bytes: Uint8Array): number {
  // ~7 bytes per number (`0.0000\t`) in exporters' output; grown by doubling if a file is denser.
  let out = new Float32Array((bytes.length / 7) | 0);
  let count = 0;
  const n = bytes.length;
  let p = 0;
  while (p < n) {
    let c = bytes[p];
    if (c <= 32) {
      p++;
      continue;
    }
    let negative = false;
    if (c === 0x2d) {
      negative = true;
      c = bytes[++p] | 0;
    }
    if (((c - 0x30) >>> 0) < 10) {
      let m = 0;
      const first = p;
      while (((c - 0x30) >>> 0) < 10) {
        m = m * 10 + (c - 0x30);
        c = bytes[++p] | 0;
      }
      let fraction = 0;
      if (c === 0x2e) {
        const f0 = ++p;
        c = bytes[p] | 0;
        while (((c - 0x30) >>> 0) < 10) {
          m = m * 10 + (c - 0x30);
          c = bytes[++p] | 0;
        }
        fraction = p - f0;
      }
      if (count === out.length) {
        const next = new Float32Array(out.length * 2);
        next.set(out);
        out = next;
      }
      const v = fraction && p - first <= 16 ? m / POW10[fraction] : m;
      out[count++] = negative ? -v : v;
    }
    while (p < n && bytes[p] > 32) p++;
  }
  return count;
}
