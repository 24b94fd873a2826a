import type { Primitive } from '@relic3d/core';
import type { TextWriter } from './text.js';

interface ShapeLine {
  positions: Float32Array;
  points: number[];
  closed: boolean;
  /** 1 knot / 0 interpolated per point, as the ASE reader kept them (`extras.knots`). */
  knots?: unknown[];
}

/** Line primitives as polylines: strips and loops as they are, segments chained where one ends where the next starts. */
function linesOf(primitives: Primitive[]): ShapeLine[] {
  const lines: ShapeLine[] = [];
  for (const p of primitives) {
    const positions = p.attributes.POSITION;
    const n = positions.length / 3;
    const order = p.indices ? Array.from(p.indices).filter((i) => i < n) : Array.from({ length: n }, (_, i) => i);
    if (p.mode === 'LINES') {
      let current: ShapeLine | undefined;
      for (let s = 0; s + 1 < order.length; s += 2) {
        if (current && current.points[current.points.length - 1] === order[s]) current.points.push(order[s + 1]);
        else lines.push((current = { positions, points: [order[s], order[s + 1]], closed: false }));
      }
    } else if (order.length >= 2) {
      const knots = p.extras?.knots;
      lines.push({ positions, points: order, closed: p.mode === 'LINE_LOOP', knots: Array.isArray(knots) && knots.length === order.length ? knots : undefined });
    }
  }
  return lines;
}

/** `*SHAPE_LINECOUNT` and the `*SHAPE_LINE` blocks of a `*SHAPEOBJECT`: vertices in world space (Max axes). */
export function writeShape(out: TextWriter, primitives: Primitive[], g: ArrayLike<number>): void {
  const lines = linesOf(primitives);
  out.text('\t*SHAPE_LINECOUNT ');
  out.int(lines.length);
  out.newline();
  lines.forEach((line, k) => {
    out.text('\t*SHAPE_LINE ');
    out.int(k);
    out.text(' {\n');
    if (line.closed) out.text('\t\t*SHAPE_CLOSED\n');
    out.text('\t\t*SHAPE_VERTEXCOUNT ');
    out.int(line.points.length);
    out.newline();
    const pos = line.positions;
    line.points.forEach((i, v) => {
      const x = pos[i * 3], y = pos[i * 3 + 1], z = pos[i * 3 + 2];
      const wx = g[0] * x + g[4] * y + g[8] * z + g[12], wy = g[1] * x + g[5] * y + g[9] * z + g[13], wz = g[2] * x + g[6] * y + g[10] * z + g[14];
      out.text(line.knots?.[v] === 0 ? '\t\t*SHAPE_VERTEX_INTERP\t' : '\t\t*SHAPE_VERTEX_KNOT\t');
      out.int(v);
      out.tab();
      // Scene axes → Max axes: (x, y, z) → (x, −z, y).
      out.fixed3(wx, -wz, wy);
      out.newline();
    });
    out.text('\t}\n');
  });
}
