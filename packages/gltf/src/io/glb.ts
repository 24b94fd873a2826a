import type { BinaryLayout } from '../export/output.js';

/**
 * The .glb container, written in one allocation: 12-byte header, JSON chunk padded with spaces,
 * BIN chunk padded with zeros. Each planned array is copied once, straight into its place.
 */
export function writeGlb(jsonText: string, layout: BinaryLayout | { byteLength: number; pack(out: Uint8Array, at: number): void }): Uint8Array {
  const text = new TextEncoder().encode(jsonText);
  const jsonLength = (text.length + 3) & ~3;
  const binLength = (layout.byteLength + 3) & ~3;
  const total = 12 + 8 + jsonLength + (binLength ? 8 + binLength : 0);
  const glb = new Uint8Array(total);
  const view = new DataView(glb.buffer);
  view.setUint32(0, 0x46546c67, true); // 'glTF'
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // 'JSON'
  glb.set(text, 20);
  glb.fill(0x20, 20 + text.length, 20 + jsonLength);
  if (binLength) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, 0x004e4942, true); // 'BIN\0'
    layout.pack(glb, at + 8);
  }
  return glb;
}

/** A .glb of JSON (stringified here) and one binary chunk (tests build files with it). */
export function packGlb(json: unknown, bin: Uint8Array | undefined): Uint8Array {
  const byteLength = bin?.byteLength ?? 0;
  return writeGlb(JSON.stringify(json), { byteLength, pack: (out, at) => out.set(bin!, at) });
}
