import { defaultMaterial, type Scene, type WarningSink } from '@relic3d/core';
import type { LibraryMaterials } from './materials.js';

export interface MaterialTable {
  /** Material index for a face group's material name(s); creates placeholders for unknown names. */
  resolve(first: string | undefined, second?: string): number | undefined;
}

/**
 * Face groups name their material (and a lightmap material in mode 3): unknown names get a
 * placeholder material, each (first, second) pair one combined material with the lightmap.
 */
export function materialTable(scene: Scene, library: LibraryMaterials, sink: WarningSink): MaterialTable {
  const combined = new Map<string, number>();
  return {
    resolve(first, second) {
      if (first === undefined || first === '') return undefined;
      let index = library.byName.get(first);
      if (index === undefined) {
        sink.warn('LOD_MISSING_MATERIAL', `face group names unknown material '${first}'`);
        index = scene.materials.length;
        scene.materials.push(defaultMaterial(first));
        library.byName.set(first, index);
      }
      if (!second || second === first) return index;
      const key = `${first}\n${second}`;
      let mixed = combined.get(key);
      if (mixed === undefined) {
        const base = scene.materials[index];
        const lightmapMaterial = library.byName.get(second);
        const lightmap = lightmapMaterial !== undefined ? library.firstTexture.get(second) : undefined;
        mixed = scene.materials.length;
        scene.materials.push({
          ...base,
          name: `${first}+${second}`,
          otherTextures: { ...base.otherTextures, ...(lightmap !== undefined ? { lightmap: { texture: lightmap, texCoord: 1 } } : {}) },
          extras: { ...base.extras, lightmapMaterial: second },
        });
        combined.set(key, mixed);
      }
      return mixed;
    },
  };
}
