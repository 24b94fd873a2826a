import { defaultMaterial, linearToSrgb, type Material, type TextureRef, type WarningSink } from '@relic3d/core';
import type { ListEntry, MaterialTree } from './materials.js';
import { ascii, type NameEncoder, type TextWriter } from './text.js';
import type { TextureFiles } from './textures.js';

/** Max's Standard material map slots and their sub-map numbers (`*MAP_SUBNO`, the SDK's ID_AM … ID_RR). */
const SLOTS: Record<string, number> = {
  AMBIENT: 0, DIFFUSE: 1, SPECULAR: 2, SHINE: 3, SHINESTRENGTH: 4, SELFILLUM: 5, OPACITY: 6, FILTERCOLOR: 7, BUMP: 8, REFLECT: 9, REFRACT: 10, GENERIC: 11,
};

interface MapOut {
  slot: string;
  ref?: TextureRef;
  /** A procedural map the ASE reader kept in `extras.maps`. */
  procedural?: Record<string, unknown>;
}

export interface MaterialListInput {
  out: TextWriter;
  names: NameEncoder;
  sink: WarningSink;
  materials: Material[];
  tree: MaterialTree;
  list: ListEntry[];
  textures: TextureFiles;
}

const K = {
  open: ascii(' {\n'),
  close: ascii('}\n'),
};

export function writeMaterialList(input: MaterialListInput): void {
  const { out, list } = input;
  out.text('*MATERIAL_LIST {\n\t*MATERIAL_COUNT ');
  out.int(list.length);
  out.newline();
  list.forEach((entry, i) => {
    if ('scene' in entry) writeMaterial(input, entry.scene, 'MATERIAL', i, 1);
    else {
      const multi: Material = { ...defaultMaterial(entry.multi), extras: { class: 'Multi/Sub-Object' } };
      writeBody(input, multi, 'MATERIAL', i, 1, entry.subs.map((s) => (s === undefined ? defaultMaterial('default') : s)));
    }
  });
  out.raw(K.close);
}

function writeMaterial(input: MaterialListInput, index: number, keyword: string, number: number, depth: number): void {
  writeBody(input, input.materials[index], keyword, number, depth, input.tree.subs[index]);
}

function str(v: unknown, fallback: string): string {
  return typeof v === 'string' && /^[A-Za-z0-9_/-]+$/.test(v) ? v : fallback;
}
function num(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

function writeBody(input: MaterialListInput, m: Material, keyword: string, number: number, depth: number, subs: (number | Material)[]): void {
  const { out, names } = input;
  const x = m.extras ?? {};
  const legacy = m.legacy ?? {};
  const line = (kw: string) => {
    out.tabs(depth + 1);
    out.text(kw);
  };
  out.tabs(depth);
  out.text(`*${keyword} `);
  out.int(number);
  out.raw(K.open);
  line('*MATERIAL_NAME ');
  out.quoted(names.bytes(m.name, 'material name'));
  out.newline();
  const className = typeof x.class === 'string' ? x.class : 'Standard';
  line('*MATERIAL_CLASS ');
  out.quoted(names.bytes(className, 'material class'));
  out.newline();
  // Max colours are gamma-space values (the reader linearises them).
  const base = m.baseColorFactor;
  const diffuse = legacy.diffuse ? legacy.diffuse.slice(0, 3) : [0, 1, 2].map((c) => linearToSrgb(base[c]));
  const ambient = legacy.ambient ? legacy.ambient.slice(0, 3) : diffuse;
  const shineStrength = num(x.shineStrength, legacy.specular ? 1 : 0);
  // The reader keeps specular × strength: with strength 0 the colour is lost, and Max's default stands in.
  const known = legacy.specular && (shineStrength > 0 || legacy.specular.slice(0, 3).some((c) => c > 0));
  const specular = known ? legacy.specular!.slice(0, 3).map((c) => (shineStrength > 0 ? c / shineStrength : c)) : [0.9, 0.9, 0.9];
  // The reader reads glossiness 0..1 (roughness = 1 − shine); AC3D's Phong exponents stay in extras.shine.
  const shine = num(x.shine, legacy.shininess ?? 1 - m.roughnessFactor);
  const opacity = legacy.opacity ?? base[3];
  const color = (kw: string, c: number[]) => {
    line(kw);
    out.fixed3(c[0], c[1], c[2]);
    out.newline();
  };
  const scalar = (kw: string, v: number) => {
    line(kw);
    out.fixed(v);
    out.newline();
  };
  color('*MATERIAL_AMBIENT ', ambient);
  color('*MATERIAL_DIFFUSE ', diffuse);
  color('*MATERIAL_SPECULAR ', specular);
  scalar('*MATERIAL_SHINE ', shine);
  scalar('*MATERIAL_SHINESTRENGTH ', shineStrength);
  scalar('*MATERIAL_TRANSPARENCY ', 1 - opacity);
  scalar('*MATERIAL_WIRESIZE ', num(x.wireSize, 1));
  if (className === 'Standard') {
    line(`*MATERIAL_SHADING ${str(x.shading, 'Blinn')}\n`);
    scalar('*MATERIAL_XP_FALLOFF ', num(x.xpFalloff, 0));
    scalar('*MATERIAL_SELFILLUM ', num(x.selfIllum, selfIllumination(m, diffuse)));
    if (m.doubleSided) line('*MATERIAL_TWOSIDED\n');
    line(`*MATERIAL_FALLOFF ${str(x.falloff, 'In')}\n`);
    if (x.soften === true) line('*MATERIAL_SOFTEN\n');
    line(`*MATERIAL_XP_TYPE ${str(x.xpType, 'Filter')}\n`);
  }
  if (m.metallicFactor > 0 && m.metallicFactor <= 1 && !legacy.diffuse) {
    input.sink.warn('ASE_WRITE_METALLIC', `material "${m.name}": metallic factor ${m.metallicFactor} has no Max Standard field; written as a dielectric`);
  }
  for (const map of mapsOf(m, input.sink)) writeMap(input, map, depth + 1);
  if (subs.length) {
    line('*NUMSUBMTLS ');
    out.int(subs.length);
    out.newline();
    subs.forEach((s, k) => {
      if (typeof s === 'number') writeMaterial(input, s, 'SUBMATERIAL', k, depth + 1);
      else writeBody(input, s, 'SUBMATERIAL', k, depth + 1, []);
    });
  }
  out.tabs(depth);
  out.raw(K.close);
}

/** Max's self-illumination (a 0..1 share of the diffuse colour) closest to the emissive factor. */
function selfIllumination(m: Material, diffuse: number[]): number {
  const e = Math.max(...m.emissiveFactor.map(linearToSrgb));
  if (!(e > 0)) return 0;
  const d = Math.max(...diffuse);
  return d > 0 ? Math.min(1, e / d) : 1;
}

/** The material's maps in Max's slot order; fields without an ASE slot go to free ones, warned. */
function mapsOf(m: Material, sink: WarningSink): MapOut[] {
  const taken = new Map<string, MapOut>();
  const put = (slot: string, map: MapOut, from: string) => {
    if (!taken.has(slot)) taken.set(slot, map);
    else sink.warn('ASE_WRITE_TEXTURE_SLOT', `material "${m.name}": ${from} has no free ASE map slot (${slot} is taken); not written`);
  };
  const slotOf = (ref: TextureRef, fallback: string) => {
    const s = ref.extras?.slot;
    return typeof s === 'string' && s.toUpperCase() in SLOTS ? s.toUpperCase() : fallback;
  };
  if (m.baseColorTexture) put(slotOf(m.baseColorTexture, 'DIFFUSE'), { slot: '', ref: m.baseColorTexture }, 'the base colour texture');
  if (m.emissiveTexture) put(slotOf(m.emissiveTexture, 'SELFILLUM'), { slot: '', ref: m.emissiveTexture }, 'the emissive texture');
  if (m.normalTexture) put(slotOf(m.normalTexture, 'BUMP'), { slot: '', ref: m.normalTexture }, 'the normal texture');
  for (const [key, ref] of Object.entries(m.otherTextures ?? {})) {
    const slot = key.toUpperCase() in SLOTS ? key.toUpperCase() : 'GENERIC';
    if (slot === 'GENERIC' && key.toUpperCase() !== 'GENERIC') sink.warn('ASE_WRITE_TEXTURE_SLOT', `material "${m.name}": texture "${key}" has no ASE map slot; written as *MAP_GENERIC`);
    put(slotOf(ref, slot), { slot: '', ref }, `texture "${key}"`);
  }
  for (const [field, slot] of [['occlusionTexture', 'AMBIENT'], ['metallicRoughnessTexture', 'SHINESTRENGTH']] as const) {
    const ref = m[field];
    if (!ref) continue;
    sink.warn('ASE_WRITE_TEXTURE_SLOT', `material "${m.name}": the ${field} has no ASE equivalent; written as *MAP_${slot}`);
    put(slot, { slot: '', ref }, `the ${field}`);
  }
  const procedural = m.extras?.maps;
  if (Array.isArray(procedural)) {
    for (const p of procedural as Record<string, unknown>[]) {
      const slot = typeof p?.slot === 'string' ? p.slot.toUpperCase() : '';
      if (slot in SLOTS && !taken.has(slot)) taken.set(slot, { slot, procedural: p });
    }
  }
  return [...taken.entries()].map(([slot, map]) => ({ ...map, slot })).sort((a, b) => SLOTS[a.slot] - SLOTS[b.slot]);
}

function writeMap(input: MaterialListInput, map: MapOut, depth: number): void {
  const { out, names, textures } = input;
  const x = (map.ref?.extras ?? map.procedural ?? {}) as Record<string, unknown>;
  const bitmap = map.ref ? textures.bitmap(map.ref.texture) : undefined;
  if (map.ref && bitmap === undefined) input.sink.warn('ASE_WRITE_TEXTURE_EMPTY', `*MAP_${map.slot}: texture ${map.ref.texture} has no uri, image or name; the map is written without a *BITMAP`);
  if (map.ref?.texCoord) input.sink.warn('ASE_WRITE_TEXCOORD', `*MAP_${map.slot}: ASE maps read texture channel 1; the map's TEXCOORD_${map.ref.texCoord} is not named`);
  const line = (kw: string) => {
    out.tabs(depth + 1);
    out.text(kw);
  };
  const scalar = (kw: string, v: number) => {
    line(kw);
    out.fixed(v);
    out.newline();
  };
  out.tabs(depth);
  out.text(`*MAP_${map.slot}`);
  out.raw(K.open);
  line('*MAP_NAME ');
  out.quoted(names.bytes(typeof x.name === 'string' ? x.name : bitmap ? `Map #${SLOTS[map.slot] + 1}` : map.slot, 'map name'));
  out.newline();
  line('*MAP_CLASS ');
  out.quoted(names.bytes(typeof x.className === 'string' ? x.className : 'Bitmap', 'map class'));
  out.newline();
  line('*MAP_SUBNO ');
  out.int(num(x.subNo, SLOTS[map.slot]));
  out.newline();
  scalar('*MAP_AMOUNT ', map.ref?.strength ?? num(x.amount, 1));
  if (bitmap !== undefined) {
    line('*BITMAP ');
    out.quoted(names.bytes(bitmap, 'bitmap path'));
    out.newline();
    line(`*MAP_TYPE ${str(x.mapType, 'Screen')}\n`);
    // The reader's transform: offset = (U_OFFSET, −V_OFFSET), scale = tiling, rotation = angle.
    const t = map.ref!.transform;
    scalar('*UVW_U_OFFSET ', t ? t.offset[0] : num(x.uOffset, 0));
    scalar('*UVW_V_OFFSET ', t ? -t.offset[1] : num(x.vOffset, 0));
    scalar('*UVW_U_TILING ', t ? t.scale[0] : num(x.uTiling, 1));
    scalar('*UVW_V_TILING ', t ? t.scale[1] : num(x.vTiling, 1));
    scalar('*UVW_ANGLE ', t ? t.rotation : num(x.angle, 0));
    scalar('*UVW_BLUR ', num(x.blur, 1));
    scalar('*UVW_BLUR_OFFSET ', 0);
    scalar('*UVW_NOUSE_AMT ', 1);
    scalar('*UVW_NOISE_SIZE ', 1);
    line('*UVW_NOISE_LEVEL 1\n');
    scalar('*UVW_NOISE_PHASE ', 0);
    if (x.invert === true) line('*BITMAP_INVERT\n');
    line(`*BITMAP_FILTER ${str(x.bitmapFilter, 'Pyramidal')}\n`);
  }
  out.tabs(depth);
  out.raw(K.close);
}
