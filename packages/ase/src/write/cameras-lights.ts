import type { Camera, Light, WarningSink } from '@relic3d/core';
import type { TextWriter } from './text.js';

/** The reader turns Max's horizontal fov into `yfov` with this aspect (its `cameraAspect` default). */
const READER_ASPECT = 4 / 3;

function setting(extras: Record<string, unknown> | undefined, key: string): number | undefined {
  const v = (extras?.settings as Record<string, unknown> | undefined)?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function scalar(out: TextWriter, kw: string, v: number): void {
  out.text(`\t\t*${kw} `);
  out.fixed(v);
  out.newline();
}

/** `*CAMERA_SETTINGS`: fov back to Max's horizontal angle; clipping planes as the manual ones. */
export function writeCameraSettings(out: TextWriter, camera: Camera, targetDistance: number | undefined, where: string, sink: WarningSink): void {
  const x = camera.extras;
  let yfov = camera.yfov ?? Math.PI / 4;
  if (camera.type === 'orthographic') {
    sink.warn('ASE_WRITE_CAMERA_ORTHO', `camera "${where}" is orthographic; ASE cameras are perspective: written with a 45° field of view`);
    yfov = 2 * Math.atan(Math.tan(Math.PI / 8) / READER_ASPECT);
  }
  out.text('\t*CAMERA_SETTINGS {\n\t\t*TIMEVALUE 0\n');
  if (camera.zfar !== undefined) {
    scalar(out, 'CAMERA_HITHER', camera.znear);
    scalar(out, 'CAMERA_YON', camera.zfar);
  } else if (Math.abs(camera.znear - 0.1) > 1e-6) {
    sink.warn('ASE_WRITE_CAMERA_NEAR', `camera "${where}": a near plane (${camera.znear}) without a far plane has no ASE form; readers assume 0.1`);
  }
  scalar(out, 'CAMERA_NEAR', setting(x, 'CAMERA_NEAR') ?? 0);
  scalar(out, 'CAMERA_FAR', setting(x, 'CAMERA_FAR') ?? 1000);
  scalar(out, 'CAMERA_FOV', 2 * Math.atan(Math.tan(yfov / 2) * READER_ASPECT));
  scalar(out, 'CAMERA_TDIST', targetDistance ?? setting(x, 'CAMERA_TDIST') ?? 160);
  out.text('\t}\n');
}

/** Max's light type: Omni (point), Directional, Target or Free spot. */
export function lightType(light: Light, hasTarget: boolean): string {
  if (light.type === 'point') return 'Omni';
  if (light.type === 'directional') return 'Directional';
  return hasTarget ? 'Target' : 'Free';
}

/** The object-level light keywords, then `*LIGHT_SETTINGS` (cone angles back to full angles in degrees). */
export function writeLightSettings(out: TextWriter, light: Light, nodeExtras: Record<string, unknown> | undefined, targetDistance: number | undefined): void {
  const word = (key: string, fallback: string, allowed: string[]) => {
    const v = nodeExtras?.[key];
    return typeof v === 'string' && allowed.includes(v) ? v : fallback;
  };
  const flag = (key: string, fallback: number) => {
    const v = nodeExtras?.[key];
    return v === 0 || v === 1 ? v : fallback;
  };
  out.text(`\t*LIGHT_SHADOWS ${word('LIGHT_SHADOWS', 'Off', ['Off', 'Mapped', 'Raytraced'])}\n`);
  out.text(`\t*LIGHT_USELIGHT ${flag('LIGHT_USELIGHT', 1)}\n`);
  out.text(`\t*LIGHT_SPOTSHAPE ${word('LIGHT_SPOTSHAPE', 'Circle', ['Circle', 'Rect'])}\n`);
  out.text(`\t*LIGHT_USEGLOBAL ${flag('LIGHT_USEGLOBAL', 0)}\n`);
  out.text(`\t*LIGHT_ABSMAPBIAS ${flag('LIGHT_ABSMAPBIAS', 0)}\n`);
  out.text(`\t*LIGHT_OVERSHOOT ${flag('LIGHT_OVERSHOOT', 0)}\n`);
  const x = light.extras;
  out.text('\t*LIGHT_SETTINGS {\n\t\t*TIMEVALUE 0\n\t\t*LIGHT_COLOR ');
  out.fixed3(light.color[0], light.color[1], light.color[2]);
  out.newline();
  scalar(out, 'LIGHT_INTENS', light.intensity);
  scalar(out, 'LIGHT_ASPECT', setting(x, 'LIGHT_ASPECT') ?? 1);
  if (light.type === 'spot') {
    const deg = 180 / Math.PI;
    scalar(out, 'LIGHT_HOTSPOT', 2 * (light.innerConeAngle ?? 0) * deg);
    scalar(out, 'LIGHT_FALLOFF', 2 * (light.outerConeAngle ?? Math.PI / 4) * deg);
  } else if (light.type === 'directional') {
    // Beam radii in scene units for directional lights.
    scalar(out, 'LIGHT_HOTSPOT', setting(x, 'LIGHT_HOTSPOT') ?? 43);
    scalar(out, 'LIGHT_FALLOFF', setting(x, 'LIGHT_FALLOFF') ?? 45);
  }
  if (light.type !== 'directional' && light.range !== undefined && light.range > 0) {
    scalar(out, 'LIGHT_ATTNSTART', Math.min(setting(x, 'LIGHT_ATTNSTART') ?? 0, light.range));
    scalar(out, 'LIGHT_ATTNEND', light.range);
  }
  scalar(out, 'LIGHT_TDIST', targetDistance ?? setting(x, 'LIGHT_TDIST') ?? 240);
  scalar(out, 'LIGHT_MAPBIAS', setting(x, 'LIGHT_MAPBIAS') ?? 1);
  scalar(out, 'LIGHT_MAPRANGE', setting(x, 'LIGHT_MAPRANGE') ?? 4);
  out.text('\t\t*LIGHT_MAPSIZE ');
  out.int(setting(x, 'LIGHT_MAPSIZE') ?? 512);
  out.newline();
  scalar(out, 'LIGHT_RAYBIAS', setting(x, 'LIGHT_RAYBIAS') ?? 0);
  out.text('\t}\n');
}
