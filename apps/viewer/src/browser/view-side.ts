// The side a thumbnail looks from. Game models are single-sided (back faces are culled), and a thin
// sheet seen from behind draws nothing: two cards of the bench's game folder were empty because all
// their triangles faced away from the usual camera. Pure: the unit tests run it in Node.

export type Direction = readonly [number, number, number];

/** The viewer's first-view direction (from the target towards the camera), tried first. */
export const USUAL_SIDE: Direction = [0.45, 0.3, 1];

/** The other sides tried when the usual one sees too little: behind, above, below. */
export const OTHER_SIDES: readonly Direction[] = [[-0.45, 0.3, -1], [0.3, 1, 0.45], [0.3, -1, 0.45]];

/**
 * The usual side keeps its place while it sees at least this share of the best side's front-facing
 * area: most models look as in the full view, and only those it barely shows turn (a flat floor
 * facing up is seen at 0.3 of its area from the usual side against 0.9 from above, and stays).
 */
const KEEP_USUAL = 0.25;

/** Triangles in world space: positions (xyz), optional indices, and the 4×4 column-major matrix that places them. */
export interface Triangles {
  positions: ArrayLike<number>;
  indices?: ArrayLike<number>;
  matrix?: ArrayLike<number>;
  /** Drawn from both sides (a double-sided material): every side sees it. */
  doubleSided?: boolean;
}

/** Front-facing projected area (counter-clockwise triangles face their normal, as in WebGL) seen from each direction. */
export function visibleAreas(meshes: Iterable<Triangles>, sides: readonly Direction[]): number[] {
  const units = sides.map((d) => {
    const l = Math.hypot(d[0], d[1], d[2]) || 1;
    return [d[0] / l, d[1] / l, d[2] / l];
  });
  const areas = sides.map(() => 0);
  const p = new Float64Array(9);
  for (const { positions, indices, matrix: m, doubleSided } of meshes) {
    const count = indices ? indices.length : Math.floor(positions.length / 3);
    for (let t = 0; t + 2 < count; t += 3) {
      for (let k = 0; k < 3; k++) {
        const v = (indices ? indices[t + k] : t + k) * 3;
        const x = positions[v], y = positions[v + 1], z = positions[v + 2];
        p[k * 3] = m ? m[0] * x + m[4] * y + m[8] * z + m[12] : x;
        p[k * 3 + 1] = m ? m[1] * x + m[5] * y + m[9] * z + m[13] : y;
        p[k * 3 + 2] = m ? m[2] * x + m[6] * y + m[10] * z + m[14] : z;
      }
      const ux = p[3] - p[0], uy = p[4] - p[1], uz = p[5] - p[2];
      const vx = p[6] - p[0], vy = p[7] - p[1], vz = p[8] - p[2];
      const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
      for (let s = 0; s < units.length; s++) {
        const facing = nx * units[s][0] + ny * units[s][1] + nz * units[s][2];
        if (facing > 0 || doubleSided) areas[s] += Math.abs(facing) / 2;
      }
    }
  }
  return areas;
}

/**
 * The direction to look from: the usual one unless another side sees more than four times its
 * front-facing area (a model with no area, or a flat one seen edge-on, keeps the usual side).
 */
export function viewSide(meshes: Iterable<Triangles>): Direction {
  const sides = [USUAL_SIDE, ...OTHER_SIDES];
  const areas = visibleAreas(meshes, sides);
  let best = 0;
  for (let s = 1; s < sides.length; s++) if (areas[s] > areas[best]) best = s;
  return areas[0] >= KEEP_USUAL * areas[best] ? USUAL_SIDE : sides[best];
}
