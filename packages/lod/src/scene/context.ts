import type { FiniteScrub, Scene, WarningSink } from '@relic3d/core';
import type { Axis } from './axes.js';

/** What every concern of one build shares. */
export interface BuildContext {
  scene: Scene;
  axis: Axis;
  sink: WarningSink;
  /** Counts the non-finite transforms, keys and values replaced, for one warning at the end. */
  finite: FiniteScrub;
}
