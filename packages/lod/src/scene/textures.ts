import type { Scene, Texture, WrapMode } from '@relic3d/core';
import type { LodFile } from '../file.js';
import { imageMimeType } from './images.js';

/** GLScene TextureWrap of the period: 0 both, 1 none, 2 vertical, 3 horizontal (unverified). */
function wrapModes(wrap: number | undefined): { wrapS: WrapMode; wrapT: WrapMode } {
  switch (wrap) {
    case 1:
      return { wrapS: 'CLAMP_TO_EDGE', wrapT: 'CLAMP_TO_EDGE' };
    case 2:
      return { wrapS: 'CLAMP_TO_EDGE', wrapT: 'REPEAT' };
    case 3:
      return { wrapS: 'REPEAT', wrapT: 'CLAMP_TO_EDGE' };
    default:
      return { wrapS: 'REPEAT', wrapT: 'REPEAT' };
  }
}

/** The texture of a file name and wrap, created on first use (one per name, case-insensitive, and wrap). */
export function textureList(scene: Scene): (uri: string, wrap: number | undefined) => number {
  const textureKeys = new Map<string, number>();
  return (uri, wrap) => {
    const modes = wrapModes(wrap);
    const key = `${uri.toLowerCase()}|${modes.wrapS}|${modes.wrapT}`;
    let index = textureKeys.get(key);
    if (index === undefined) {
      index = scene.textures.length;
      scene.textures.push({ name: uri, uri, ...modes });
      textureKeys.set(key, index);
    }
    return index;
  };
}

/** Embedded images (TXTR) go onto the texture of the same file name, else of the named material. */
export function attachEmbeddedImages(file: LodFile, scene: Scene, firstTexture: ReadonlyMap<string, number>): void {
  for (const lib of file.textureLibraries) {
    for (const embedded of lib.textures) {
      const image = { mimeType: imageMimeType(embedded.data, embedded.textureName), data: embedded.data };
      let targets = scene.textures.map((t, i) => (t.uri?.toLowerCase() === embedded.textureName.toLowerCase() ? i : -1)).filter((i) => i >= 0);
      if (!targets.length && firstTexture.has(embedded.materialName)) targets = [firstTexture.get(embedded.materialName)!];
      if (!targets.length) {
        const t: Texture = { name: embedded.textureName, uri: embedded.textureName };
        targets = [scene.textures.length];
        scene.textures.push(t);
      }
      for (const i of targets) {
        const t = scene.textures[i];
        if (!image.mimeType) delete image.mimeType;
        t.image = image;
        t.extras = { ...t.extras, embeddedFor: embedded.materialName, optionType: embedded.optionType };
      }
    }
  }
}
