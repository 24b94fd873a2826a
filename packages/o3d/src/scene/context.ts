/** What the scene builder's steps share while one scene is built. */
import type { Scene, WarningSink } from '@relic3d/core';
import type { O3dFile, O3dParseOptions } from '../file.js';
import type { O3dCompanions } from '../read/companions.js';
import type { Skeleton } from './skeleton.js';

export interface BuildContext {
  readonly scene: Scene;
  readonly file: O3dFile;
  readonly companions: O3dCompanions;
  readonly sink: WarningSink;
  readonly kernels: O3dParseOptions['kernels'];
  /** The model's root node. */
  root: number;
  skeleton?: Skeleton;
  /** The skin, once a skinned mesh asked for it. */
  skinIndex: number;
  /** Codes warned once per scene, already warned. */
  readonly warned: Set<string>;
  /** Copies of skeleton nodes inside LOD levels, per level: original node → copy (followers.ts). */
  readonly followers: Map<number, Map<number, number>>;
  /** Arrays finite by construction (keyChannels scrubs its own; checked kernel weights): the scrubs skip them. */
  readonly finiteValues: Set<Float32Array>;
  /** Non-finite values replaced, by what they were. */
  readonly notFinite: Map<string, number>;
  /** Motions that do not fit the skeleton: one warning names them all. */
  readonly skipped: string[];
  /** Material key (materials.ts) → material index. */
  readonly materialKeys: Map<string, number>;
  /** Lower-cased texture name → texture index. */
  readonly textureKeys: Map<string, number>;
}

export function warnOnce(ctx: BuildContext, code: string, message: string): void {
  if (ctx.warned.has(code)) return;
  ctx.warned.add(code);
  ctx.sink.warn(code, message);
}
