import * as THREE from 'three';

/** What `probe` reads back: pixels that differ from the background, a checksum, their mean colour (0–255). */
export interface Probe {
  lit: number;
  total: number;
  checksum: number;
  mean: [number, number, number];
}

/**
 * Renders `scene` without `hide` (grid, helpers) and reads the pixels back. The e2e tests use it to
 * prove the canvas is not blank and shows a texture's colour.
 */
export function probePixels(renderer: THREE.WebGLRenderer, scene: THREE.Scene, camera: THREE.Camera, hide: (THREE.Object3D | undefined)[], background: THREE.Color): Probe {
  const hidden = hide.filter((o): o is THREE.Object3D => !!o && o.visible);
  hidden.forEach((o) => (o.visible = false));
  renderer.render(scene, camera);
  hidden.forEach((o) => (o.visible = true));
  const gl = renderer.getContext();
  const w = gl.drawingBufferWidth, h = gl.drawingBufferHeight;
  const pixels = new Uint8Array(w * h * 4);
  gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  const bg = background.clone().convertLinearToSRGB();
  const br = Math.round(bg.r * 255), bgG = Math.round(bg.g * 255), bb = Math.round(bg.b * 255);
  let lit = 0, checksum = 0;
  const sum = [0, 0, 0];
  for (let i = 0; i < pixels.length; i += 4) {
    if (Math.abs(pixels[i] - br) + Math.abs(pixels[i + 1] - bgG) + Math.abs(pixels[i + 2] - bb) > 24) {
      lit++;
      sum[0] += pixels[i];
      sum[1] += pixels[i + 1];
      sum[2] += pixels[i + 2];
    }
    checksum = (checksum * 31 + pixels[i] + pixels[i + 1] * 7 + pixels[i + 2] * 13) >>> 0;
  }
  const mean = sum.map((v) => (lit ? v / lit : 0)) as [number, number, number];
  return { lit, total: w * h, checksum, mean };
}
