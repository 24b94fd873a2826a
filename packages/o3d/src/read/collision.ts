/** The optional collision mesh: a flag, then a normal object's geometry (docs/formats/o3d.md §2.1). */
import type { O3dGeometry } from '../file.js';
import { readGeometry } from './geometry.js';
import type { Reading } from './reading.js';

export function readCollision(reading: Reading): O3dGeometry | undefined {
  return reading.r.i32() !== 0 ? readGeometry(reading, false) : undefined;
}
