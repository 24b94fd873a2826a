import type { ByteReader } from '@relic3d/core';
import type { LodLight, LodLightScheme } from '../file.js';
import { bool, lstr, type Chunk } from './chunks.js';
import { LIGHT_SIZE, LIGHTS_PER_SCHEME } from './layout.js';

function readLight(r: ByteReader): LodLight {
  return {
    enabled: bool(r),
    style: r.u8(),
    position: r.vec3(),
    spotDirection: r.vec3(),
    ambient: r.vec4(),
    diffuse: r.vec4(),
    specular: r.vec4(),
    spotCutOff: r.f32(),
    spotExponent: r.f32(),
    constAtt: r.f32(),
    linearAtt: r.f32(),
    quadAtt: r.f32(),
  };
}

/** `LIG1` (Count 8): one scheme of eight OpenGL lights (docs/formats/lod.md §7.2). */
export function readLightScheme(chunk: Chunk): LodLightScheme {
  const r = chunk.data;
  const name = lstr(r, 'light scheme name');
  r.need(LIGHTS_PER_SCHEME * LIGHT_SIZE, 'eight light records');
  const lights: LodLight[] = [];
  for (let i = 0; i < LIGHTS_PER_SCHEME; i++) lights.push(readLight(r));
  return { name, lights };
}
