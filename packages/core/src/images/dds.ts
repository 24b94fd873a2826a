import { maskChannel, sizeOk, type DecodeImageOptions, type Pixels } from './pixels.js';
import { ascii } from './sniff.js';

export function decodeDds(bytes: Uint8Array, options?: DecodeImageOptions): Pixels | undefined {
  if (bytes.length < 128 || !ascii(bytes, 0, 'DDS ')) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const height = view.getUint32(12, true);
  const width = view.getUint32(16, true);
  if (!sizeOk(width, height, options)) return undefined;
  const pfFlags = view.getUint32(80, true);
  const fourCC = String.fromCharCode(bytes[84], bytes[85], bytes[86], bytes[87]);
  const data = 128;
  if (pfFlags & 0x4) {
    const blockBytes = fourCC === 'DXT1' ? 8 : fourCC === 'DXT3' || fourCC === 'DXT5' ? 16 : 0;
    if (!blockBytes) return undefined; // DX10, BC4+, ATI: not decoded
    const bw = Math.ceil(width / 4), bh = Math.ceil(height / 4);
    if (data + bw * bh * blockBytes > bytes.length) return undefined;
    const rgba = new Uint8Array(width * height * 4);
    const block = new Uint8Array(64);
    const scratch = new Float64Array(12);
    for (let by = 0; by < bh; by++) {
      for (let bx = 0; bx < bw; bx++) {
        decodeBlock(bytes, data + (by * bw + bx) * blockBytes, fourCC, block, scratch);
        for (let py = 0; py < 4; py++) {
          const y = by * 4 + py;
          if (y >= height) break;
          const columns = Math.min(4, width - bx * 4);
          rgba.set(block.subarray(py * 16, py * 16 + columns * 4), (y * width + bx * 4) * 4);
        }
      }
    }
    return { width, height, rgba };
  }
  if (!(pfFlags & 0x40)) return undefined; // not RGB
  const bits = view.getUint32(88, true);
  if (bits !== 32 && bits !== 24 && bits !== 16) return undefined;
  const size = bits / 8;
  if (data + width * height * size > bytes.length) return undefined;
  const rgba = new Uint8Array(width * height * 4);
  const [r, g, b] = [92, 96, 100].map((o) => maskChannel(view.getUint32(o, true)));
  const a = pfFlags & 0x1 ? maskChannel(view.getUint32(104, true)) : () => 255;
  for (let i = 0; i < width * height; i++) {
    const p = data + i * size;
    const pixel = size === 4 ? view.getUint32(p, true) : size === 3 ? bytes[p] | (bytes[p + 1] << 8) | (bytes[p + 2] << 16) : view.getUint16(p, true);
    rgba[i * 4] = r(pixel);
    rgba[i * 4 + 1] = g(pixel);
    rgba[i * 4 + 2] = b(pixel);
    rgba[i * 4 + 3] = a(pixel);
  }
  return { width, height, rgba };
}

/** One 4×4 BC1/2/3 block into 16 RGBA pixels; `colors` is scratch space for the 4 palette colours. */
function decodeBlock(bytes: Uint8Array, at: number, fourCC: string, out: Uint8Array, colors: Float64Array): void {
  const colorAt = fourCC === 'DXT1' ? at : at + 8;
  const c0 = bytes[colorAt] | (bytes[colorAt + 1] << 8);
  const c1 = bytes[colorAt + 2] | (bytes[colorAt + 3] << 8);
  colors[0] = (((c0 >> 11) & 31) * 255) / 31;
  colors[1] = (((c0 >> 5) & 63) * 255) / 63;
  colors[2] = ((c0 & 31) * 255) / 31;
  colors[3] = (((c1 >> 11) & 31) * 255) / 31;
  colors[4] = (((c1 >> 5) & 63) * 255) / 63;
  colors[5] = ((c1 & 31) * 255) / 31;
  const fourColors = fourCC !== 'DXT1' || c0 > c1;
  for (let k = 0; k < 3; k++) {
    const v0 = colors[k], v1 = colors[3 + k];
    if (fourColors) {
      colors[6 + k] = (2 * v0 + v1) / 3;
      colors[9 + k] = (v0 + 2 * v1) / 3;
    } else {
      colors[6 + k] = (v0 + v1) / 2;
      colors[9 + k] = 0;
    }
  }
  const indices = bytes[colorAt + 4] | (bytes[colorAt + 5] << 8) | (bytes[colorAt + 6] << 16) | (bytes[colorAt + 7] << 24);
  for (let i = 0; i < 16; i++) {
    const index = (indices >>> (i * 2)) & 3;
    out[i * 4] = Math.round(colors[index * 3]);
    out[i * 4 + 1] = Math.round(colors[index * 3 + 1]);
    out[i * 4 + 2] = Math.round(colors[index * 3 + 2]);
    out[i * 4 + 3] = !fourColors && index === 3 ? 0 : 255;
  }
  if (fourCC === 'DXT3') {
    for (let i = 0; i < 16; i++) out[i * 4 + 3] = ((bytes[at + (i >> 1)] >> ((i & 1) * 4)) & 15) * 17;
  } else if (fourCC === 'DXT5') {
    const a0 = bytes[at], a1 = bytes[at + 1];
    const alphas = [a0, a1];
    if (a0 > a1) for (let k = 1; k < 7; k++) alphas.push(Math.round(((7 - k) * a0 + k * a1) / 7));
    else {
      for (let k = 1; k < 5; k++) alphas.push(Math.round(((5 - k) * a0 + k * a1) / 5));
      alphas.push(0, 255);
    }
    // 48 bits of 3-bit indices, little-endian.
    const bitsLow = bytes[at + 2] | (bytes[at + 3] << 8) | (bytes[at + 4] << 16);
    const bitsHigh = bytes[at + 5] | (bytes[at + 6] << 8) | (bytes[at + 7] << 16);
    for (let i = 0; i < 16; i++) {
      const source = i < 8 ? bitsLow : bitsHigh;
      out[i * 4 + 3] = alphas[(source >> ((i % 8) * 3)) & 7];
    }
  }
}
