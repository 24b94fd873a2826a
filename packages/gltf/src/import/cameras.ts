import type { Camera } from '@relic3d/core';
import type { ImportContext } from './context.js';
import { extrasWithout, finiteOr, textOf } from './values.js';

/** One scene camera per glTF camera; planes and field of view made usable (a warning when changed). */
export function createCameras(ctx: ImportContext): void {
  ctx.root.listCameras().forEach((g, i) => {
    const type = g.getType() === 'orthographic' ? 'orthographic' : 'perspective';
    const camera: Camera = { type, znear: 0 };
    const name = textOf(g.getName());
    if (name) camera.name = name;
    let fixed = false;
    const znear = g.getZNear();
    camera.znear = Number.isFinite(znear) && znear >= 0 ? znear : ((fixed = true), 0.01);
    // Perspective cameras may omit zfar (an infinite projection); glTF-Transform reads that as 100.
    const written = ctx.source?.json.cameras?.[i]?.perspective;
    const zfar = type === 'perspective' && written && written.zfar === undefined ? undefined : g.getZFar();
    if (zfar !== null && zfar !== undefined) {
      if (Number.isFinite(zfar) && zfar > camera.znear) camera.zfar = zfar;
      else fixed = true;
    }
    if (type === 'perspective') {
      const yfov = g.getYFov();
      camera.yfov = Number.isFinite(yfov) && yfov > 0 && yfov < Math.PI ? yfov : ((fixed = true), Math.PI / 4);
      const aspect = g.getAspectRatio();
      if (aspect !== null && aspect !== undefined) {
        if (Number.isFinite(aspect) && aspect > 0) camera.aspectRatio = aspect;
        else fixed = true;
      }
    } else {
      camera.xmag = finiteOr(g.getXMag(), 1);
      camera.ymag = finiteOr(g.getYMag(), 1);
      if (camera.xmag !== g.getXMag() || camera.ymag !== g.getYMag()) fixed = true;
    }
    if (fixed) ctx.warn('GLTF_CAMERA_FIXED', `camera ${i}${name ? ` '${name}'` : ''} has planes or a field of view that are not usable; replaced`);
    const extras = extrasWithout(g.getExtras());
    if (extras) camera.extras = extras;
    ctx.cameras.set(g, ctx.scene.cameras.push(camera) - 1);
  });
}
