// validateScene's per-element checks, as leaf loops over arrays and numbers (no callback, no string,
// no allocation): they run over every node, joint, vertex and key of a scene each time a writer
// checks its input, and a closure made per call is compiled again after every full GC (issue 25).

/** An index that is set and not an integer in 0..length−1 (undefined is no index, so not bad). */
export function badIndex(value: number | undefined, length: number): boolean {
  return value !== undefined && !(Number.isInteger(value) && value >= 0 && value < length);
}

/** `size` finite numbers (holes are skipped, as `every` skips them). */
export function finiteVector(values: ArrayLike<number>, size: number): boolean {
  if (values.length !== size) return false;
  for (let i = 0; i < size; i++) if (!Number.isFinite(values[i]) && i in values) return false;
  return true;
}

/** Every value finite: x − x is 0 for a finite x and NaN otherwise (one test, no call per value). */
export function allFinite(values: ArrayLike<number>): boolean {
  for (let i = 0, n = values.length; i < n; i++) {
    const v = values[i];
    if (v - v !== 0) return false;
  }
  return true;
}

/** The position of the first non-finite value, or −1. */
export function firstNonFinite(values: ArrayLike<number>): number {
  for (let i = 0, n = values.length; i < n; i++) if (!Number.isFinite(values[i])) return i;
  return -1;
}

/** The position of the first index ≥ count, or −1 (the array in a local: no property load per index). */
export function firstIndexPast(indices: ArrayLike<number>, count: number): number {
  for (let i = 0, n = indices.length; i < n; i++) if (indices[i] >= count) return i;
  return -1;
}

/** The first key that is not finite or not after the one before, or −1. */
export function firstKeyOutOfOrder(times: ArrayLike<number>): number {
  let previous = -Infinity;
  for (let i = 0, n = times.length; i < n; i++) {
    const t = times[i];
    if (!Number.isFinite(t) || (i > 0 && !(t > previous))) return i;
    previous = t;
  }
  return -1;
}

/** The first vertex whose four weights do not sum to 1 (within `tolerance`) or has a negative one, or −1. */
export function firstBadWeights(weights: ArrayLike<number>, tolerance: number): number {
  for (let v = 0; v + 3 < weights.length; v += 4) {
    const w0 = weights[v], w1 = weights[v + 1], w2 = weights[v + 2], w3 = weights[v + 3];
    if (Math.abs(w0 + w1 + w2 + w3 - 1) > tolerance || w0 < 0 || w1 < 0 || w2 < 0 || w3 < 0) return v;
  }
  return -1;
}

/** The first joint entry with weight that is ≥ limit, or −1. */
export function firstJointPast(joints: ArrayLike<number>, weights: ArrayLike<number>, limit: number): number {
  for (let i = 0, n = joints.length; i < n; i++) if (weights[i] > 0 && joints[i] >= limit) return i;
  return -1;
}

/** Whether `list` holds `value`: a scan for a short list, else a Set made once per list and kept in `sets`. */
export function listHas(list: readonly number[], value: number, sets: Map<readonly number[], Set<number>>): boolean {
  if (list.length <= 16) {
    // SameValueZero, as Set.has: NaN finds NaN.
    for (let i = 0; i < list.length; i++) if (list[i] === value || (list[i] !== list[i] && value !== value)) return true;
    return false;
  }
  let set = sets.get(list);
  if (!set) sets.set(list, (set = new Set(list)));
  return set.has(value);
}
