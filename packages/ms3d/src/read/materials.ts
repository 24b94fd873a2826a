import type { ByteReader, RGBA } from '@relic3d/core';
import type { Ms3dMaterial } from '../file.js';
import { MATERIAL_SIZE } from './layout.js';

function rgba(r: ByteReader): RGBA {
  return r.vec4() as RGBA;
}

/** `u16 count`, then 361-byte material records (docs/formats/ms3d.md §2.5). */
export function readMaterials(r: ByteReader): Ms3dMaterial[] {
  const count = r.count(r.u16(), MATERIAL_SIZE, 'materials');
  const materials: Ms3dMaterial[] = [];
  for (let m = 0; m < count; m++) {
    materials.push({
      name: r.string(32, 'material name'),
      ambient: rgba(r),
      diffuse: rgba(r),
      specular: rgba(r),
      emissive: rgba(r),
      shininess: r.f32(),
      transparency: r.f32(),
      mode: r.u8(),
      texture: r.string(128, 'texture path'),
      alphamap: r.string(128, 'alpha map path'),
    });
  }
  return materials;
}
