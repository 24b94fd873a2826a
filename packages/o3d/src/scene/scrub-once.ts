import { markScrubbedFinite, scrubNonFinite, type Scene, type WarningSink } from '@relic3d/core';

/**
 * Scrub once (issue 25): the glTF exporter trusts a scene marked finite and does not scan it again.
 * Arrays this builder already scrubbed are not scanned here: every primitive's POSITION, NORMAL and
 * TEXCOORD_0 (meshes.ts, vertices.ts) and every translation, rotation and scale key (finite.ts
 * `scrubTransforms`), and `finite`: arrays finite by construction (the kernel's checked weights,
 * skin.ts). The rest (other weights, skin matrices) is checked once. Call it last.
 */
export function vouchFinite(scene: Scene, sink: WarningSink, finite: ReadonlySet<Float32Array>): void {
  const known = new Set<Float32Array>(finite);
  for (const mesh of scene.meshes) {
    for (const p of mesh.primitives) {
      const a = p.attributes;
      for (const array of [a.POSITION, a.NORMAL, a.TEXCOORD_0]) if (array) known.add(array);
    }
  }
  for (const clip of scene.animations) for (const ch of clip.channels) if (ch.path !== 'weights') known.add(ch.values);
  const fixed = scrubNonFinite(scene, known);
  if (fixed) sink.warn('O3D_NOT_FINITE', `non-finite values (NaN or infinite) replaced: ${fixed} in weights, skin matrices or colliders`);
  markScrubbedFinite(scene);
}
