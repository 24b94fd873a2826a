import type { Camera, Light } from '@relic3d/core';
import type { AseObject, AseParseOptions } from '../file.js';

/** A finite number of `*CAMERA_SETTINGS` / `*LIGHT_SETTINGS`, else undefined. */
function setting(obj: AseObject, key: string): number | undefined {
  const v = obj.settings?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function camera(obj: AseObject, name: string, options: AseParseOptions): Camera {
  const fov = setting(obj, 'CAMERA_FOV') ?? Math.PI / 4;
  const aspect = options.cameraAspect ?? 4 / 3;
  // HITHER/YON are the manual clipping planes (written only when set). NEAR/FAR are the environment
  // (fog) ranges, not clipping: without YON the projection is infinite (no zfar); NEAR/FAR stay in
  // extras.settings.
  const near = setting(obj, 'CAMERA_HITHER') ?? 0;
  const far = setting(obj, 'CAMERA_YON');
  const znear = near > 0 ? near : 0.1;
  const cam: Camera = {
    name,
    type: 'perspective',
    // Max's fov is horizontal; glTF's is vertical.
    yfov: Math.min(Math.PI - 1e-3, Math.max(1e-3, 2 * Math.atan(Math.tan(fov / 2) / aspect))),
    aspectRatio: aspect,
    znear,
    extras: { type: obj.type, horizontalFov: fov, settings: obj.settings ?? {} },
  };
  if (far !== undefined && far > znear) cam.zfar = far;
  return cam;
}

export function light(obj: AseObject, name: string): Light {
  const type = (obj.type ?? 'Omni').toLowerCase();
  const colorSetting = obj.settings?.LIGHT_COLOR;
  const color = Array.isArray(colorSetting) && colorSetting.length >= 3 && colorSetting.every((c) => typeof c === 'number' && Number.isFinite(c)) ? (colorSetting.slice(0, 3) as [number, number, number]) : ([1, 1, 1] as [number, number, number]);
  const out: Light = {
    name,
    type: type === 'directional' ? 'directional' : type === 'omni' ? 'point' : 'spot',
    color,
    intensity: setting(obj, 'LIGHT_INTENS') ?? 1,
    extras: { type: obj.type, settings: obj.settings ?? {} },
  };
  // Far attenuation (written only when it is on) ends where the light stops reaching.
  const attenuationEnd = setting(obj, 'LIGHT_ATTNEND');
  if (out.type !== 'directional' && attenuationEnd !== undefined && attenuationEnd > 0) out.range = attenuationEnd;
  if (out.type === 'spot') {
    const deg = Math.PI / 180;
    const falloff = setting(obj, 'LIGHT_FALLOFF') ?? 45;
    const hotspot = setting(obj, 'LIGHT_HOTSPOT') ?? falloff * 0.9;
    // Max cone angles are full angles in degrees; glTF's are half angles in radians.
    out.outerConeAngle = Math.min(Math.PI / 2, Math.max(1e-3, (falloff / 2) * deg));
    out.innerConeAngle = Math.min(out.outerConeAngle * 0.999, Math.max(0, (hotspot / 2) * deg));
  }
  return out;
}
