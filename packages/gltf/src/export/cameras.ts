import type { ExportContext } from './context.js';
import type { Json } from './output.js';
import { finiteOr } from './sanitize.js';

/** Every scene camera, in scene order, with planes and field of view glTF accepts; returns glTF indices. */
export function createCameras(ctx: ExportContext): number[] {
  return ctx.scene.cameras.map((camera, i) => {
    const znear = camera.znear > 0 && Number.isFinite(camera.znear) ? camera.znear : camera.type === 'orthographic' && camera.znear === 0 ? 0 : 0.01;
    let zfar = camera.zfar !== undefined && camera.zfar > znear && Number.isFinite(camera.zfar) ? camera.zfar : undefined;
    const g: Json = { name: camera.name ?? `camera_${i}`, type: camera.type };
    if (camera.type === 'perspective') {
      const yfov = camera.yfov !== undefined && camera.yfov > 0 && camera.yfov < Math.PI ? camera.yfov : Math.PI / 4;
      if (yfov !== camera.yfov) ctx.warn('GLTF_CAMERA_FIXED', `camera ${i}: field of view ${camera.yfov} replaced by ${yfov}`);
      const perspective: Json = { yfov, znear };
      if (camera.aspectRatio !== undefined && camera.aspectRatio > 0 && Number.isFinite(camera.aspectRatio)) perspective.aspectRatio = camera.aspectRatio;
      // An infinite projection omits zfar.
      if (zfar !== undefined) perspective.zfar = zfar;
      g.perspective = perspective;
    } else {
      if (zfar === undefined) {
        zfar = znear + 1000;
        ctx.warn('GLTF_CAMERA_FIXED', `camera ${i}: orthographic camera without a far plane; using ${zfar}`);
      }
      g.orthographic = { xmag: finiteOr(camera.xmag, 0) || 1, ymag: finiteOr(camera.ymag, 0) || 1, znear, zfar };
    }
    const extras = ctx.extras(camera.extras);
    if (extras) g.extras = extras;
    ctx.json.cameras.push(g);
    return ctx.json.cameras.length - 1;
  });
}
