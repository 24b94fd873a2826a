import type { Camera as GCamera } from '@gltf-transform/core';
import type { ExportContext } from './context.js';
import { extrasOf } from './extras.js';
import { finiteOr } from './sanitize.js';

/** Every scene camera, in scene order, with planes and field of view glTF accepts. */
export function createCameras(ctx: ExportContext): GCamera[] {
  return ctx.scene.cameras.map((camera, i) => {
    const g = ctx.doc.createCamera(camera.name ?? `camera_${i}`).setType(camera.type);
    const znear = camera.znear > 0 && Number.isFinite(camera.znear) ? camera.znear : camera.type === 'orthographic' && camera.znear === 0 ? 0 : 0.01;
    g.setZNear(znear);
    let zfar = camera.zfar !== undefined && camera.zfar > znear && Number.isFinite(camera.zfar) ? camera.zfar : undefined;
    if (camera.type === 'perspective') {
      const yfov = camera.yfov !== undefined && camera.yfov > 0 && camera.yfov < Math.PI ? camera.yfov : Math.PI / 4;
      if (yfov !== camera.yfov) ctx.warn('GLTF_CAMERA_FIXED', `camera ${i}: field of view ${camera.yfov} replaced by ${yfov}`);
      g.setYFov(yfov);
      if (camera.aspectRatio !== undefined && camera.aspectRatio > 0 && Number.isFinite(camera.aspectRatio)) g.setAspectRatio(camera.aspectRatio);
      // An infinite projection omits zfar (glTF-Transform would write null, which is invalid).
      g.setZFar(zfar ?? (undefined as unknown as number));
    } else {
      g.setXMag(finiteOr(camera.xmag, 0) || 1).setYMag(finiteOr(camera.ymag, 0) || 1);
      if (zfar === undefined) {
        zfar = znear + 1000;
        ctx.warn('GLTF_CAMERA_FIXED', `camera ${i}: orthographic camera without a far plane; using ${zfar}`);
      }
      g.setZFar(zfar);
    }
    const extras = extrasOf(camera.extras);
    if (extras) g.setExtras(extras);
    return g;
  });
}
