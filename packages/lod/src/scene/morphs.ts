import type { LodFile } from '../file.js';
import { ANIMATION_MODES, DEFAULT_INTERVAL_MS } from './animation.js';
import type { BuildContext } from './context.js';
import type { MeshNodes } from './meshes.js';

/** Morph targets may take this many floats per stored MMD1 float, plus MORPH_BUDGET_FLOATS. */
const MORPH_BUDGET_FACTOR = 16;
const MORPH_BUDGET_FLOATS = 1 << 22;

/** Morph frames (MMD1) become one morph target per frame plus one weights clip per animation. */
export function buildMorphs(file: LodFile, { scene, axis, sink, finite }: BuildContext, meshes: MeshNodes): void {
  for (const record of file.morphFrames?.meshes ?? []) {
    const built = meshes.built[record.meshIndex];
    const raw = file.meshes[record.meshIndex];
    if (!built || !raw || record.vertexCount !== raw.positions.length / 3 || record.frameCount === 0 || !built.mesh.primitives.length) {
      sink.warn('LOD_MORPH_MESH', `MMD1 record for mesh ${record.meshIndex} ('${record.meshName}') does not match a drawn mesh of ${record.vertexCount} positions; kept in extras only`);
      continue;
    }
    // Targets hold frames × render vertices × 3 floats and the one-hot weight keys frames²: refuse
    // sizes far beyond the stored frames instead of multiplying a small file into gigabytes.
    const renderVertices = built.positionOfVertex.reduce((s, p) => s + p.length, 0);
    const needed = record.frameCount * (renderVertices * 3 + record.frameCount);
    if (needed > MORPH_BUDGET_FACTOR * record.vertices.length + MORPH_BUDGET_FLOATS) {
      sink.warn('LOD_MORPH_SIZE', `MMD1 record for mesh ${record.meshIndex} ('${record.meshName}'): ${record.frameCount} frames of ${renderVertices} vertices would need ${needed} floats as morph targets; kept in extras only`);
      continue;
    }
    const frames = axis.points(record.vertices.slice());
    const size = record.vertexCount * 3;
    built.mesh.primitives.forEach((primitive, p) => {
      const posIndex = built.positionOfVertex[p];
      primitive.targets = [];
      for (let f = 0; f < record.frameCount; f++) {
        const delta = new Float32Array(posIndex.length * 3);
        for (let v = 0; v < posIndex.length; v++) {
          for (let c = 0; c < 3; c++) delta[v * 3 + c] = finite.value(frames[f * size + posIndex[v] * 3 + c] - primitive.attributes.POSITION[v * 3 + c]);
        }
        primitive.targets.push({ name: `frame ${f}`, POSITION: delta });
      }
    });
    built.mesh.weights = new Array(record.frameCount).fill(0);
    const node = meshes.nodes[record.meshIndex];
    const collection = file.morphCollections?.collections.find((c) => c.name === record.collectionName);
    const anims = collection?.animations.length
      ? collection.animations
      : [{ name: record.collectionName || record.meshName, mode: 0, interval: DEFAULT_INTERVAL_MS, frameCount: record.frameCount }];
    let first = 0;
    for (const anim of anims) {
      const count = Math.max(0, Math.min(anim.frameCount, record.frameCount - first));
      if (count === 0) continue;
      const dt = (anim.interval > 0 ? anim.interval : DEFAULT_INTERVAL_MS) / 1000;
      const values = new Float32Array(count * record.frameCount);
      for (let k = 0; k < count; k++) values[k * record.frameCount + first + k] = 1;
      scene.animations.push({
        name: collection ? `${collection.name}/${anim.name}` : anim.name,
        duration: (count - 1) * dt,
        channels: [{ node, path: 'weights', times: Float32Array.from({ length: count }, (_, k) => k * dt), values, interpolation: 'LINEAR' }],
        extras: { morph: true, mode: anim.mode, modeName: ANIMATION_MODES[anim.mode] ?? 'unknown', interval: anim.interval, firstFrame: first, frameCount: count },
      });
      first += count;
    }
  }
}
