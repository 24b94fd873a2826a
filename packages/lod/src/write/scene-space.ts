// A rigid primitive drawn where it stands (no skin, no morph targets, an identity rest matrix) keeps
// the scene's own positions and normals through the weld, and they are converted to the file's axes
// only as they are written: no converted copy of every row first (on the bench's static file that
// was two 6 MB arrays per write, one of them welded down to a single normal).
import type { LodWriter } from './chunks.js';
import { axisClean, type GatheredPrimitive, type GatherTally } from './geometry.js';

/** Whether every float is finite and none is −0: values `cleanFloats` would leave as they are. */
export function isClean(values: Float32Array): boolean {
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  for (let i = 0; i < bits.length; i++) {
    const w = bits[i];
    if (w === 0x80000000 || (w & 0x7f800000) === 0x7f800000) return false;
  }
  return true;
}

/**
 * Settles a node's primitives gathered in scene space (`sceneSpace`). They stay so when the node has
 * one primitive whose positions and normals are clean whole rows: the change to Z-up, (x, 0 − z, y),
 * maps clean rows one to one, so the weld numbers them as it numbers the converted rows, and no value
 * needs cleaning. Else each is converted and cleaned now, as the gathering does. Returns whether the
 * writer must still convert the mesh's rows to Z-up.
 */
export function settleSceneSpace(prims: GatheredPrimitive[], up: 'y' | 'z', tally: GatherTally): boolean {
  const deferred = prims.filter((p) => p.sceneSpace);
  if (!deferred.length) return false;
  const p = prims[0];
  const rows = p.positions.length;
  if (prims.length === 1 && rows % 3 === 0 && (!p.normals || (p.normals.length === rows && isClean(p.normals))) && isClean(p.positions)) return up === 'z';
  const converted = (source: Float32Array) => {
    const into = new Float32Array(source.length);
    tally.notFinite += axisClean(source, into, up);
    return into;
  };
  for (const g of deferred) {
    g.positions = converted(g.positions);
    if (g.normals) g.normals = converted(g.normals);
    g.sceneSpace = false;
  }
  return false;
}

/** xyz rows of the scene's Y-up space written Z-up, (x, 0 − z, y), straight into the output. */
function zUpInto(source: Float32Array, view: DataView, at: number): void {
  const offset = view.byteOffset + at;
  if (offset % 4 === 0) {
    const out = new Float32Array(view.buffer, offset, source.length);
    for (let i = 0; i < source.length; i += 3) {
      out[i] = source[i];
      out[i + 1] = 0 - source[i + 2];
      out[i + 2] = source[i + 1];
    }
    return;
  }
  for (let i = 0, o = at; i < source.length; i += 3, o += 12) {
    view.setFloat32(o, source[i], true);
    view.setFloat32(o + 4, 0 - source[i + 2], true);
    view.setFloat32(o + 8, source[i + 1], true);
  }
}

/** A mesh's position or normal rows: as they are, or (`toZUp`) converted from scene space as they are placed. */
export function writeRows(w: LodWriter, rows: Float32Array, toZUp: boolean | undefined): LodWriter {
  if (!toZUp) return w.floats(rows);
  return w.place(rows.length * 4, (view, at) => zUpInto(rows, view, at));
}
