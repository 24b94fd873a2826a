// Scene lights → LGS1/LIG1 schemes of eight OpenGL lights (docs/formats/lod.md §7.2).
import { math, type Light, type Vec4 } from '@relic3d/core';
import type { LodLight, LodLightScheme } from '../file.js';
import { LIGHTS_PER_SCHEME } from '../read/layout.js';
import type { LodWriter } from './chunks.js';
import { record, type WriteContext } from './context.js';
import type { Rig } from './rig.js';

/** An unused slot: disabled, OpenGL's defaults for lights 1–7. */
function offLight(): LodLight {
  return { enabled: false, style: 1, position: [0, 0, 1], spotDirection: [0, 0, -1], ambient: [0, 0, 0, 1], diffuse: [0, 0, 0, 1], specular: [0, 0, 0, 1], spotCutOff: 180, spotExponent: 0, constAtt: 1, linearAtt: 0, quadAtt: 0 };
}

function lightRecord(ctx: WriteContext, light: Light, world: ArrayLike<number> | undefined): LodLight {
  const d = world ? math.decompose(world) : undefined;
  const dir = math.quatRotateVec3(math.quatNormalize(d?.rotation ?? [0, 0, 0, 1]), [0, 0, -1]);
  const c = light.color.map((v) => v * (Number.isFinite(light.intensity) ? light.intensity : 1));
  const colour: Vec4 = [c[0], c[1], c[2], 1];
  const spot = light.type === 'spot';
  return {
    enabled: true,
    style: light.type === 'directional' ? 2 : spot ? 0 : 1,
    position: ctx.axis.point(d?.translation ?? [0, 0, 0]),
    spotDirection: ctx.axis.point(dir),
    ambient: [0, 0, 0, 1],
    diffuse: colour,
    specular: colour,
    spotCutOff: spot ? Math.min(90, ((light.outerConeAngle ?? Math.PI / 4) * 180) / Math.PI) : 180,
    spotExponent: 0,
    constAtt: 1,
    linearAtt: 0,
    quadAtt: 0,
  };
}

/**
 * Light schemes: those of a scene read from a .lod come back from their group nodes' extras (all
 * eight records, file space); every other light goes into schemes of eight at its rest-pose world
 * placement (GLScene uses one scheme at a time, so more than eight lights are alternatives).
 */
export function planLights(ctx: WriteContext, rig: Rig): LodLightScheme[] {
  const { scene, sink } = ctx;
  const schemes: LodLightScheme[] = [];
  const stored = new Set<number>();
  scene.nodes.forEach((node) => {
    const extras = record(node.extras);
    if (typeof extras?.lightScheme !== 'number' || !Array.isArray(extras.lights) || extras.lights.length !== LIGHTS_PER_SCHEME) return;
    const { restage } = ctx;
    const lights = (extras.lights as LodLight[]).map((l) => ({ ...l, position: restage.point(l.position), spotDirection: restage.point(l.spotDirection) }));
    schemes.push({ name: node.name, lights });
    for (const child of node.children) if (scene.nodes[child]?.light !== undefined) stored.add(scene.nodes[child].light!);
  });
  const placed = new Map<number, number>();
  scene.nodes.forEach((node, i) => node.light !== undefined && !placed.has(node.light) && placed.set(node.light, i));
  const records = scene.lights.flatMap((light, l) => {
    if (stored.has(l)) return [];
    const node = placed.get(l);
    return [lightRecord(ctx, light, node !== undefined ? rig.restWorld.subarray(node * 16, node * 16 + 16) : undefined)];
  });
  for (let at = 0; at < records.length; at += LIGHTS_PER_SCHEME) {
    const lights = records.slice(at, at + LIGHTS_PER_SCHEME);
    while (lights.length < LIGHTS_PER_SCHEME) lights.push(offLight());
    schemes.push({ name: at ? `lights ${at / LIGHTS_PER_SCHEME + 1}` : 'lights', lights });
  }
  if (records.length > LIGHTS_PER_SCHEME) sink.warn('LOD_WRITE_LIGHTS', `${records.length} lights: a scheme holds ${LIGHTS_PER_SCHEME} (OpenGL's lights), so they are split into ${Math.ceil(records.length / LIGHTS_PER_SCHEME)} schemes, which GLScene uses one at a time`);
  return schemes;
}

export function writeLightSchemes(w: LodWriter, schemes: LodLightScheme[]): void {
  w.begin('LGS1', schemes.length);
  for (const s of schemes) {
    w.begin('LIG1', LIGHTS_PER_SCHEME).str(s.name, 'light scheme name');
    for (const l of s.lights) {
      w.bool(l.enabled).u8(l.style).finiteF32s(l.position).finiteF32s(l.spotDirection).finiteF32s(l.ambient).finiteF32s(l.diffuse).finiteF32s(l.specular);
      w.finiteF32s([l.spotCutOff, l.spotExponent, l.constAtt, l.linearAtt, l.quadAtt]);
    }
    w.end();
  }
  w.end();
}
