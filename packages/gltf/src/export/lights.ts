import { clamp01 } from '@relic3d/core';
import type { ExportContext } from './context.js';
import type { Json } from './output.js';

const KHR_LIGHTS_PUNCTUAL = 'KHR_lights_punctual';

/** Every scene light as a KHR_lights_punctual light, in scene order (their indices); spot cones made valid. */
export function createLights(ctx: ExportContext): number[] {
  if (!ctx.scene.lights.length) return [];
  ctx.use(KHR_LIGHTS_PUNCTUAL);
  const lights: Json[] = [];
  ctx.json.extensions = { ...ctx.json.extensions, [KHR_LIGHTS_PUNCTUAL]: { lights } };
  return ctx.scene.lights.map((light, i) => {
    const g: Json = { name: light.name ?? `light_${i}`, type: light.type };
    g.color = [clamp01(light.color[0]), clamp01(light.color[1]), clamp01(light.color[2])];
    g.intensity = Number.isFinite(light.intensity) && light.intensity >= 0 ? light.intensity : 1;
    if (light.range !== undefined && light.range > 0 && Number.isFinite(light.range) && light.type !== 'directional') g.range = light.range;
    if (light.type === 'spot') {
      let outer = light.outerConeAngle ?? Math.PI / 4;
      let inner = light.innerConeAngle ?? 0;
      if (!(outer > 0) || outer > Math.PI / 2) outer = Math.min(Math.PI / 2, Math.max(1e-3, outer || Math.PI / 4));
      if (!(inner >= 0) || inner >= outer) {
        inner = Math.max(0, Math.min(inner || 0, outer * 0.999));
        ctx.warn('GLTF_LIGHT_FIXED', `light ${i}: spot cone angles adjusted to inner ${inner} < outer ${outer}`);
      }
      g.spot = { innerConeAngle: inner, outerConeAngle: outer };
    }
    const extras = ctx.extras(light.extras);
    if (extras) g.extras = extras;
    lights.push(g);
    return lights.length - 1;
  });
}
