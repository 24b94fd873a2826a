// Generated inputs for the e2e tests: solid-colour DXT1 and TGA textures, a deep ASE hierarchy.

/**
 * A DDS of `size`² pixels of one colour, DXT1-compressed (the layout from Microsoft's DDS
 * documentation): every 4×4 block holds colour 0 = `rgb565` and indices 0.
 */
export function solidDxt1(size: number, rgb565: number): Uint8Array {
  const blocks = (size / 4) ** 2;
  const out = new Uint8Array(128 + blocks * 8);
  const v = new DataView(out.buffer);
  out.set([0x44, 0x44, 0x53, 0x20]); // 'DDS '
  v.setUint32(4, 124, true); // header size
  v.setUint32(8, 0x1 | 0x2 | 0x4 | 0x1000 | 0x80000, true); // CAPS, HEIGHT, WIDTH, PIXELFORMAT, LINEARSIZE
  v.setUint32(12, size, true);
  v.setUint32(16, size, true);
  v.setUint32(20, blocks * 8, true);
  v.setUint32(76, 32, true); // pixel format size
  v.setUint32(80, 0x4, true); // FOURCC
  out.set([0x44, 0x58, 0x54, 0x31], 84); // 'DXT1'
  v.setUint32(108, 0x1000, true); // TEXTURE
  for (let b = 0; b < blocks; b++) v.setUint16(128 + b * 8, rgb565, true); // colour 1 and indices stay 0
  return out;
}

/** An uncompressed 24-bit TGA of `size`² pixels of one colour (bottom-left origin, BGR). */
export function solidTga(size: number, [r, g, b]: number[]): Uint8Array {
  const out = new Uint8Array(18 + size * size * 3);
  out[2] = 2;
  out[12] = size;
  out[14] = size;
  out[16] = 24;
  for (let i = 0; i < size * size; i++) out.set([b, g, r], 18 + i * 3);
  return out;
}

/** An ASE whose helper objects form one parent chain `depth` deep (the hostile input of issue 15). */
export function deepAse(depth: number): string {
  const out = ['*3DSMAX_ASCIIEXPORT\t200', '*SCENE {\n\t*SCENE_FILENAME "deep.max"\n\t*SCENE_FIRSTFRAME 0\n\t*SCENE_LASTFRAME 100\n\t*SCENE_FRAMESPEED 30\n\t*SCENE_TICKSPERFRAME 160\n}'];
  for (let i = 0; i < depth; i++) {
    out.push(`*HELPEROBJECT {\n\t*NODE_NAME "link${i}"\n${i ? `\t*NODE_PARENT "link${i - 1}"\n` : ''}\t*HELPER_CLASS "Dummy"\n\t*NODE_TM {\n\t\t*NODE_NAME "link${i}"\n\t\t*TM_ROW0 1 0 0\n\t\t*TM_ROW1 0 1 0\n\t\t*TM_ROW2 0 0 1\n\t\t*TM_ROW3 0 0 ${(i * 0.01).toFixed(2)}\n\t}\n}`);
  }
  return out.join('\n');
}
