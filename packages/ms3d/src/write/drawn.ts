// What MS3D can draw: triangle primitives of mesh nodes (LOD level 0). Everything else a scene may
// hold is warned here, once per kind, so nothing is dropped silently.
import { hiddenLodNodes, keepMapAlive, type Primitive, type Scene, type WarningSink } from '@relic3d/core';

/** One primitive as drawn by one node: it becomes one MS3D group. */
export interface DrawnPrimitive {
  node: number;
  mesh: number;
  /** Index of the primitive in its mesh. */
  index: number;
  primitive: Primitive;
  /** True when the node's skin applies (the node has a skin and the primitive has JOINTS_0/WEIGHTS_0). */
  skinned: boolean;
  /** The UV set written: the one the base colour texture uses. */
  uvSet: 'TEXCOORD_0' | 'TEXCOORD_1' | 'TEXCOORD_2' | 'TEXCOORD_3';
}

/** The attributes MS3D holds besides one UV set: a position and a normal per corner, and the skin. */
const HELD = new Set(['POSITION', 'NORMAL', 'JOINTS_0', 'WEIGHTS_0']);
const UV_SETS = ['TEXCOORD_0', 'TEXCOORD_1', 'TEXCOORD_2', 'TEXCOORD_3'] as const;

export function drawnPrimitives(scene: Scene, sink: WarningSink): DrawnPrimitive[] {
  const hidden = hiddenLodNodes(scene, 0);
  const drawn: DrawnPrimitive[] = [];
  const modes = new Map<string, number>();
  let morphs = 0;
  const dropped = new Set<string>();
  scene.nodes.forEach((node, n) => {
    const meshIndex = node.mesh;
    if (meshIndex === undefined || hidden.has(n)) return;
    const mesh = scene.meshes[meshIndex];
    if (!mesh) return;
    mesh.primitives.forEach((primitive, index) => {
      const mode = primitive.mode ?? 'TRIANGLES';
      if (mode !== 'TRIANGLES') {
        modes.set(mode, (modes.get(mode) ?? 0) + 1);
        return;
      }
      if (!(primitive.attributes.POSITION instanceof Float32Array) || primitive.attributes.POSITION.length < 3) return;
      morphs += primitive.targets?.length ?? 0;
      const texCoord = primitive.material !== undefined ? scene.materials[primitive.material]?.baseColorTexture?.texCoord ?? 0 : 0;
      const uvSet = UV_SETS[texCoord] && primitive.attributes[UV_SETS[texCoord]] ? UV_SETS[texCoord] : 'TEXCOORD_0';
      for (const name of Object.keys(primitive.attributes)) if (!HELD.has(name) && name !== uvSet) dropped.add(name);
      const skin = node.skin !== undefined ? scene.skins[node.skin] : undefined;
      const skinned = !!skin && !!primitive.attributes.JOINTS_0 && !!primitive.attributes.WEIGHTS_0;
      drawn.push({ node: n, mesh: meshIndex, index, primitive, skinned, uvSet });
    });
  });

  for (const [mode, count] of modes) sink.warn('MS3D_WRITE_PRIMITIVE_MODE', `${count} ${mode} primitives are not written (MS3D holds triangles only)`);
  if (morphs) sink.warn('MS3D_WRITE_MORPHS', `${morphs} morph targets are not written (MS3D has none); the base shape is written with the default weights applied`);
  if (dropped.size) sink.warn('MS3D_WRITE_ATTRIBUTES', `attributes ${[...dropped].sort().join(', ')} are not written (MS3D holds one normal and one UV per corner)`);
  const lodNodes = scene.nodes.filter((node) => node.lods?.length);
  if (lodNodes.length) {
    const levels = Math.max(...lodNodes.map((node) => node.lods!.length));
    sink.warn('MS3D_WRITE_LODS', `${lodNodes.length} nodes have levels of detail (up to ${levels}); only level 0 is written (MS3D has no LODs)`);
  }
  if (scene.cameras.length) sink.warn('MS3D_WRITE_CAMERAS', `${scene.cameras.length} cameras are not written (MS3D has none)`);
  if (scene.lights.length) sink.warn('MS3D_WRITE_LIGHTS', `${scene.lights.length} lights are not written (MS3D has none)`);
  if (scene.colliders.length) sink.warn('MS3D_WRITE_COLLIDERS', `${scene.colliders.length} colliders are not written (MS3D has none)`);
  return drawn;
}

// One record kept, fields in the order above: its map is held by no literal, and the builder's code that
// reads it (build, triangles) was compiled again after every full GC that took a write's records (output.ts).
keepMapAlive({ node: 0, mesh: 0, index: 0, primitive: { attributes: { POSITION: new Float32Array(0) } }, skinned: false, uvSet: 'TEXCOORD_0' } satisfies DrawnPrimitive);
