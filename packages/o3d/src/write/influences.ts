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
  for (let v = 0; v < count; v++) {
    // Up to four distinct bones and their summed weights, in locals (a typed scratch array was a load and store per step).
    let n = 0, total = 0;
    let b0 = -1, b1 = -1, b2 = -1, b3 = -1, x0 = 0, x1 = 0, x2 = 0, x3 = 0;
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
        // Two slots naming one bone are one influence (an empty slot's bone is -1, never a bone).
        if (b0 === bone) x0 += weight;
        else if (b1 === bone) x1 += weight;
        else if (b2 === bone) x2 += weight;
        else if (n === 0) (b0 = bone), (x0 = weight), n++;
        else if (n === 1) (b1 = bone), (x1 = weight), n++;
        else if (n === 2) (b2 = bone), (x2 = weight), n++;
        else (b3 = bone), (x3 = weight), n++;
        total += weight;
      }
    }
    if (!n) {
      stats.unweighted++;
      weights[v * 2] = 1;
      continue;
    }
    // The two largest, heaviest first (the earlier slot on a tie).
    let first = 0, bFirst = b0, xFirst = x0;
    if (n > 1 && x1 > xFirst) (first = 1), (bFirst = b1), (xFirst = x1);
    if (n > 2 && x2 > xFirst) (first = 2), (bFirst = b2), (xFirst = x2);
    if (n > 3 && x3 > xFirst) (first = 3), (bFirst = b3), (xFirst = x3);
    let second = -1, bSecond = bFirst, xSecond = 0;
    if (first !== 0) (second = 0), (bSecond = b0), (xSecond = x0);
    if (n > 1 && first !== 1 && (second < 0 || x1 > xSecond)) (second = 1), (bSecond = b1), (xSecond = x1);
    if (n > 2 && first !== 2 && (second < 0 || x2 > xSecond)) (second = 2), (bSecond = b2), (xSecond = x2);
    if (n > 3 && first !== 3 && (second < 0 || x3 > xSecond)) (second = 3), (bSecond = b3), (xSecond = x3);
    const kept = xFirst + (second >= 0 ? xSecond : 0);
    if (n > 2) {
      stats.reduced++;
      stats.worstDropped = Math.max(stats.worstDropped, 1 - kept / total);
    }
    bones[v * 2] = bFirst;
    bones[v * 2 + 1] = bSecond;
    weights[v * 2] = xFirst / kept;
    weights[v * 2 + 1] = second >= 0 ? xSecond / kept : 0;
  }
  return { bones, weights };
}

// One record kept: a literal's map is held by no literal (V8's map cache holds it weakly), and the loops that read these
// records were compiled again after every full GC that took a write's records (ms3d's output.ts).
keepMapAlive({ bones: new Int32Array(0), weights: new Float32Array(0) } satisfies Influences);
