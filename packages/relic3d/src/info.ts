import { computeBounds, hiddenLodNodes, isEmptyBounds, type Resolver, type Scene, type Vec3 } from '@relic3d/core';
import { kernelSkinning } from './bounds.js';

/** A texture the model uses: its path as the file writes it, and whether it was found. */
export interface TextureFileInfo {
  name: string;
  /** The image is inside the model file. */
  embedded: boolean;
  /** Found through the resolver (`null` when not looked up: no resolver, or embedded). */
  found: boolean | null;
}

// Alike in field names to @relic3d/three's SceneStats, not in meaning: info counts what the file holds, three what a frame draws.
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
  /** Each texture's path (or name) and whether it was found; what `convert` embeds or warns about. */
  textureFiles: TextureFileInfo[];
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

export interface DescribeOptions {
  /** Count only what this level of detail shows (as `convert --lod` exports it). */
  lod?: number;
}

/** The meshes a level of detail shows: those of nodes not hidden by the choice (each once). */
function meshesShown(scene: Scene, lod: number): Scene['meshes'] {
  const hidden = hiddenLodNodes(scene, lod);
  const shown = new Set<number>();
  scene.nodes.forEach((node, i) => {
    if (node.mesh !== undefined && !hidden.has(i)) shown.add(node.mesh);
  });
  return [...shown].sort((a, b) => a - b).map((i) => scene.meshes[i]).filter(Boolean);
}

/** Counts and bounds of a scene, as `relic3d info` reports them. */
export function describeScene(scene: Scene, options: DescribeOptions = {}): SceneInfo {
  let primitives = 0, vertices = 0, triangles = 0;
  const meshes = options.lod === undefined ? scene.meshes : meshesShown(scene, options.lod);
  for (const mesh of meshes) {
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
  const bounds = computeBounds(scene, { skin: kernelSkinning() });
  return {
    format: scene.format,
    version: scene.version ?? null,
    meshes: meshes.length,
    primitives,
    vertices,
    triangles,
    materials: scene.materials.length,
    textures: scene.textures.length,
    textureFiles: scene.textures.map((t, i) => ({ name: t.uri ?? t.name ?? `texture ${i}`, embedded: !!t.image, found: null })),
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

/**
 * Looks up each texture file the way `convert` does (the same names, the same resolver) and
 * records whether it was found, without reading it when the resolver can say so by `key()`.
 */
export async function checkTextureFiles(info: SceneInfo, scene: Scene, resolve: Resolver): Promise<SceneInfo> {
  // On demand: describeScene's importers (the CLI's convert to a legacy format) need no glTF-Transform.
  const { candidateNames } = await import('@relic3d/gltf');
  for (let i = 0; i < scene.textures.length; i++) {
    const texture = scene.textures[i];
    if (texture.image || !texture.uri) continue;
    let found = false;
    for (const name of candidateNames(texture.uri)) {
      try {
        found = resolve.key ? resolve.key(name) !== undefined : !!(await resolve(name));
      } catch {
        found = false;
      }
      if (found) break;
    }
    info.textureFiles[i].found = found;
  }
  return info;
}
