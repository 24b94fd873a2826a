import type { Material, Node, Scene } from './types.js';

/** An empty scene for a format. */
export function createScene(format: string, version?: number | string): Scene {
  const scene: Scene = {
    format,
    nodes: [],
    roots: [],
    meshes: [],
    materials: [],
    textures: [],
    skins: [],
    animations: [],
    cameras: [],
    lights: [],
    colliders: [],
    warnings: [],
    extras: {},
  };
  if (version !== undefined) scene.version = version;
  return scene;
}

/** Appends a node under `parent` (-1 for a root) and returns its index. */
export function addNode(scene: Scene, node: Partial<Node> & { name: string }, parent = -1): number {
  const index = scene.nodes.length;
  scene.nodes.push({ ...node, parent, children: node.children ?? [] });
  if (parent >= 0) scene.nodes[parent].children.push(index);
  else scene.roots.push(index);
  return index;
}

/** A plain grey material, used where a file names no material. */
export function defaultMaterial(name = 'default'): Material {
  return {
    name,
    baseColorFactor: [0.8, 0.8, 0.8, 1],
    metallicFactor: 0,
    roughnessFactor: 1,
    emissiveFactor: [0, 0, 0],
    alphaMode: 'OPAQUE',
    doubleSided: false,
  };
}
