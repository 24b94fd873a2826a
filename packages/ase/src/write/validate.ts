import { WriteError, validateScene, type Scene, type WarningSink } from '@relic3d/core';

/** Problems the writer works around (with a warning where it does): everything else refuses the scene. */
const HANDLED = new Set(['NOT_FINITE', 'INDEX_RANGE', 'INDEX_COUNT', 'WEIGHT_SUM', 'JOINT_RANGE']);

/**
 * Refuses a broken scene with `WriteError` INVALID_SCENE (the first issue named); non-finite values,
 * indices past the vertices and odd index counts are handled where they are written.
 */
export function checkScene(scene: Scene, sink: WarningSink): void {
  const issues = validateScene(scene, { weightTolerance: 1e-2, trustMarkedFinite: true });
  const fatal = issues.find((i) => !HANDLED.has(i.code));
  if (fatal) {
    throw new WriteError({ format: 'ase', code: 'INVALID_SCENE', limit: 'a valid scene', value: `${fatal.code} at ${fatal.path}: ${fatal.message}`, where: fatal.path });
  }
  for (const i of issues) {
    if (i.code === 'NOT_FINITE') sink.warn('ASE_WRITE_NON_FINITE', `${i.path}: ${i.message}; written as 0`);
    else if (i.code === 'INDEX_COUNT') sink.warn('ASE_WRITE_BAD_INDEX', `${i.path}: ${i.message}; the last incomplete triangle is not written`);
    else if (i.code === 'WEIGHT_SUM' || i.code === 'JOINT_RANGE') sink.warn('ASE_WRITE_SKIN_WEIGHTS', `${i.path}: ${i.message}; readers renormalise ASE weights`);
  }
}
