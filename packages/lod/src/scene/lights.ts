import { addNode, math, type Light, type Quat, type Vec3 } from '@relic3d/core';
import type { LodFile } from '../file.js';
import type { BuildContext } from './context.js';

const LIGHT_STYLES = ['spot', 'omni', 'parallel'];

/** A rotation taking glTF's light direction (−Z) onto `dir`. */
function rotationFromMinusZ(dir: Vec3): Quat | undefined {
  const l = Math.hypot(dir[0], dir[1], dir[2]);
  if (!(l > 0) || !Number.isFinite(l)) return undefined;
  const d: Vec3 = [dir[0] / l, dir[1] / l, dir[2] / l];
  const dot = -d[2]; // (0,0,−1)·d
  if (dot < -0.999999) return [1, 0, 0, 0]; // opposite: half turn about X
  const axis: Vec3 = [d[1], -d[0], 0]; // (0,0,−1) × d
  return math.quatNormalize([axis[0], axis[1], axis[2], 1 + dot]);
}

/** One group node per light scheme (the first is active); its enabled lights as `scene.lights`. */
export function buildLights(file: LodFile, { scene, axis, finite }: BuildContext): void {
  file.lightSchemes.forEach((scheme, s) => {
    const group = addNode(scene, { name: scheme.name || `light scheme ${s}`, extras: { lightScheme: s, active: s === 0, lights: scheme.lights } });
    scheme.lights.forEach((l, i) => {
      if (!l.enabled) return;
      const style = LIGHT_STYLES[l.style] ?? 'omni';
      const color = finite.vec([l.diffuse[0], l.diffuse[1], l.diffuse[2]]).map((c) => Math.max(0, c)) as Vec3;
      const cutoff = finite.value(l.spotCutOff, 180);
      const light: Light = {
        name: `${scheme.name} ${i}`,
        type: style === 'parallel' ? 'directional' : style === 'spot' && cutoff < 180 ? 'spot' : 'point',
        color,
        intensity: 1,
        extras: { ...l, styleName: style },
      };
      if (light.type === 'spot') {
        light.outerConeAngle = (Math.min(90, Math.max(0, cutoff)) * Math.PI) / 180;
        light.innerConeAngle = 0;
      }
      scene.lights.push(light);
      const node = addNode(scene, { name: light.name!, light: scene.lights.length - 1, translation: finite.vec(axis.point(...l.position)) }, group);
      if (light.type !== 'point') {
        const rotation = rotationFromMinusZ(axis.point(...(finite.vec([...l.spotDirection]) as Vec3)));
        if (rotation) scene.nodes[node].rotation = rotation;
      }
    });
  });
}
