import type { Material, Node, Scene } from './types.js';

/** An empty scene for a format. */
export function createScene(format: string, version?: number | string): Scene {
  // Every field in the literal (absent ones undefined, which hashes, parity and JSON skip): a
  // reader's later `scene.name = …` stores in place instead of giving each scene a new map.
  return {
    name: undefined,
    format,
    version,
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
}

/**
 * A node with every field of `Node` in one literal, in one order (absent ones undefined): every node
 * of every parse and format has the same hidden class, and a later `node.mesh = …` or a scrub's
 * `node.translation = …` stores in place. A spread of each format's own literal gave every node a
 * map of its own once the site had seen five shapes (0 of 51 shared between two parses), and the
 * code that reads nodes was deoptimised for "wrong map" on every parse (issue 25).
 */
export function sceneNode(fields: Partial<Node> & { name: string }, parent = fields.parent ?? -1, children = fields.children ?? []): Node {
  return {
    name: fields.name,
    parent,
    children,
    translation: fields.translation,
    rotation: fields.rotation,
    scale: fields.scale,
    matrix: fields.matrix,
    mesh: fields.mesh,
    skin: fields.skin,
    camera: fields.camera,
    light: fields.light,
    lods: fields.lods,
    joint: fields.joint,
    weights: fields.weights,
    extras: fields.extras,
  };
}

/** Appends a node under `parent` (-1 for a root) and returns its index. */
export function addNode(scene: Scene, node: Partial<Node> & { name: string }, parent = -1): number {
  const index = scene.nodes.length;
  scene.nodes.push(sceneNode(node, parent));
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
