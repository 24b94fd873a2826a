import type { Scene, WarningSink } from '@relic3d/core';
import type { LodFile } from '../file.js';
import type { LibraryMaterials } from './materials.js';

/** Bump shaders: normal map and gloss map come from other library materials' textures. */
export function attachBumpShaders(file: LodFile, scene: Scene, library: LibraryMaterials, sink: WarningSink): void {
  for (const lib of file.shaderLibraries) {
    for (const shader of lib.shaders) {
      if (!shader.bump) continue;
      const target = library.byName.get(shader.bump.name);
      if (target === undefined) {
        sink.warn('LOD_MISSING_MATERIAL', `bump shader names unknown material '${shader.bump.name}'`);
        continue;
      }
      const m = scene.materials[target];
      const normal = library.firstTexture.get(shader.bump.normalName);
      const gloss = library.firstTexture.get(shader.bump.specularName);
      if (normal !== undefined) m.normalTexture = { texture: normal, texCoord: 0 };
      if (gloss !== undefined) m.otherTextures = { ...m.otherTextures, specular: { texture: gloss, texCoord: 0 } };
      m.extras = { ...m.extras, bump: { normalMaterial: shader.bump.normalName, specularMaterial: shader.bump.specularName, lightPower: shader.bump.lightPower, specularPower: shader.bump.specularPower } };
    }
  }
}
