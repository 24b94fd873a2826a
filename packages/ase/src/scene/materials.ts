import { clamp01, linearColor, linearRgb, type Material, type RGBA, type Scene, type TextureRef, type WarningSink } from '@relic3d/core';
import type { AseFile, AseMap, AseMaterial } from '../file.js';

/** Map slots that have a glTF material field; the rest go to `otherTextures` by lower-case slot. */
const SLOT_FIELD: Record<string, 'baseColorTexture' | 'emissiveTexture'> = {
  DIFFUSE: 'baseColorTexture',
  SELFILLUM: 'emissiveTexture',
};

/** Flattened scene materials with the lookups the mesh builder needs. */
export class MaterialTable {
  /** Scene material index of every ASE material and sub-material. */
  readonly index = new Map<AseMaterial, number>();
  private readonly textures = new Map<string, number>();
  private readonly wire = new Map<string, number>();
  private readonly warnedIds = new Set<string>();

  constructor(
    private readonly scene: Scene,
    private readonly file: AseFile,
    private readonly sink: WarningSink,
  ) {
    for (const m of file.materials) this.add(m);
  }

  private add(m: AseMaterial): void {
    this.index.set(m, this.scene.materials.length);
    this.scene.materials.push(this.convert(m));
    for (const sub of m.submaterials) this.add(sub);
  }

  /** `*MATERIAL_REF i` selects `*MATERIAL i` (by its number, else by position). */
  material(ref: number): AseMaterial | undefined {
    return this.file.materials.find((m) => m.index === ref) ?? this.file.materials[ref];
  }

  /**
   * Scene material of a face: the node's material, or its sub-material `mtlId mod NUMSUBMTLS`
   * (the SDK's rule), warning once per node when the id is out of range.
   */
  resolve(ref: AseMaterial | undefined, mtlId: number, nodeName: string): number | undefined {
    if (!ref) return undefined;
    const subs = ref.submaterials;
    if (!subs.length) return this.index.get(ref);
    const n = subs.length;
    if (mtlId >= n || mtlId < 0) {
      const key = `${nodeName}\u0000${ref.index}`;
      if (!this.warnedIds.has(key)) {
        this.warnedIds.add(key);
        this.sink.warn('ASE_MTLID_RANGE', `object '${nodeName}': *MESH_MTLID ${mtlId} exceeds the ${n} sub-materials of '${ref.name}'; using id mod ${n}`);
      }
    }
    return this.index.get(subs[((mtlId % n) + n) % n]);
  }

  /** A material from `*WIREFRAME_COLOR`, for objects without `*MATERIAL_REF`. */
  wireframe(rgb: number[]): number {
    const key = rgb.join(',');
    let i = this.wire.get(key);
    if (i === undefined) {
      i = this.scene.materials.length;
      this.wire.set(key, i);
      this.scene.materials.push({
        name: `wireframe ${key}`,
        baseColorFactor: linearColor(rgb, 1),
        metallicFactor: 0,
        roughnessFactor: 1,
        emissiveFactor: [0, 0, 0],
        alphaMode: 'OPAQUE',
        doubleSided: false,
        extras: { wireframeColor: rgb },
      });
    }
    return i;
  }

  private texture(map: AseMap): TextureRef | undefined {
    if (!map.bitmap) return undefined;
    let t = this.textures.get(map.bitmap);
    if (t === undefined) {
      t = this.scene.textures.length;
      this.textures.set(map.bitmap, t);
      this.scene.textures.push({ name: map.name ?? map.bitmap, uri: map.bitmap, wrapS: 'REPEAT', wrapT: 'REPEAT' });
    }
    const ref: TextureRef = { texture: t };
    if (map.amount !== undefined && map.amount !== 1) ref.strength = map.amount;
    const u = map.uOffset ?? 0, v = map.vOffset ?? 0, su = map.uTiling ?? 1, sv = map.vTiling ?? 1, angle = map.angle ?? 0;
    if (u !== 0 || v !== 0 || su !== 1 || sv !== 1 || angle !== 0) {
      // KHR_texture_transform on the (u, 1 − v) coordinates: Max's V offset points up, glTF's down.
      ref.transform = { offset: [u, -v], scale: [su, sv], rotation: angle };
    }
    ref.extras = mapExtras(map);
    return ref;
  }

  private convert(m: AseMaterial): Material {
    const diffuse = m.diffuse ?? [0.8, 0.8, 0.8];
    const opacity = clamp01(1 - (m.transparency ?? 0));
    // Max glossiness is 0..1; AC3D writes a Phong exponent there instead.
    const shine = Number.isFinite(m.shine) ? m.shine! : 0;
    const gloss = shine > 1 ? Math.min(1, shine / 128) : Math.max(0, shine);
    const selfIllum = clamp01(m.selfIllum ?? 0);
    const rgba = (c: number[] | undefined, a = 1): RGBA | undefined => (c ? [c[0], c[1], c[2], a] : undefined);
    const mat: Material = {
      name: m.name,
      // Max colours are gamma-space values; glTF factors are linear.
      baseColorFactor: linearColor(diffuse, opacity),
      metallicFactor: 0,
      roughnessFactor: 1 - gloss,
      emissiveFactor: linearRgb(diffuse.map((c) => clamp01(c) * selfIllum)),
      alphaMode: opacity < 1 ? 'BLEND' : 'OPAQUE',
      doubleSided: m.twoSided,
      legacy: {
        ambient: rgba(m.ambient),
        diffuse: rgba(m.diffuse),
        specular: rgba(m.specular?.map((c) => c * (m.shineStrength ?? 1))),
        // AC3D writes a Phong exponent in *MATERIAL_SHINE; Max writes glossiness 0..1 (see extras.shine).
        shininess: shine > 1 ? shine : undefined,
        opacity,
      },
    };
    for (const [k, v] of Object.entries(mat.legacy!)) if (v === undefined) delete mat.legacy![k as keyof typeof mat.legacy];
    for (const map of m.maps) {
      const ref = this.texture(map);
      const field = SLOT_FIELD[map.slot];
      if (!ref) continue;
      if (field && !mat[field]) {
        mat[field] = ref;
        if (field === 'emissiveTexture') mat.emissiveFactor = [1, 1, 1];
      } else {
        (mat.otherTextures ??= {})[map.slot.toLowerCase()] = ref;
        if (map.slot === 'OPACITY') mat.alphaMode = 'BLEND';
      }
    }
    const extras: Record<string, unknown> = {};
    if (m.className !== undefined) extras.class = m.className;
    if (m.shading !== undefined) extras.shading = m.shading;
    if (m.shine !== undefined) extras.shine = m.shine;
    if (m.shineStrength !== undefined) extras.shineStrength = m.shineStrength;
    if (m.wireSize !== undefined) extras.wireSize = m.wireSize;
    if (m.selfIllum !== undefined) extras.selfIllum = m.selfIllum;
    if (m.falloff !== undefined) extras.falloff = m.falloff;
    if (m.xpType !== undefined) extras.xpType = m.xpType;
    if (m.xpFalloff !== undefined) extras.xpFalloff = m.xpFalloff;
    if (m.soften) extras.soften = true;
    if (m.submaterials.length) extras.submaterials = m.submaterials.length;
    if (m.maps.some((map) => !map.bitmap)) extras.maps = m.maps.filter((map) => !map.bitmap).map(mapExtras);
    if (Object.keys(m.extras).length) extras.unknown = m.extras;
    mat.extras = extras;
    return mat;
  }
}

function mapExtras(map: AseMap): Record<string, unknown> {
  const out: Record<string, unknown> = { slot: map.slot };
  for (const key of ['name', 'className', 'subNo', 'amount', 'mapType', 'uOffset', 'vOffset', 'uTiling', 'vTiling', 'angle', 'blur', 'bitmapFilter', 'invert'] as const) {
    if (map[key] !== undefined) out[key] = map[key];
  }
  if (map.maps.length) out.maps = map.maps.map(mapExtras);
  if (Object.keys(map.extras).length) out.unknown = map.extras;
  return out;
}
