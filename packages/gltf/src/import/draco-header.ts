// The counts a Draco mesh says it decodes to, read from its header before the decoder runs: the
// decoder allocates them inside its WASM heap, so a tiny stream that claims millions of vertices
// must be refused first (the budgets count what the glTF declares, not what the stream holds).
// Layout: Draco bitstream spec §"Header" and §"Connectivity" (sequential and edgebreaker).

/** Faces and vertices a Draco mesh stream decodes to, or why it cannot be told. */
export type DracoCounts = { faces: number; vertices: number } | { problem: string };

const MAGIC = 'DRACO';
const TRIANGULAR_MESH = 1;
const SEQUENTIAL = 0;
const EDGEBREAKER = 1;
const METADATA_FLAG = 0x8000;

export function dracoCounts(bytes: Uint8Array): DracoCounts {
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC.charCodeAt(i)) return { problem: "no 'DRACO' magic" };
  if (bytes.length < 11) return { problem: 'a header shorter than 11 bytes' };
  const major = bytes[5];
  const minor = bytes[6];
  const version = major * 10 + minor;
  if (major !== 2 || minor > 2) return { problem: `bitstream version ${major}.${minor} (2.0 to 2.2 are read)` };
  if (bytes[7] !== TRIANGULAR_MESH) return { problem: `encoder type ${bytes[7]} (only triangle meshes)` };
  const method = bytes[8];
  if ((bytes[9] | (bytes[10] << 8)) & METADATA_FLAG) return { problem: 'metadata before the connectivity' };
  let at = 11;
  const u32 = (): number | undefined => {
    if (at + 4 > bytes.length) return undefined;
    const v = (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
    at += 4;
    return v;
  };
  const varint = (): number | undefined => {
    let v = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (at >= bytes.length) return undefined;
      const b = bytes[at++];
      v += (b & 0x7f) * 2 ** shift;
      if (!(b & 0x80)) return v;
    }
    return undefined;
  };
  let faces: number | undefined;
  let vertices: number | undefined;
  if (method === SEQUENTIAL) {
    faces = version < 22 ? u32() : varint();
    vertices = version < 22 ? u32() : varint();
  } else if (method === EDGEBREAKER) {
    at++; // traversal decoder type
    if (version < 22) u32(); // new vertices made by splits, before 2.2
    vertices = varint();
    faces = varint();
  } else return { problem: `encoding method ${method}` };
  if (faces === undefined || vertices === undefined) return { problem: 'a connectivity header cut short' };
  return { faces, vertices };
}
