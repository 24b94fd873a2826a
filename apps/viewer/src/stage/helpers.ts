import * as THREE from 'three';
import { VertexNormalsHelper } from 'three/examples/jsm/helpers/VertexNormalsHelper.js';
import type { ThreeScene } from '@relic3d/three';

/** The view's switches: skeleton lines, wireframe materials, vertex normals. */
export interface ViewFlags {
  skeleton: boolean;
  wireframe: boolean;
  normals: boolean;
}

/** Most vertices a mesh may have for its normals to be drawn (one line each). */
const MAX_NORMALS = 60000;

/** Sets the model's wireframe and returns the helpers the flags ask for (not yet added to a scene). */
export function viewHelpers(model: ThreeScene, flags: ViewFlags): THREE.Object3D[] {
  const helpers: THREE.Object3D[] = [];
  for (const m of model.materials) {
    if ('wireframe' in m) (m as THREE.MeshStandardMaterial).wireframe = flags.wireframe;
  }
  if (flags.skeleton && model.skeletons.length) {
    const helper = new THREE.SkeletonHelper(model.root);
    (helper.material as THREE.LineBasicMaterial).depthTest = false;
    (helper.material as THREE.LineBasicMaterial).linewidth = 2;
    helpers.push(helper);
  }
  if (flags.normals) {
    const box = new THREE.Box3().setFromObject(model.root);
    const length = Math.max(box.getSize(new THREE.Vector3()).length() / 80, 1e-3);
    for (const mesh of model.meshes) {
      if (!(mesh as THREE.Mesh).geometry?.getAttribute('normal') || (mesh as THREE.Mesh).geometry.getAttribute('position').count > MAX_NORMALS) continue;
      helpers.push(new VertexNormalsHelper(mesh, length, 0x5ad1ff));
    }
  }
  return helpers;
}

/** Redraws the helpers that follow their meshes (vertex normals) before a frame. */
export function updateHelpers(helpers: readonly THREE.Object3D[]): void {
  for (const h of helpers) (h as VertexNormalsHelper).update?.();
}
