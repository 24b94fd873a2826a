import type { Scene } from '@relic3d/core';
import { triangleCount } from './geometry.js';

// Alike in field names to relic3d's SceneInfo, not in meaning: this counts what a frame draws (a mesh once per node using it).
export interface SceneStats {
  nodes: number;
  meshes: number;
  primitives: number;
  /** Vertices drawn: each node's mesh counted once per node that uses it. */
  vertices: number;
  triangles: number;
  materials: number;
  textures: number;
  joints: number;
  clips: number;
}

/** Counts of what a scene draws (LOD levels all counted). */
export function sceneStats(scene: Scene): SceneStats {
  let primitives = 0, vertices = 0, triangles = 0;
  for (const node of scene.nodes) {
    const mesh = node.mesh !== undefined ? scene.meshes[node.mesh] : undefined;
    if (!mesh) continue;
    for (const p of mesh.primitives) {
      primitives++;
      vertices += p.attributes.POSITION.length / 3;
      triangles += triangleCount(p);
    }
  }
  return {
    nodes: scene.nodes.length,
    meshes: scene.meshes.length,
    primitives,
    vertices,
    triangles,
    materials: scene.materials.length,
    textures: scene.textures.length,
    joints: scene.skins.reduce((n, s) => n + s.joints.length, 0),
    clips: scene.animations.length,
  };
}
