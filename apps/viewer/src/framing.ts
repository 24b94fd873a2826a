import { computeBounds, type Bounds, type Scene } from '@relic3d/core';
import { sceneStats } from '@relic3d/three';

/** The longest clip's pose over its first seconds, so the view starts on the moving model (rest bounds without animation). */
export function framingBounds(scene: Scene, rest: Bounds): Bounds {
  if (!scene.animations.length) return rest;
  const out: Bounds = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
  const clip = scene.animations.reduce((best, c, i) => (c.duration > scene.animations[best].duration ? i : best), 0);
  const duration = scene.animations[clip].duration;
  const vertices = sceneStats(scene).vertices;
  const samples = vertices > 200_000 ? 1 : vertices > 20_000 ? 4 : 10;
  // The first seconds only: a long clip may walk far away, and the view should start on the model.
  const span = Math.min(duration, 3);
  for (let k = 0; k < samples; k++) {
    const posed = computeBounds(scene, { animation: clip, time: (span * k) / samples });
    if (!(posed.min[0] <= posed.max[0])) continue;
    for (let a = 0; a < 3; a++) {
      out.min[a] = Math.min(out.min[a], posed.min[a]);
      out.max[a] = Math.max(out.max[a], posed.max[a]);
    }
  }
  return out.min[0] <= out.max[0] ? out : rest;
}
