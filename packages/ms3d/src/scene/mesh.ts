import { defaultMaterial, type Extras, type Mesh, type Scene, type WarningSink } from '@relic3d/core';
import type { Ms3dFile, Ms3dParseOptions } from '../file.js';
import { emptyGroupExtras } from './extras.js';
import { groupPrimitive } from './primitive.js';
import { checkedTriangleLists } from './triangle-lists.js';
import type { VertexSkin } from './vertex-skin.js';

/**
 * The model's one mesh: a primitive per group with triangles, in group order. A group's missing or
 * out-of-range material gets one shared default material, added to the scene on first use.
 */
export function buildMesh(file: Ms3dFile, scene: Scene, skin: VertexSkin | undefined, sink: WarningSink, options: Ms3dParseOptions): void {
  const groupComments = new Map<number, string>();
  for (const c of file.comments?.groups ?? []) groupComments.set(c.index, c.text);
  let defaultIndex = -1;
  const materialFor = (g: number, index: number): number => {
    if (index >= 0 && index < file.materials.length) return index;
    if (index >= 0) sink.warn('MS3D_BAD_MATERIAL', `group ${g} uses material ${index}, the file has ${file.materials.length}; a default material is used`);
    if (defaultIndex < 0) {
      const m = defaultMaterial('ms3d default');
      m.extras = { ms3dDefault: true };
      defaultIndex = scene.materials.push(m) - 1;
    }
    return defaultIndex;
  };
  const mesh: Mesh = { name: scene.name ?? 'ms3d', primitives: [] };
  const emptyGroups: Extras[] = [];
  const mismatches = { count: 0 };
  const lists = checkedTriangleLists(file, sink);
  file.groups.forEach((stored, g) => {
    const group = lists[g] === stored.triangleIndices ? stored : { ...stored, triangleIndices: lists[g] };
    if (group.triangleIndices.length === 0) {
      emptyGroups.push(emptyGroupExtras(file, group, g));
      return;
    }
    mesh.primitives.push(
      groupPrimitive({
        file,
        group,
        groupIndex: g,
        material: materialFor(g, group.materialIndex),
        skin,
        comment: groupComments.get(g),
        sink,
        kernels: options.kernels,
        mismatches,
      }),
    );
  });
  if (mismatches.count) {
    sink.warn('MS3D_GROUP_MISMATCH', `${mismatches.count} triangles name a different group than the group that lists them; the group lists win`);
  }
  if (emptyGroups.length) mesh.extras = { emptyGroups };
  scene.meshes.push(mesh);
}
