import type { AseMapChannel, AseMesh } from '../file.js';
import { badTextureCorners, cornerKeyLoop, idRunEnd, textureColumn, validFaces } from './mesh-loops.js';

// The corners of one mesh, fused (issue 25): one pass over the kept faces in primitive order writes
// each corner's key (source vertex, texture vertex per channel, colour vertex, normal bits)
// straight from the raw lists; no per-corner array per attribute in between.

export { NONE } from './mesh-loops.js';

/** The valid faces (every corner names an existing vertex), each face's material slot and the texture corners that name no texture vertex. */
export interface FaceScan {
  /** Kept face → file face. */
  keep: Int32Array;
  /** Kept face → index into `ids` (the distinct `*MESH_MTLID` values in order of first use). */
  idSlot: Int32Array;
  ids: number[];
  /** Kept faces per id slot. */
  slotFaces: number[];
  /** Per texture channel: corners (of faces the channel covers) naming a missing texture vertex. */
  badUV: number[];
}

/** One pass over the faces: validity, material id slots and texture-index checks. */
export function scanFaces(mesh: AseMesh, uvChannels: AseMapChannel[]): FaceScan {
  const faceCount = mesh.numFaces, mtlIds = mesh.mtlIds;
  const keepAll = new Int32Array(faceCount);
  const kept = validFaces(mesh.faces, faceCount, mesh.numVertex, keepAll);
  const keep = kept === faceCount ? keepAll : keepAll.subarray(0, kept);
  const idSlot = new Int32Array(kept);
  const ids: number[] = [], slotFaces: number[] = [];
  const slotOfId = new Map<number, number>();
  // Per run of one id (faces of one material come in runs), not per face.
  for (let from = 0; from < kept; ) {
    const end = idRunEnd(mtlIds, keep, from, kept);
    const id = mtlIds[keep[from]];
    let slot = slotOfId.get(id);
    if (slot === undefined) {
      slotOfId.set(id, (slot = ids.push(id) - 1));
      slotFaces.push(0);
    }
    slotFaces[slot] += end - from;
    if (slot) idSlot.fill(slot, from, end);
    from = end;
  }
  const badUV: number[] = [];
  for (const ch of uvChannels) badUV.push(badTextureCorners(ch.tfaces, ch.tverts.length / 3, keep, kept));
  return { keep, idSlot, ids, slotFaces, badUV };
}

/**
 * The corners, primitive after primitive: the source vertex of each (`vertex`, the dense index
 * `unweldByVertex` chains on) and `width` key words: texture vertex per channel, colour vertex
 * (NONE when absent), normal bits.
 */
export interface CornerKeys {
  vertex: Uint32Array;
  keys: Uint32Array;
  width: number;
}

/**
 * Vertex and key of every corner of the kept faces in `faceOrder` (kept-face indices, grouped by
 * primitive; undefined: kept order, one primitive). `normals`: xyz per kept corner (kept-face order).
 */
export function cornerKeys(mesh: AseMesh, keep: Int32Array, faceOrder: Int32Array | undefined, uvChannels: AseMapChannel[], normals: Float32Array): CornerKeys {
  const uvCount = uvChannels.length;
  const width = uvCount + 4;
  const kept = keep.length, corners = kept * 3;
  const vertex = new Uint32Array(corners);
  const keys = new Uint32Array(corners * width);
  const normalBits = new Uint32Array(normals.buffer, normals.byteOffset, normals.length);
  const order = faceOrder ?? keep;
  const first = uvCount ? uvChannels[0] : undefined;
  const colours = mesh.cverts && mesh.cfaces && mesh.cverts.length ? mesh.cfaces : undefined;
  cornerKeyLoop(
    mesh.faces, keep, order, faceOrder !== undefined, kept, uvCount, first?.tfaces ?? NO_INDICES, first ? first.tverts.length / 3 : 0,
    colours ?? NO_INDICES, colours ? mesh.cverts!.length / 3 : 0, normalBits, vertex, keys,
  );
  for (let u = 1; u < uvCount; u++) textureColumn(keep, order, faceOrder !== undefined, kept, uvChannels[u].tfaces, uvChannels[u].tverts.length / 3, keys, width, u);
  return { vertex, keys, width };
}

const NO_INDICES = new Int32Array(0);
