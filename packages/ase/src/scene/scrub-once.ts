import { markScrubbedFinite, scrubNonFinite, type Scene, type WarningSink } from '@relic3d/core';

/**
 * Scrub once (issue 25): the glTF exporter trusts a scene marked finite and does not scan it again.
 * Every float attribute of every primitive was scrubbed where it was made (mesh.ts `sanitize`,
 * shapes.ts), so those are not scanned here; key values, morph deltas, skin matrices and transforms
 * are checked once.
 */
export function vouchFinite(scene: Scene, sink: WarningSink): void {
  const known = new Set<Float32Array>();
  for (const mesh of scene.meshes) for (const p of mesh.primitives) for (const array of Object.values(p.attributes)) if (array instanceof Float32Array) known.add(array);
  const fixed = scrubNonFinite(scene, known);
  if (fixed) sink.warn('ASE_BAD_NUMBER', `${fixed} non-finite values in keys, morph targets, skin matrices or transforms replaced by 0`);
  markScrubbedFinite(scene);
}
