import * as THREE from 'three';
import type { Material, TextureRef } from '@relic3d/core';

export type MaterialModel = 'standard' | 'phong';

export interface MaterialContext {
  /** Returns the three texture for a scene texture index (shared; cloned here when a ref transforms it). */
  texture(index: number): THREE.Texture | undefined;
  model: MaterialModel;
}

const linear = (target: THREE.Color, rgb: ArrayLike<number>) => target.setRGB(rgb[0], rgb[1], rgb[2], THREE.LinearSRGBColorSpace);
const srgb = (target: THREE.Color, rgb: ArrayLike<number>) => target.setRGB(rgb[0], rgb[1], rgb[2], THREE.SRGBColorSpace);

/** A texture for one material slot: texCoord → uv channel, KHR_texture_transform → offset/repeat/rotation. */
function slot(ref: TextureRef | undefined, context: MaterialContext, colorSpace: THREE.ColorSpace): THREE.Texture | null {
  if (!ref) return null;
  const shared = context.texture(ref.texture);
  if (!shared) return null;
  let texture = shared;
  const channel = ref.texCoord ?? 0;
  if (ref.transform || channel !== 0 || shared.colorSpace !== colorSpace) {
    // A clone shares the image (and its later arrival through `source`) but not the sampler state.
    texture = shared.clone();
    texture.userData = { ...shared.userData, sceneTexture: ref.texture };
  }
  texture.colorSpace = colorSpace;
  texture.channel = channel;
  if (ref.transform) {
    texture.offset.fromArray(ref.transform.offset);
    texture.repeat.fromArray(ref.transform.scale);
    texture.rotation = ref.transform.rotation;
  }
  return texture;
}

/** A three material for a scene material (PBR fields; legacy colours with `model: 'phong'`). */
export function createMaterial(material: Material, context: MaterialContext): THREE.Material {
  const [r, g, b, a] = material.baseColorFactor;
  let out: THREE.Material;
  const map = slot(material.baseColorTexture, context, THREE.SRGBColorSpace);
  const emissiveMap = slot(material.emissiveTexture, context, THREE.SRGBColorSpace);
  const normalMap = slot(material.normalTexture, context, THREE.NoColorSpace);
  if (material.unlit) {
    const basic = new THREE.MeshBasicMaterial({ map });
    linear(basic.color, [r, g, b]);
    out = basic;
  } else if (context.model === 'phong' && material.legacy) {
    const legacy = material.legacy;
    const phong = new THREE.MeshPhongMaterial({ map, emissiveMap, normalMap });
    srgb(phong.color, legacy.diffuse ?? [r, g, b]);
    if (legacy.specular) srgb(phong.specular, legacy.specular);
    if (legacy.emissive) srgb(phong.emissive, legacy.emissive);
    else linear(phong.emissive, material.emissiveFactor);
    if (legacy.shininess !== undefined) phong.shininess = Math.max(0, legacy.shininess);
    out = phong;
  } else {
    const standard = new THREE.MeshStandardMaterial({
      map,
      emissiveMap,
      normalMap,
      metalness: material.metallicFactor,
      roughness: material.roughnessFactor,
      metalnessMap: slot(material.metallicRoughnessTexture, context, THREE.NoColorSpace),
      aoMap: slot(material.occlusionTexture, context, THREE.NoColorSpace),
    });
    standard.roughnessMap = standard.metalnessMap;
    linear(standard.color, [r, g, b]);
    linear(standard.emissive, material.emissiveFactor);
    standard.emissiveIntensity = material.emissiveStrength ?? 1;
    if (material.normalTexture?.strength !== undefined) standard.normalScale.setScalar(material.normalTexture.strength);
    if (material.occlusionTexture?.strength !== undefined) standard.aoMapIntensity = material.occlusionTexture.strength;
    out = standard;
  }
  out.name = material.name;
  out.opacity = material.legacy?.opacity !== undefined && context.model === 'phong' ? material.legacy.opacity : a;
  out.side = material.doubleSided ? THREE.DoubleSide : THREE.FrontSide;
  if (material.alphaMode === 'BLEND') {
    out.transparent = true;
    out.depthWrite = false;
  } else if (material.alphaMode === 'MASK') {
    out.alphaTest = material.alphaCutoff ?? 0.5;
  } else {
    out.opacity = 1;
  }
  out.userData = {
    ...(material.legacy ? { legacy: material.legacy } : {}),
    ...(material.otherTextures ? { otherTextures: material.otherTextures } : {}),
    ...(material.extras ? { extras: material.extras } : {}),
  };
  return out;
}
