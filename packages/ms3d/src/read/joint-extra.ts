import type { ByteReader } from '@relic3d/core';
import type { Ms3dJointExtra } from '../file.js';
import { JOINT_COLOR_SIZE } from './layout.js';

/** Trailer section c), after its sub-version 1 (docs/formats/ms3d.md §2.8): an RGB editor colour per joint. */
export function readJointExtra(r: ByteReader, subVersion: number, jointCount: number): Ms3dJointExtra {
  const colors = r.f32Array(r.count(jointCount, JOINT_COLOR_SIZE, 'joint colours') * 3, 'joint colours').slice();
  return { subVersion, colors };
}
