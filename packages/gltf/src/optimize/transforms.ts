// The optimisation plan as glTF-Transform's own functions, in the order its `optimize` command
// runs them: dedup, instance, flatten, join, weld, resample, prune, sparse, then compression.
// @gltf-transform/functions is imported on first use: on Node it loads sharp (through
// ndarray-pixels) as it loads, which no caller of toGlb or fromGltf should pay for.
import { PropertyType, type Transform, type Document } from '@gltf-transform/core';
import { EXTMeshoptCompression } from '@gltf-transform/extensions';
import type * as Functions from '@gltf-transform/functions';
import type { Warning } from '@relic3d/core';
import { loadMeshoptEncoder } from './encoders.js';
import type { OptimizePlan } from './options.js';

/** The transforms of `plan`; meshopt's encoder is loaded only when the plan compresses with it. */
export async function transformsFor(plan: OptimizePlan, warn: (w: Warning) => void): Promise<Transform[]> {
  const { dedup, draco, flatten, instance, join, meshopt, prune, quantize, reorder, resample, sparse, weld } = await import('@gltf-transform/functions');
  const steps: Transform[] = [];
  const dedupTypes = plan.dedup ? [PropertyType.ACCESSOR, PropertyType.MESH, PropertyType.MATERIAL, PropertyType.SKIN] : [];
  if (plan.textures) dedupTypes.push(PropertyType.TEXTURE);
  if (dedupTypes.length) steps.push(dedup({ propertyTypes: dedupTypes }));
  if (plan.instance) steps.push(instance());
  if (plan.flatten) steps.push(flatten());
  if (plan.join) steps.push(join());
  if (plan.weld) steps.push(weld());
  if (plan.resample) steps.push(resample());
  if (plan.prune) {
    // Empty nodes (attachment points, helpers) and attributes no material samples stay, but in `size`.
    steps.push(prune({ keepLeaves: !plan.pruneLeaves, keepAttributes: !plan.pruneLeaves, keepSolidTextures: true, keepExtras: true }));
  } else if (plan.textures) {
    steps.push(prune({ propertyTypes: [PropertyType.TEXTURE], keepSolidTextures: true }));
  }
  if (plan.sparse) steps.push(sparse());

  if (plan.compress === 'draco') {
    // glTF-Transform's draco() welds first: Draco needs indexed geometry.
    if (!plan.weld) warn({ code: 'GLTF_OPTIMIZE_WELD_REQUIRED', message: 'Draco compression welds the geometry itself; turning weld off has no effect with --compress draco' });
    steps.push(draco());
  } else if (plan.compress === 'meshopt') {
    const encoder = await loadMeshoptEncoder();
    if (plan.reorder && plan.quantize) steps.push(meshopt({ encoder, level: plan.meshoptLevel }));
    else steps.push(...meshoptWithout(plan, encoder, reorder, quantize));
  } else if (plan.quantize) {
    steps.push(quantize());
  }
  return steps;
}

/**
 * meshopt() always reorders and quantizes; with either turned off, its pieces run separately:
 * reorder, quantize (all attributes: no filters then) and the extension without filters.
 */
function meshoptWithout(plan: OptimizePlan, encoder: unknown, reorder: typeof Functions.reorder, quantize: typeof Functions.quantize): Transform[] {
  const steps: Transform[] = [];
  if (plan.reorder) steps.push(reorder({ encoder, target: 'size' }));
  if (plan.quantize) steps.push(quantize());
  steps.push(function meshoptCompression(document: Document): void {
    if (!document.getRoot().listAccessors().length) return;
    document.createExtension(EXTMeshoptCompression).setRequired(true).setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE });
  });
  return steps;
}
