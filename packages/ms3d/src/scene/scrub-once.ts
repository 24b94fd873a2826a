import { markScrubbedFinite, scrubNonFinite, type Scene, type WarningSink } from '@relic3d/core';

/**
 * Scrub once (issue 25): the glTF exporter trusts a scene marked finite and does not scan it again.
 * Arrays this builder already scrubbed while making them are not scanned here: every primitive's
 * POSITION, NORMAL and TEXCOORD_0 (groupPrimitive's gathers) and the LINEAR and STEP keys
 * (jointChannels; splitOrderedClip's end keys interpolate between them). The rest (weights, Hermite keys
 * cut by splitOrderedClip, skin matrices, transforms) is checked once.
 */
export function vouchFinite(scene: Scene, sink: WarningSink): void {
  const known = new Set<Float32Array>();
  for (const mesh of scene.meshes) {
    for (const p of mesh.primitives) {
      const a = p.attributes;
      for (const array of [a.POSITION, a.NORMAL, a.TEXCOORD_0]) if (array) known.add(array);
    }
  }
  for (const clip of scene.animations) for (const ch of clip.channels) if (ch.interpolation !== 'CUBICSPLINE') known.add(ch.values);
  const fixed = scrubNonFinite(scene, known);
  if (fixed) sink.warn('MS3D_NOT_FINITE', `${fixed} non-finite values in weights, skin matrices or transforms were set to 0`);
  markScrubbedFinite(scene);
}
