// Scrub once: readers replace non-finite values while they build a scene, so the exporter need not
// scan those arrays again. A reader says so by setting this symbol on the scene; any other scene
// (hand-built, edited, from elsewhere) is checked once per array, here.

import { FINITE_SCENE } from '@relic3d/core';

/** `scene[FINITE_SCENE] === true`: every float array and value in the scene is finite (set by readers: core's markScrubbedFinite). */
export { FINITE_SCENE };

/** Whether the scene's producer vouches that it is finite (the flag is not copied by spreads of nodes or arrays). */
export function isKnownFinite(scene: object): boolean {
  return (scene as { [FINITE_SCENE]?: unknown })[FINITE_SCENE] === true;
}
