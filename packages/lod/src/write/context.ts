import type { CodePageEncoder, Quat, Scene, Vec3, WarningSink, WriteOptions } from '@relic3d/core';
import { DEFAULT_UP_AXIS, SIGNATURE } from '../file.js';
import { axisFor } from '../scene/axes.js';
import type { WriteAxis } from './axes.js';

/** Options of `writeLod`. */
export interface WriteLodOptions extends WriteOptions {
  /**
   * Up axis of the written content: `'z'` writes LODka3D's Z-up content, `'y'` the scene's
   * coordinates as they are (read it back with `upAxis: 'y'`). Default: the axis the scene was read
   * with when it came from a `.lod` file (`extras.upAxis`), so round trips are exact; else `'z'`.
   */
  upAxis?: 'y' | 'z';
  /**
   * Also embed the images of textures in a `TXTL`/`TXTR` library (the LODka 3D editor's; GLScene
   * skips it). Images are always written as files beside the model too. Default: only textures
   * that came from a `TXTR` library (`extras.embeddedFor`).
   */
  embedImages?: boolean;
  /** Code page of names; LODka 3D is a Russian ANSI program, so the default is 'windows-1251'. */
  codePage?: string;
}

/** What every concern of one write shares. */
export interface WriteContext {
  scene: Scene;
  options: WriteLodOptions;
  sink: WarningSink;
  axis: WriteAxis;
  encoder: CodePageEncoder;
  /** Base name of the written files. */
  base: string;
  /** Every file written beside the model (images), by name. */
  files: Record<string, Uint8Array>;
  /** Whether the scene was read from a .lod file (directly or through glTF): its extras are the file's. */
  fromLod: boolean;
  /** Stored file-space values of `extras` (lights, physics) → the file being written. */
  restage: Restage;
  /** `writeBudget(scene)`: the most bytes the write may build (core/write/budget.ts). */
  budget: number;
}

/** Maps file-space values as a .lod stored them (read with one up axis) into the written file's space. */
export interface Restage {
  point(v: ArrayLike<number>): Vec3;
  quat(q: ArrayLike<number>): Quat;
  scale(s: ArrayLike<number>): Vec3;
}

/** Whether `scene` came from a .lod file: the reader marks its extras with the signature. */
export const readFromLod = (scene: Scene) => scene.extras.signature === SIGNATURE;

/** The up axis a .lod scene was read with (the format's own for any other scene). */
export const readUpAxis = (scene: Scene): 'y' | 'z' => (readFromLod(scene) && scene.extras.upAxis === 'y' ? 'y' : DEFAULT_UP_AXIS);

/** File space as read → scene → file space as written (identity when both axes agree). */
export function restageFor(scene: Scene, axis: WriteAxis): Restage {
  const read = axisFor(readUpAxis(scene));
  if (read.up === axis.up) return { point: (v) => [v[0], v[1], v[2]], quat: (q) => [q[0], q[1], q[2], q[3]], scale: (v) => [v[0], v[1], v[2]] };
  return { point: (v) => axis.point(read.point(v[0], v[1], v[2])), quat: (q) => axis.quat(read.quat(q)), scale: (v) => axis.scale(read.scale(v)) };
}

/** A record from `extras`, if it is one. */
export function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !ArrayBuffer.isView(value) ? (value as Record<string, unknown>) : undefined;
}

/** A finite number from `extras`, else the fallback. */
export function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A number array of `length` from `extras`, else undefined. */
export function nums(value: unknown, length: number): number[] | undefined {
  if (!Array.isArray(value) && !ArrayBuffer.isView(value)) return undefined;
  const a = Array.from(value as ArrayLike<unknown>);
  return a.length === length && a.every((v) => typeof v === 'number' && Number.isFinite(v)) ? (a as number[]) : undefined;
}
