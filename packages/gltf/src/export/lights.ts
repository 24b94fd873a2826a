import { KHRLightsPunctual, type Light as GLight } from '@gltf-transform/extensions';
import { clamp01 } from '@relic3d/core';
import type { ExportContext } from './context.js';
import { extrasOf } from './extras.js';

/** Every scene light as a KHR_lights_punctual light, in scene order; spot cones made valid. */
export function createLights(ctx: ExportContext): GLight[] {
  const lights = ctx.scene.lights.length ? ctx.doc.createExtension(KHRLightsPunctual) : undefined;
  return ctx.scene.lights.map((light, i) => {
    const g = lights!.createLight(light.name ?? `light_${i}`).setType(light.type);
    g.setColor([clamp01(light.color[0]), clamp01(light.color[1]), clamp01(light.color[2])]);
    g.setIntensity(Number.isFinite(light.intensity) && light.intensity >= 0 ? light.intensity : 1);
    if (light.range !== undefined && light.range > 0 && Number.isFinite(light.range) && light.type !== 'directional') g.setRange(light.range);
    if (light.type === 'spot') {
      let outer = light.outerConeAngle ?? Math.PI / 4;
      let inner = light.innerConeAngle ?? 0;
      if (!(outer > 0) || outer > Math.PI / 2) outer = Math.min(Math.PI / 2, Math.max(1e-3, outer || Math.PI / 4));
      if (!(inner >= 0) || inner >= outer) {
        inner = Math.max(0, Math.min(inner || 0, outer * 0.999));
        ctx.warn('GLTF_LIGHT_FIXED', `light ${i}: spot cone angles adjusted to inner ${inner} < outer ${outer}`);
      }
      g.setInnerConeAngle(inner).setOuterConeAngle(outer);
    }
    const extras = extrasOf(light.extras);
    if (extras) g.setExtras(extras);
    return g;
  });
}
