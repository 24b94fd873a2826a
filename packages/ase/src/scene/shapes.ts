import { zeroNonFinite, type Mesh } from '@relic3d/core';
import type { AseObject } from '../file.js';
import type { M4 } from './axes.js';

/** `*SHAPEOBJECT` splines as `LINE_STRIP` / `LINE_LOOP` primitives in node-local scene axes. */
export function shapeMesh(name: string, obj: AseObject, toLocal: M4): Mesh | undefined {
  const primitives = [];
  for (const line of obj.shapeLines ?? []) {
    const n = line.vertices.length / 3;
    if (n < 2) continue;
    const positions = new Float32Array(n * 3);
    for (let v = 0; v < n; v++) {
      const x = line.vertices[v * 3], y = line.vertices[v * 3 + 1], z = line.vertices[v * 3 + 2];
      positions[v * 3] = toLocal[0] * x + toLocal[4] * y + toLocal[8] * z + toLocal[12];
      positions[v * 3 + 1] = toLocal[1] * x + toLocal[5] * y + toLocal[9] * z + toLocal[13];
      positions[v * 3 + 2] = toLocal[2] * x + toLocal[6] * y + toLocal[10] * z + toLocal[14];
    }
    zeroNonFinite(positions);
    primitives.push({
      attributes: { POSITION: positions },
      mode: line.closed ? ('LINE_LOOP' as const) : ('LINE_STRIP' as const),
      extras: { shapeLine: line.index, closed: line.closed, knots: Array.from(line.knots) },
    });
  }
  return primitives.length ? { name, primitives } : undefined;
}
