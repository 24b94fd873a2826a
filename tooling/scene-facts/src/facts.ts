import { computeBounds, hiddenLodNodes, isEmptyBounds, type Bounds, type Scene } from '@relic3d/core';

/** The fractions of every clip at which `posed` bounds are taken. */
export const POSE_FRACTIONS = [0.25, 0.5, 0.75] as const;

/** What a round trip must keep, in a form two scenes from different files can be compared by. */
export interface SceneFacts {
  /** POSITION count of every drawn triangle primitive, once per node that draws it (LOD level 0). */
  vertices: number;
  /** Triangles drawn, once per node that draws them (LOD level 0). */
  triangles: number;
  /** Names of the nodes that draw a mesh (LOD level 0), sorted. */
  meshNodes: string[];
  /** Joint names of every skin, sorted, each once. */
  joints: string[];
  /** Each joint's nearest ancestor that is a joint too (null at a skeleton root). */
  jointParents: Record<string, string | null>;
  /** Names of the materials drawn primitives use, sorted, each once. */
  materials: string[];
  /** Lower-case base names of the textures those materials use, sorted, each once. */
  textures: string[];
  /** Clips by name: duration in seconds. */
  clips: { name: string; duration: number }[];
  /** Level counts of the nodes that have LODs, sorted. */
  lodLevels: number[];
  /** Collider shape types, sorted. */
  colliders: string[];
  /** Morph targets over all drawn primitives. */
  morphTargets: number;
  /** Bind-pose bounds (LOD level 0), or null for a scene that draws nothing. */
  bounds: Bounds | null;
  /** Clip name → bounds at 25, 50 and 75% of the clip. */
  posed: Record<string, (Bounds | null)[]>;
}

const baseName = (name: string) => name.replace(/^.*[\\/]/, '').toLowerCase();
const sortedUnique = (values: Iterable<string>) => [...new Set(values)].sort();
const boundsOrNull = (b: Bounds) => (isEmptyBounds(b) ? null : { min: [...b.min] as Bounds['min'], max: [...b.max] as Bounds['max'] });

export function sceneFacts(scene: Scene): SceneFacts {
  const hidden = hiddenLodNodes(scene, 0);
  let vertices = 0, triangles = 0, morphTargets = 0;
  const meshNodes: string[] = [];
  const usedMaterials = new Set<number>();
  scene.nodes.forEach((node, i) => {
    if (node.mesh === undefined || hidden.has(i)) return;
    const mesh = scene.meshes[node.mesh];
    if (!mesh) return;
    let draws = false;
    for (const p of mesh.primitives) {
      if ((p.mode ?? 'TRIANGLES') !== 'TRIANGLES') continue;
      const count = p.attributes.POSITION.length / 3;
      const tris = Math.floor((p.indices ? p.indices.length : count) / 3);
      if (tris === 0) continue;
      draws = true;
      vertices += count;
      triangles += tris;
      morphTargets += p.targets?.length ?? 0;
      if (p.material !== undefined) usedMaterials.add(p.material);
    }
    if (draws) meshNodes.push(node.name);
  });

  const jointSet = new Set<number>(scene.skins.flatMap((s) => s.joints));
  const jointName = (i: number) => scene.nodes[i]?.name || `#${i}`;
  const jointParents: Record<string, string | null> = {};
  for (const j of jointSet) {
    let p = scene.nodes[j]?.parent ?? -1;
    while (p >= 0 && !jointSet.has(p)) p = scene.nodes[p]?.parent ?? -1;
    jointParents[jointName(j)] = p >= 0 ? jointName(p) : null;
  }

  const textures: string[] = [];
  for (const m of usedMaterials) {
    const material = scene.materials[m];
    if (!material) continue;
    const refs = [material.baseColorTexture, material.normalTexture, material.emissiveTexture, material.occlusionTexture, material.metallicRoughnessTexture, ...Object.values(material.otherTextures ?? {})];
    for (const ref of refs) {
      const texture = ref ? scene.textures[ref.texture] : undefined;
      const name = texture?.uri ?? texture?.name;
      if (name) textures.push(baseName(name));
    }
  }

  const posed: SceneFacts['posed'] = {};
  scene.animations.forEach((clip, i) => {
    posed[clip.name] = POSE_FRACTIONS.map((f) => boundsOrNull(computeBounds(scene, { animation: i, time: clip.duration * f })));
  });

  return {
    vertices,
    triangles,
    meshNodes: meshNodes.sort(),
    joints: sortedUnique([...jointSet].map(jointName)),
    jointParents,
    materials: sortedUnique([...usedMaterials].map((m) => scene.materials[m]?.name ?? `#${m}`)),
    textures: sortedUnique(textures),
    clips: scene.animations.map((c) => ({ name: c.name, duration: c.duration })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    lodLevels: scene.nodes.filter((n) => n.lods?.length).map((n) => n.lods!.length).sort((a, b) => a - b),
    colliders: scene.colliders.map((c) => c.shape.type).sort(),
    morphTargets,
    bounds: boundsOrNull(computeBounds(scene)),
    posed,
  };
}
