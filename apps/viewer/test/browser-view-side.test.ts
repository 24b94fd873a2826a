// The side a thumbnail looks from (view-side.ts): single-sided sheets that face away from the usual
// camera are seen from the side they face; everything else keeps the usual view.
import { describe, expect, it } from 'vitest';
import { OTHER_SIDES, USUAL_SIDE, viewSide, visibleAreas } from '../src/browser/view-side.js';

/** A flat 1 × 1 square in the xz plane at y = 0, facing +y (counter-clockwise seen from above) or −y. */
function square(facingUp: boolean) {
  const positions = [0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1];
  // Seen from +y, a → (0,0,1) → (1,0,1) is counter-clockwise: its normal is +y.
  const up = [0, 3, 2, 0, 2, 1];
  return { positions, indices: facingUp ? up : [0, 1, 2, 0, 2, 3] };
}

describe('thumbnail view side', () => {
  it('measures front-facing projected area: a unit square facing up is seen with area 1 from straight above, 0 from below', () => {
    const [above, below, side] = visibleAreas([square(true)], [[0, 1, 0], [0, -1, 0], [1, 0, 0]]);
    expect(above).toBeCloseTo(1, 10);
    expect(below).toBe(0);
    expect(side).toBe(0);
  });

  it('keeps the usual side for a sheet facing up (the camera is above it)', () => {
    expect(viewSide([square(true)])).toBe(USUAL_SIDE);
  });

  it('turns to a side below for a sheet facing down, which the usual camera sees from behind (culled: an empty card)', () => {
    const side = viewSide([square(false)]);
    expect(side).not.toBe(USUAL_SIDE);
    expect(OTHER_SIDES).toContain(side);
    expect(side[1]).toBeLessThan(0);
    // The chosen side sees the sheet; the usual one sees nothing of it.
    const [usual, chosen] = visibleAreas([square(false)], [USUAL_SIDE, side]);
    expect(usual).toBe(0);
    expect(chosen).toBeGreaterThan(0.5);
  });

  it('applies the mesh matrix: the down-facing sheet turned over by a 180° rotation about x faces up again', () => {
    const flip = [1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1];
    expect(viewSide([{ ...square(false), matrix: flip }])).toBe(USUAL_SIDE);
  });

  it('keeps the usual side for a double-sided sheet, or a model with no triangles', () => {
    expect(viewSide([{ ...square(false), doubleSided: true }])).toBe(USUAL_SIDE);
    expect(viewSide([])).toBe(USUAL_SIDE);
    // Without indices: consecutive vertex triples.
    expect(viewSide([{ positions: [0, 0, 0, 1, 0, 0, 1, 0, 1] }])).not.toBe(USUAL_SIDE);
  });
});
