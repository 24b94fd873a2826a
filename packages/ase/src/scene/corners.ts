import type { AseMapChannel, AseMesh } from '../file.js';

// The corners of one mesh, fused (issue 25): one pass over the kept faces in primitive order writes
// each corner's key (source vertex, texture vertex per channel, colour vertex, normal bits)
// straight from the raw lists; no per-corner array per attribute in between.

/** An absent texture or colour corner. */
export const NONE = 0xffffffff;

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
  const nv = mesh.numVertex, faceCount = mesh.numFaces, faces = mesh.faces, mtlIds = mesh.mtlIds;
  const keepAll = new Int32Array(faceCount);
  const idSlotAll = new Int32Array(faceCount);
  const ids: number[] = [], slotFaces: number[] = [];
  const slotOfId = new Map<number, number>();
  const badUV = uvChannels.map(() => 0);
  let kept = 0, lastId = NaN, lastSlot = 0, runStart = 0;
  for (let f = 0; f < faceCount; f++) {
    const a = faces[f * 3], b = faces[f * 3 + 1], c = faces[f * 3 + 2];
    if (!(a >= 0 && a < nv && b >= 0 && b < nv && c >= 0 && c < nv)) continue;
    const id = mtlIds[f];
    if (id !== lastId) {
      let slot = slotOfId.get(id);
      if (slot === undefined) {
        slotOfId.set(id, (slot = ids.push(id) - 1));
        slotFaces.push(0);
      }
      // Counted per run of one id (faces of one material come in runs), not per face.
      if (kept > runStart) slotFaces[lastSlot] += kept - runStart;
      runStart = kept;
      lastSlot = slot;
      lastId = id;
    }
    idSlotAll[kept] = lastSlot;
    keepAll[kept++] = f;
  }
  if (kept > runStart) slotFaces[lastSlot] += kept - runStart;
  const keep = kept === faceCount ? keepAll : keepAll.subarray(0, kept);
  for (let u = 0; u < uvChannels.length; u++) {
    const tfaces = uvChannels[u].tfaces;
    const nt = uvChannels[u].tverts.length / 3, nf = tfaces.length / 3;
    let bad = 0;
    for (let i = 0; i < kept; i++) {
      const f = keep[i];
      if (f >= nf) continue;
      for (let k = 0; k < 3; k++) {
        const t = tfaces[f * 3 + k];
        if (!(t >= 0 && t < nt)) bad++;
      }
    }
    badUV[u] = bad;
  }
  return { keep, idSlot: idSlotAll.subarray(0, kept), ids, slotFaces, badUV };
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
  const faces = mesh.faces;
  const normalBits = new Uint32Array(normals.buffer, normals.byteOffset, normals.length);
  // Texture channels: index arrays, texture-vertex counts and face counts, as locals for the loop.
  const tfaces = uvChannels.map((ch) => ch.tfaces), nt = uvChannels.map((ch) => ch.tverts.length / 3), nfT = tfaces.map((t) => t.length / 3);
  const tf0 = uvCount ? tfaces[0] : undefined, nt0 = uvCount ? nt[0] : 0, nf0 = uvCount ? nfT[0] : 0;
  const cfaces = mesh.cverts && mesh.cfaces && mesh.cverts.length ? mesh.cfaces : undefined;
  const nc = cfaces ? mesh.cverts!.length / 3 : 0, nfC = cfaces ? cfaces.length / 3 : 0;
  for (let j = 0, o = 0; j < kept; j++) {
    const i = faceOrder ? faceOrder[j] : j, f = keep[i];
    for (let k = 0; k < 3; k++) {
      vertex[j * 3 + k] = faces[f * 3 + k];
      if (uvCount === 1) {
        const t = f < nf0 ? tf0![f * 3 + k] : -1;
        keys[o++] = t >= 0 && t < nt0 ? t : NONE;
      } else {
        for (let u = 0; u < uvCount; u++) {
          const t = f < nfT[u] ? tfaces[u][f * 3 + k] : -1;
          keys[o++] = t >= 0 && t < nt[u] ? t : NONE;
        }
      }
      if (cfaces) {
        const q = f < nfC ? cfaces[f * 3 + k] : -1;
        keys[o++] = q >= 0 && q < nc ? q : NONE;
      } else keys[o++] = NONE;
      const n = i * 9 + k * 3;
      keys[o++] = normalBits[n];
      keys[o++] = normalBits[n + 1];
      keys[o++] = normalBits[n + 2];
    }
  }
  return { vertex, keys, width };
}
