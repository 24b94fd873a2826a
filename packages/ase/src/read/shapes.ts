import type { AseShapeLine } from '../file.js';
import { block, type Ctx } from './blocks.js';

/** `*SHAPE_LINE`: the vertices of one spline, knots and interpolated points alike. */
export function readShapeLine(ctx: Ctx, index: number): AseShapeLine {
  const tk = ctx.tk;
  const coords: number[] = [];
  const knots: number[] = [];
  let closed = false;
  block(ctx, 'SHAPE_LINE', (kw) => {
    if (kw === 'SHAPE_CLOSED') closed = true;
    else if (kw === 'SHAPE_VERTEX_KNOT' || kw === 'SHAPE_VERTEX_INTERP') {
      tk.int('a shape vertex index');
      coords.push(tk.num('x'), tk.num('y'), tk.num('z'));
      knots.push(kw === 'SHAPE_VERTEX_KNOT' ? 1 : 0);
    }
  });
  return { index, closed, vertices: Float32Array.from(coords), knots: Uint8Array.from(knots) };
}
