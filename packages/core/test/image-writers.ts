// Test-only writers for the legacy image formats (layouts from the BMP, TGA and DDS documentation).
export const RED = [255, 0, 0, 255], GREEN = [0, 255, 0, 255], BLUE = [0, 0, 255, 255], WHITE = [255, 255, 255, 255];
/** 2×2 image, top row red green, bottom row blue white. */
export const QUAD = [RED, GREEN, BLUE, WHITE];

export function bmp24(): Uint8Array {
  const stride = 8; // 2 px × 3 B = 6, padded to 8
  const out = new Uint8Array(54 + stride * 2);
  const v = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  v.setUint32(2, out.length, true);
  v.setUint32(10, 54, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, 2, true);
  v.setInt32(22, 2, true); // bottom-up
  v.setUint16(26, 1, true);
  v.setUint16(28, 24, true);
  const rows = [[BLUE, WHITE], [RED, GREEN]]; // stored bottom row first
  rows.forEach((row, y) => row.forEach((c, x) => out.set([c[2], c[1], c[0]], 54 + y * stride + x * 3)));
  return out;
}

export function bmp8(): Uint8Array {
  const palette = [RED, GREEN, BLUE, WHITE];
  const out = new Uint8Array(54 + 16 + 4 * 2);
  const v = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  v.setUint32(10, 70, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, 2, true);
  v.setInt32(22, -2, true); // top-down
  v.setUint16(28, 8, true);
  v.setUint32(46, 4, true);
  palette.forEach((c, i) => out.set([c[2], c[1], c[0], 0], 54 + i * 4));
  out.set([0, 1], 70);
  out.set([2, 3], 74);
  return out;
}

export function tga(type: 2 | 10, bpp: 24 | 32, topOrigin: boolean): Uint8Array {
  const header = new Uint8Array(18);
  header[2] = type;
  header[12] = 2;
  header[14] = 2;
  header[16] = bpp;
  header[17] = (bpp === 32 ? 8 : 0) | (topOrigin ? 0x20 : 0);
  const order = topOrigin ? QUAD : [BLUE, WHITE, RED, GREEN];
  const px = (c: number[]) => (bpp === 32 ? [c[2], c[1], c[0], c === WHITE ? 128 : c[3]] : [c[2], c[1], c[0]]);
  const body: number[] = [];
  if (type === 2) order.forEach((c) => body.push(...px(c)));
  else body.push(0x03, ...order.flatMap(px)); // one raw packet of 4 pixels
  return new Uint8Array([...header, ...body]);
}

export function ddsHeader(flags: number, fourCC: string, bits = 0, masks: number[] = [0, 0, 0, 0]): Uint8Array {
  const out = new Uint8Array(128);
  const v = new DataView(out.buffer);
  out.set([0x44, 0x44, 0x53, 0x20]);
  v.setUint32(4, 124, true);
  v.setUint32(12, 4, true); // height
  v.setUint32(16, 4, true); // width
  v.setUint32(80, flags, true);
  for (let i = 0; i < 4; i++) out[84 + i] = fourCC.charCodeAt(i) || 0;
  v.setUint32(88, bits, true);
  masks.forEach((m, i) => v.setUint32(92 + i * 4, m, true));
  return out;
}

/** DXT1 4×4: colour 0 pure red (0xf800), colour 1 pure blue (0x001f); rows use index 0,1,2,3. */
export function dxt1(): Uint8Array {
  const block = [0x00, 0xf8, 0x1f, 0x00, 0b11100100, 0b11100100, 0b11100100, 0b11100100];
  return new Uint8Array([...ddsHeader(0x4, 'DXT1'), ...block]);
}

export function pixel(p: { width: number; rgba: Uint8Array }, x: number, y: number) {
  return Array.from(p.rgba.subarray((y * p.width + x) * 4, (y * p.width + x) * 4 + 4));
}

