import type { BinaryLayout } from '../export/output.js';

const encoder = new TextEncoder();
const NON_ASCII = /[^\x00-\x7f]/;
/** Characters measured per encodeInto call (into a scratch buffer of 3 bytes each, UTF-8's most per UTF-16 unit). */
const MEASURE_CHUNK = 1 << 16;
/** Binary chunks up to this many bytes (or the JSON's length) are written on the guess that the JSON is ASCII. */
const ASCII_FIRST_BIN_LIMIT = 1 << 22;

/**
 * Bytes of `text` in UTF-8, as TextEncoder writes it (a lone surrogate as U+FFFD): the .glb is
 * sized first and the text encoded straight into it, so no second copy of the JSON is ever held.
 */
export function utf8Length(text: string): number {
  const first = text.search(NON_ASCII);
  if (first < 0) return text.length;
  const scratch = new Uint8Array(3 * Math.min(MEASURE_CHUNK, text.length - first));
  let bytes = first;
  for (let i = first; i < text.length; ) {
    let end = Math.min(i + MEASURE_CHUNK, text.length);
    // Never split a surrogate pair between two calls (each half would count as U+FFFD).
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
    bytes += encoder.encodeInto(text.slice(i, end), scratch).written;
    i = end;
  }
  return bytes;
}

/**
 * The .glb container, written in one allocation: 12-byte header, JSON chunk padded with spaces,
 * BIN chunk padded with zeros. The JSON text is encoded into its place and each planned array is
 * copied once, straight into its place.
 */
export function writeGlb(jsonText: string, layout: BinaryLayout | { byteLength: number; pack(out: Uint8Array, at: number): void }): Uint8Array {
  // Most JSON is ASCII: encode it into a .glb sized for that, which fills exactly when it is (every
  // character read into as many bytes); else measure and start again. The scan that measured first
  // was 4–7% of a small or skinned MS3D file's export (issue #25). Not with a big binary chunk, whose
  // second allocation would double the peak for a non-ASCII name.
  const ascii = layout.byteLength <= Math.max(ASCII_FIRST_BIN_LIMIT, jsonText.length) ? glbOf(jsonText, jsonText.length, layout) : undefined;
  return ascii ?? glbOf(jsonText, utf8Length(jsonText), layout)!;
}

/** The .glb with `textLength` bytes of JSON, or undefined when the text does not fill exactly that many. */
function glbOf(jsonText: string, textLength: number, layout: BinaryLayout | { byteLength: number; pack(out: Uint8Array, at: number): void }): Uint8Array | undefined {
  const jsonLength = (textLength + 3) & ~3;
  const binLength = (layout.byteLength + 3) & ~3;
  const total = 12 + 8 + jsonLength + (binLength ? 8 + binLength : 0);
  const glb = new Uint8Array(total);
  const view = new DataView(glb.buffer);
  view.setUint32(0, 0x46546c67, true); // 'glTF'
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // 'JSON'
  const { read, written } = encoder.encodeInto(jsonText, glb.subarray(20, 20 + textLength));
  if (read !== jsonText.length || written !== textLength) return undefined;
  glb.fill(0x20, 20 + textLength, 20 + jsonLength);
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
