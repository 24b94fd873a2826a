import type { Light as GLight } from '@gltf-transform/extensions';
import type { Light, RGB } from '@relic3d/core';
import type { ImportContext } from './context.js';
import { extrasWithout, finiteOr, finiteTuple, textOf } from './values.js';

const TYPES = new Set(['directional', 'point', 'spot']);

/** One scene light per KHR_lights_punctual light, in the file's order (attached to a node or not). */
export function createLights(ctx: ImportContext): void {
  const extension = ctx.root.listExtensionsUsed().find((e) => e.extensionName === 'KHR_lights_punctual');
  const lights = (extension?.listProperties() ?? []) as unknown as GLight[];
  lights.forEach((g, i) => {
    const name = textOf(g.getName());
    const label = `light ${i}${name ? ` '${name}'` : ''}`;
    if (!TYPES.has(g.getType())) {
      ctx.warn('GLTF_LIGHT_DROPPED', `${label} has type ${JSON.stringify(g.getType())}, which is not a punctual light type; left out`);
      return;
    }
    let fixed = false;
    const color = finiteTuple(g.getColor(), 3);
    const intensity = g.getIntensity();
    const light: Light = { type: g.getType(), color: (color as RGB) ?? [1, 1, 1], intensity: finiteOr(intensity, 1) };
    if (!color || light.intensity !== intensity) fixed = true;
    if (name) light.name = name;
    const range = g.getRange();
    if (range !== null && range !== undefined && light.type !== 'directional') {
      if (Number.isFinite(range) && range > 0) light.range = range;
      else fixed = true;
    }
    if (light.type === 'spot') {
      const outer = g.getOuterConeAngle();
      const inner = g.getInnerConeAngle();
      light.outerConeAngle = Number.isFinite(outer) && outer > 0 && outer <= Math.PI / 2 ? outer : ((fixed = true), Math.PI / 4);
      light.innerConeAngle = Number.isFinite(inner) && inner >= 0 && inner < light.outerConeAngle ? inner : ((fixed = true), 0);
    }
    if (fixed) ctx.warn('GLTF_LIGHT_FIXED', `${label} has a colour, intensity, range or cone angles that are not usable; replaced`);
    const extras = extrasWithout(g.getExtras());
    if (extras) light.extras = extras;
    ctx.lights.set(g, ctx.scene.lights.push(light) - 1);
  });
}
