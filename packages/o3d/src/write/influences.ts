/**
 * Skin weights as Flyff holds them (docs/formats/o3d.md §2.3): two bones per vertex, `w1 + w2 = 1`,
 * `w1 ≥ w2`. A vertex with more influences keeps its two largest, renormalised (counted for one
 * warning per write).
 */
import { keepMapAlive, type Primitive, type Skin } from '@relic3d/core';

export interface Influences {
  /** Bone of w1 and of w2 per vertex (w2's equals w1's when w2 is 0). */
  bones: Int32Array;
  /** w1, w2 per vertex. */
  weights: Float32Array;
}

export interface InfluenceStats {
  /** Vertices that had more than two bones. */
  reduced: number;
  /** Largest weight share dropped from one vertex. */
  worstDropped: number;
  /** Influences naming a joint the skin does not have, or a bad weight. */
  invalid: number;
  /** Vertices without any weight, bound to the fallback bone. */
  unweighted: number;
}

export const emptyStats = (): InfluenceStats => ({ reduced: 0, worstDropped: 0, invalid: 0, unweighted: 0 });

/**
 * Two influences per vertex from JOINTS_0/WEIGHTS_0 (four per vertex), joints mapped to bones
 * through the skin; `fallback` is the bone of vertices (or primitives) without weights.
 */
export function twoInfluences(primitive: Primitive, skin: Skin | undefined, boneOf: Map<number, number>, fallback: number, stats: InfluenceStats): Influences {
  const count = primitive.attributes.POSITION.length / 3;
  const bones = new Int32Array(count * 2).fill(fallback);
  const weights = new Float32Array(count * 2);
  const joints = primitive.attributes.JOINTS_0, w = primitive.attributes.WEIGHTS_0;
  const usable = !!skin && !!joints && !!w && joints.length >= count * 4 && w.length >= count * 4;
  // Joint of the skin → bone, once (a map lookup per influence is most of the cost otherwise).
  const jointBone = Int32Array.from(skin?.joints ?? [], (node) => boneOf.get(node) ?? -1);
  // Typed scratch: doubles stay unboxed (Float64Array keeps each sum's bits, as the array did).
  const b = new Int32Array(4), x = new Float64Array(4);
  for (let v = 0; v < count; v++) {
    let n = 0, total = 0;
    if (usable) {
      for (let k = 0; k < 4; k++) {
        const weight = w[v * 4 + k];
        if (!(weight > 0) || !Number.isFinite(weight)) {
          if (weight !== 0) stats.invalid++;
          continue;
        }
        const j = joints[v * 4 + k];
        const bone = j < jointBone.length ? jointBone[j] : -1;
        if (bone < 0) {
          stats.invalid++;
          continue;
        }
        // Two slots naming one bone are one influence.
        let at = 0;
        while (at < n && b[at] !== bone) at++;
        if (at === n) (b[n] = bone), (x[n++] = 0);
        x[at] += weight;
        total += weight;
      }
    }
    if (!n) {
      stats.unweighted++;
      weights[v * 2] = 1;
      continue;
    }
    // The two largest, heaviest first.
    let first = 0;
    for (let k = 1; k < n; k++) if (x[k] > x[first]) first = k;
    let second = -1;
    for (let k = 0; k < n; k++) if (k !== first && (second < 0 || x[k] > x[second])) second = k;
    const kept = x[first] + (second >= 0 ? x[second] : 0);
    if (n > 2) {
      stats.reduced++;
      stats.worstDropped = Math.max(stats.worstDropped, 1 - kept / total);
    }
    bones[v * 2] = b[first];
    bones[v * 2 + 1] = second >= 0 ? b[second] : b[first];
    weights[v * 2] = x[first] / kept;
    weights[v * 2 + 1] = second >= 0 ? x[second] / kept : 0;
  }
  return { bones, weights };
}

// One record kept: a literal's map is held by no literal (V8's map cache holds it weakly), and the loops that read these
// records were compiled again after every full GC that took a write's records (ms3d's output.ts).
keepMapAlive({ bones: new Int32Array(0), weights: new Float32Array(0) } satisfies Influences);
