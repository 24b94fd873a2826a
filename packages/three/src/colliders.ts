import * as THREE from 'three';
import type { Collider } from '@relic3d/core';

/** A collider drawn as a mesh of its shape (convex hulls as points); undefined for unknown shapes. */
export function colliderObject(collider: Collider, material: THREE.Material): THREE.Object3D | undefined {
  const shape = collider.shape;
  let geometry: THREE.BufferGeometry;
  switch (shape.type) {
    case 'box': geometry = new THREE.BoxGeometry(...shape.size); break;
    case 'sphere': geometry = new THREE.SphereGeometry(shape.radius, 16, 8); break;
    case 'capsule': geometry = new THREE.CapsuleGeometry(shape.radius, shape.height, 4, 12); break;
    case 'cylinder': geometry = new THREE.CylinderGeometry(shape.radius, shape.radius, shape.height, 16); break;
    case 'cone': geometry = new THREE.ConeGeometry(shape.radius, shape.height, 16); break;
    case 'convex':
      geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position', new THREE.BufferAttribute(shape.positions, 3));
      return new THREE.Points(geometry, new THREE.PointsMaterial({ size: 2, sizeAttenuation: false, color: 0x44ff88 }));
    case 'trimesh':
      geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position', new THREE.BufferAttribute(shape.positions, 3));
      geometry.setIndex(new THREE.BufferAttribute(shape.indices, 1));
      break;
    default: return undefined;
  }
  return new THREE.Mesh(geometry, material);
}
