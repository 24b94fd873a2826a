import * as THREE from 'three';
import type { Primitive } from '@relic3d/core';

/** glTF attribute names → three.js attribute names. */
export const ATTRIBUTE_NAMES: Record<string, string> = {
  POSITION: 'position',
  NORMAL: 'normal',
  TANGENT: 'tangent',
  TEXCOORD_0: 'uv',
  TEXCOORD_1: 'uv1',
  TEXCOORD_2: 'uv2',
  TEXCOORD_3: 'uv3',
  COLOR_0: 'color',
  JOINTS_0: 'skinIndex',
  WEIGHTS_0: 'skinWeight',
};

const SIZES: Record<string, number> = {
  POSITION: 3, NORMAL: 3, TANGENT: 4, TEXCOORD_0: 2, TEXCOORD_1: 2, TEXCOORD_2: 2, TEXCOORD_3: 2, COLOR_0: 4, JOINTS_0: 4, WEIGHTS_0: 4,
};

/** A BufferGeometry over the primitive's arrays (shared, not copied). Morph targets stay relative, as in glTF. */
export function createGeometry(primitive: Primitive): THREE.BufferGeometry {
  const geometry = new THREE.BufferGeometry();
  for (const [name, data] of Object.entries(primitive.attributes)) {
    const threeName = ATTRIBUTE_NAMES[name];
    if (!threeName || !data) continue;
    geometry.setAttribute(threeName, new THREE.BufferAttribute(data as THREE.TypedArray, SIZES[name]));
  }
  if (primitive.indices) geometry.setIndex(new THREE.BufferAttribute(primitive.indices, 1));
  const targets = primitive.targets ?? [];
  if (targets.length) {
    geometry.morphTargetsRelative = true;
    const count = primitive.attributes.POSITION.length;
    for (const key of ['POSITION', 'NORMAL'] as const) {
      if (!targets.some((t) => t[key])) continue;
      // three needs every target to carry the attribute once one does; absent ones are zero deltas.
      geometry.morphAttributes[key === 'POSITION' ? 'position' : 'normal'] = targets.map((t, k) => {
        const attribute = new THREE.BufferAttribute(t[key] ?? new Float32Array(count), 3);
        attribute.name = t.name ?? `target${k}`;
        return attribute;
      });
    }
  }
  const mode = primitive.mode ?? 'TRIANGLES';
  if (!primitive.attributes.NORMAL && mode === 'TRIANGLES') geometry.computeVertexNormals();
  geometry.computeBoundingSphere();
  geometry.computeBoundingBox();
  if (primitive.extras) geometry.userData.extras = primitive.extras;
  return geometry;
}

/** Triangles a primitive draws (0 for points and lines). */
export function triangleCount(primitive: Primitive): number {
  if ((primitive.mode ?? 'TRIANGLES') !== 'TRIANGLES') return 0;
  return Math.floor((primitive.indices?.length ?? primitive.attributes.POSITION.length / 3) / 3);
}
