// A PNG of the full view at a chosen size, optionally on a transparent background (no floor grid then).
import * as THREE from 'three';
import type { Stage } from '../stage.js';

export interface ShotOptions {
  width: number;
  height: number;
  transparent: boolean;
}

/** Renders the stage's camera view at `width`×`height` and reads it back as a PNG. */
export async function screenshot(stage: Stage, { width, height, transparent }: ShotOptions): Promise<{ blob: Blob; width: number; height: number }> {
  const renderer = stage.renderer;
  const gl = renderer.getContext();
  const max = Math.min(gl.getParameter(gl.MAX_RENDERBUFFER_SIZE) as number, 8192);
  const w = Math.max(1, Math.min(Math.round(width), max)), h = Math.max(1, Math.min(Math.round(height), max));
  const size = renderer.getSize(new THREE.Vector2());
  const ratio = renderer.getPixelRatio();
  const aspect = stage.camera.aspect;
  const background = stage.scene.background;
  const clearAlpha = renderer.getClearAlpha();
  const hidden = transparent ? stage.scene.children.filter((c) => c instanceof THREE.GridHelper && c.visible) : [];
  const pixels = new Uint8Array(w * h * 4);
  let drawn = { width: w, height: h };
  try {
    renderer.setPixelRatio(1);
    renderer.setSize(w, h, false);
    stage.camera.aspect = w / h;
    stage.camera.updateProjectionMatrix();
    if (transparent) {
      stage.scene.background = null;
      renderer.setClearAlpha(0);
      hidden.forEach((o) => (o.visible = false));
    }
    renderer.render(stage.scene, stage.camera);
    // The drawing buffer may be smaller than asked (the browser's limit): read what was drawn.
    drawn = { width: gl.drawingBufferWidth, height: gl.drawingBufferHeight };
    gl.readPixels(0, 0, drawn.width, drawn.height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  } finally {
    stage.scene.background = background;
    renderer.setClearAlpha(clearAlpha);
    hidden.forEach((o) => (o.visible = true));
    renderer.setPixelRatio(ratio);
    renderer.setSize(size.x, size.y, false);
    stage.camera.aspect = aspect;
    stage.camera.updateProjectionMatrix();
    stage.invalidate();
  }
  // WebGL rows run bottom-up; a PNG's top-down.
  const canvas = document.createElement('canvas');
  canvas.width = drawn.width;
  canvas.height = drawn.height;
  const image = new ImageData(drawn.width, drawn.height);
  const row = drawn.width * 4;
  for (let y = 0; y < drawn.height; y++) image.data.set(pixels.subarray((drawn.height - 1 - y) * row, (drawn.height - y) * row), y * row);
  // The canvas holds premultiplied colour; a PNG holds it straight.
  const data = image.data;
  if (transparent) {
    for (let i = 0; i < data.length; i += 4) {
      const a = data[i + 3];
      if (a > 0 && a < 255) for (let c = 0; c < 3; c++) data[i + c] = Math.min(255, Math.round((data[i + c] * 255) / a));
    }
  }
  canvas.getContext('2d')!.putImageData(image, 0, 0);
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the screenshot could not be encoded'))), 'image/png'));
  return { blob, ...drawn };
}
