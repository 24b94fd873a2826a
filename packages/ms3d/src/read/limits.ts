import type { WarningSink } from '@relic3d/core';
import { MS3D_LIMITS, type Ms3dFile } from '../file.js';

/** Warns for counts above MilkShape's editor limits (docs/formats/ms3d.md §2.9). */
export function checkLimits(file: Ms3dFile, sink: WarningSink): void {
  const over = (what: keyof typeof MS3D_LIMITS, n: number) => {
    if (n > MS3D_LIMITS[what]) sink.warn('MS3D_OVER_LIMIT', `${n} ${what} exceed MilkShape's limit of ${MS3D_LIMITS[what]}`);
  };
  over('vertices', file.vertices.count);
  over('triangles', file.triangles.count);
  over('groups', file.groups.length);
  over('materials', file.materials.length);
  over('joints', file.joints.length);
}
