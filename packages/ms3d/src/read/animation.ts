import type { ByteReader } from '@relic3d/core';
import type { Ms3dFile } from '../file.js';
import { ANIMATION_BLOCK_SIZE } from './layout.js';

export type Ms3dAnimationBlock = Pick<Ms3dFile, 'animationFps' | 'currentTime' | 'totalFrames'>;

/** The 12-byte animation block before the joints (docs/formats/ms3d.md §2.6), present in every file. */
export function readAnimationBlock(r: ByteReader): Ms3dAnimationBlock {
  r.need(ANIMATION_BLOCK_SIZE, 'animation block (fps, current time, total frames)');
  const animationFps = r.f32();
  const currentTime = r.f32();
  const totalFrames = r.i32();
  return { animationFps, currentTime, totalFrames };
}
