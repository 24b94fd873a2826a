import * as THREE from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

/** The direction the camera first looks from: front, a little right and above. */
export const FRONT_VIEW = new THREE.Vector3(0.45, 0.3, 1).normalize();

/** Points the camera at a box (an empty box: the origin) from `dir`, its bounding sphere in view with a margin. */
export function frameBox(camera: THREE.PerspectiveCamera, controls: OrbitControls, min: THREE.Vector3, max: THREE.Vector3, dir = FRONT_VIEW): void {
  const empty = !(min.x <= max.x);
  const center = empty ? new THREE.Vector3() : min.clone().add(max).multiplyScalar(0.5);
  const radius = empty ? 1 : min.distanceTo(max) / 2;
  camera.near = radius / 100;
  camera.far = radius * 200;
  camera.updateProjectionMatrix();
  // Fit the bounding sphere in the narrower of the two fields of view.
  const vfov = THREE.MathUtils.degToRad(camera.fov) / 2;
  const hfov = Math.atan(Math.tan(vfov) * camera.aspect);
  camera.position.copy(center).addScaledVector(dir, (radius / Math.sin(Math.min(vfov, hfov))) * 1.1);
  controls.target.copy(center);
  controls.update();
}

/** The floor grid under a box: 20 cells of the power of ten below its largest side. */
export function floorGrid(min: THREE.Vector3, max: THREE.Vector3): THREE.GridHelper {
  const empty = !(min.x <= max.x);
  const center = empty ? new THREE.Vector3() : min.clone().add(max).multiplyScalar(0.5);
  const size = empty ? 2 : Math.max(max.x - min.x, max.y - min.y, max.z - min.z, 1e-3);
  const step = 10 ** Math.floor(Math.log10(size));
  const grid = new THREE.GridHelper(step * 20, 20, 0x4a5468, 0x2a303c);
  grid.position.set(center.x, empty ? 0 : min.y, center.z);
  (grid.material as THREE.Material).transparent = true;
  (grid.material as THREE.Material).opacity = 0.6;
  return grid;
}
