import { isEmptyBounds, type Scene, type Vec3 } from '@relic3d/core';
import { computeBounds } from './bounds.js';

/** What `relic3d info --json` prints (documented in the README). */
export interface SceneInfo {
  format: string;
  version: number | string | null;
  meshes: number;
  primitives: number;
  vertices: number;
  triangles: number;
  materials: number;
  textures: number;
  /** Distinct joint nodes over all skins. */
  joints: number;
  animations: { name: string; duration: number; channels: number }[];
  /** Most LOD levels on any node; 1 when the file has no LOD data. */
  lods: number;
  colliders: number;
  cameras: number;
  lights: number;
  /** Bind-pose bounds of LOD 0; null for a scene without geometry. */
  bounds: { min: Vec3; max: Vec3 } | null;
  warnings: { code: string; message: string; offset?: number }[];
}

/** Counts and bounds of a scene, as `relic3d info` reports them. */
export function describeScene(scene: Scene): SceneInfo {
  let primitives = 0, vertices = 0, triangles = 0;
  for (const mesh of scene.meshes) {
    for (const prim of mesh.primitives) {
      primitives++;
      const count = prim.attributes.POSITION.length / 3;
      vertices += count;
      if ((prim.mode ?? 'TRIANGLES') === 'TRIANGLES') triangles += Math.floor((prim.indices ? prim.indices.length : count) / 3);
    }
  }
  const joints = new Set<number>();
  for (const skin of scene.skins) for (const j of skin.joints) joints.add(j);
  const lods = scene.nodes.reduce((most, node) => Math.max(most, node.lods?.length ?? 1), 1);
  const bounds = computeBounds(scene);
  return {
    format: scene.format,
    version: scene.version ?? null,
    meshes: scene.meshes.length,
    primitives,
    vertices,
    triangles,
    materials: scene.materials.length,
    textures: scene.textures.length,
    joints: joints.size,
    animations: scene.animations.map((a) => ({ name: a.name, duration: a.duration, channels: a.channels.length })),
    lods,
    colliders: scene.colliders.length,
    cameras: scene.cameras.length,
    lights: scene.lights.length,
    bounds: isEmptyBounds(bounds) ? null : { min: bounds.min, max: bounds.max },
    warnings: scene.warnings.map((w) => (w.offset === undefined ? { code: w.code, message: w.message } : { code: w.code, message: w.message, offset: w.offset })),
  };
}
