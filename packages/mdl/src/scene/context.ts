import type { Scene, WarningSink } from '@relic3d/core';
import type { MdlFile, MdlParseOptions } from '../file.js';
import type { MaterialTable } from './materials.js';
import type { Skeleton } from './skins.js';

/** The state of one scene build, handed to each concern. */
export interface BuildContext {
  scene: Scene;
  file: MdlFile;
  options: MdlParseOptions;
  sink: WarningSink;
  materials: MaterialTable;
  /** Arrays already checked to hold only finite values while they were built (the scrub skips them). */
  finite: Set<Float32Array>;
  /** dP/dv sums of the largest mesh so far, reused by the next ones. */
  scratch: Float64Array;
  topSkeleton?: Skeleton;
}
