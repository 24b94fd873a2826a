// A rigid primitive drawn where it stands (no skin, no morph targets, an identity rest matrix) keeps
// the scene's own positions and normals through the weld, and they are converted to the file's axes
// only as they are written: no converted, cleaned copy of every row first (on the bench's static file
// that was two 6 MB arrays per write, one of them welded down to a single normal).
import type { LodWriter } from './chunks.js';
import { axisClean, type GatheredPrimitive, type GatherTally } from './geometry.js';

/** Whether every float is finite (−0 may be there: the weld compares it as 0, the writer writes it as 0). */
export function allFinite(values: Float32Array): boolean {
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  for (let i = 0; i < bits.length; i++) if ((bits[i] & 0x7f800000) === 0x7f800000) return false;
  return true;
}

/**
 * Settles a node's primitives gathered in scene space (`sceneSpace`). They stay so when the node has
 * one primitive whose positions and normals are finite whole rows: the weld compares −0 as 0
 * (distinct-rows.ts `word`) and the change to Z-up, (x, 0 − z, y), maps such rows one to one, so it
 * numbers them as it numbers the converted, cleaned rows. Else each is converted and cleaned now, as
 * the gathering does. A scene its reader marked `FINITE_SCENE` (`knownFinite`) is not scanned again,
 * as the glTF exporter trusts it (scrub once). Returns the axis the writer converts and cleans the
 * mesh's rows to, if any.
 */
export function settleSceneSpace(prims: GatheredPrimitive[], up: 'y' | 'z', tally: GatherTally, knownFinite: boolean): 'y' | 'z' | undefined {
  const deferred = prims.filter((p) => p.sceneSpace);
  if (!deferred.length) return undefined;
  const p = prims[0];
  const rows = p.positions.length;
  const finite = (values: Float32Array) => knownFinite || allFinite(values);
  if (prims.length === 1 && rows % 3 === 0 && (!p.normals || (p.normals.length === rows && finite(p.normals))) && finite(p.positions)) return up;
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
  return undefined;
}

/** Finite xyz rows of the scene written as `axisClean` writes them: −0 as 0 (`v + 0`), Z-up as (x, 0 − z, y). */
function rowsInto(source: Float32Array, up: 'y' | 'z', view: DataView, at: number): void {
  const offset = view.byteOffset + at;
  const z = up === 'z';
  if (offset % 4 === 0) {
    const out = new Float32Array(view.buffer, offset, source.length);
    if (z) {
      for (let i = 0; i < source.length; i += 3) {
        out[i] = source[i] + 0;
        out[i + 1] = 0 - source[i + 2];
        out[i + 2] = source[i + 1] + 0;
      }
    } else for (let i = 0; i < source.length; i++) out[i] = source[i] + 0;
    return;
  }
  for (let i = 0, o = at; i < source.length; i += 3, o += 12) {
    view.setFloat32(o, source[i] + 0, true);
    view.setFloat32(o + 4, z ? 0 - source[i + 2] : source[i + 1] + 0, true);
    view.setFloat32(o + 8, z ? source[i + 1] + 0 : source[i + 2] + 0, true);
  }
}

/** A mesh's position or normal rows: as they are (file space), or from the scene's space (`fromScene`), converted and cleaned as they are placed. */
export function writeRows(w: LodWriter, rows: Float32Array, fromScene: 'y' | 'z' | undefined): LodWriter {
  if (!fromScene) return w.floats(rows);
  return w.place(rows.length * 4, (view, at) => rowsInto(rows, fromScene, view, at));
}
