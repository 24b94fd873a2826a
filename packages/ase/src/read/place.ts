// The loops that place a mesh's lists by index, as leaves of typed arrays and numbers only (issue 25).
// Each runs once per mesh: inside the functions that call them, code after the loop (warnings,
// objects of varying shape) deoptimised them between parses, and every parse ran the loop
// unoptimised until V8 compiled it again (on-stack replacement). A leaf like these keeps its code.

/**
 * File-order face rows (`index`, A B C AB BC CA per row in `data`, smoothing mask, material id) to
 * their face slots; rows whose index is outside `0..faceCount` are skipped. Returns how many were.
 */
export function placeFaces(
  rows: number, index: Int32Array, data: Int32Array, smooth: Int32Array, mtl: Int32Array, faceCount: number,
  faces: Int32Array, edges: Int8Array, smoothing: Uint32Array, mtlIds: Int32Array,
): number {
  let dropped = 0;
  for (let e = 0; e < rows; e++) {
    const f = index[e];
    if (f < 0 || f >= faceCount) {
      dropped++;
      continue;
    }
    faces[f * 3] = data[e * 6];
    faces[f * 3 + 1] = data[e * 6 + 1];
    faces[f * 3 + 2] = data[e * 6 + 2];
    edges[f * 3] = data[e * 6 + 3];
    edges[f * 3 + 1] = data[e * 6 + 4];
    edges[f * 3 + 2] = data[e * 6 + 5];
    smoothing[f] = smooth[e];
    mtlIds[f] = mtl[e];
  }
  return dropped;
}

/** `rows` xyz triples by index into `out` (`count` slots of 3); returns how many indices were outside. */
export function placeTriples(rows: number, index: Int32Array, data: Float32Array, count: number, out: Float32Array): number {
  let dropped = 0;
  for (let e = 0; e < rows; e++) {
    const f = index[e];
    if (f < 0 || f >= count) {
      dropped++;
      continue;
    }
    out[f * 3] = data[e * 3];
    out[f * 3 + 1] = data[e * 3 + 1];
    out[f * 3 + 2] = data[e * 3 + 2];
  }
  return dropped;
}
