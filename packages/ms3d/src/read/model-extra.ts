import type { ByteReader } from '@relic3d/core';
import type { Ms3dModelExtra } from '../file.js';
import { MODEL_EXTRA_SIZE } from './layout.js';

/** Trailer section d), after its sub-version 1 (docs/formats/ms3d.md §2.8). */
export function readModelExtra(r: ByteReader, subVersion: number): Ms3dModelExtra {
  r.need(MODEL_EXTRA_SIZE, 'model extra');
  return { subVersion, jointSize: r.f32(), transparencyMode: r.i32(), alphaRef: r.f32() };
}
