import { defaultMaterial, type Material, type TextureRef } from '@relic3d/core';
import type { WriteContext } from './context.js';
import { fileStem, type OutputFiles } from './files.js';
import { ultraJson } from './json.js';
import type { TexturePaths } from './textures.js';

/** `.mat` keys Ultra writes as floats. */
const FLOAT_KEYS = new Set(['color', 'emission', 'metallic', 'roughness', 'alphacutoff', 'displacement', 'specular', 'glossiness']);

/** What Ultra's editor writes into a model's new material (Circuit-Chaos `Models/**.mat`). */
const NEW_MATERIAL = { displacement: [0.1, 0], pickmode: true, shaderfamily: 'Shaders/PBR.fam', shadow: true };

/**
 * Texture slots of the engine's shaders: 0 base, 1 normal, 2 metal/roughness, 3 displacement,
 * 4 emission, 5 occlusion (`TEXTURE_*` in Ultra's material shader includes).
 */
const SLOTS = { baseColorTexture: 'texture0', normalTexture: 'texture1', metallicRoughnessTexture: 'texture2', emissiveTexture: 'texture4', occlusionTexture: 'texture5' } as const;

const UNLIT = 'Shaders/Unlit.fam';

/**
 * The `.mat` path each material gets: a JSON file per material beside the model (`./name.mat`),
 * as Ultra writes them; a material the reader only knew by a path it never read (no `.mat`
 * content in `extras.material`, nothing set since) keeps that path and gets no file, so an
 * existing material is neither lost nor overwritten with guesses.
 */
export class MaterialFiles {
  private readonly paths = new Map<number, string>();
  constructor(
    private readonly ctx: WriteContext,
    private readonly files: OutputFiles,
    private readonly textures: TexturePaths,
    private readonly base: string,
  ) {}

  path(index: number | undefined): string {
    if (index === undefined) return '';
    let path = this.paths.get(index);
    if (path === undefined) {
      path = this.resolve(index);
      this.paths.set(index, path);
    }
    return path;
  }

  private resolve(index: number): string {
    const material = this.ctx.scene.materials[index];
    if (!material) return '';
    const stored = material.extras?.materialPath;
    if (typeof stored === 'string' && stored !== '' && !isObject(material.extras?.material) && untouched(material)) return stored;
    const text = ultraJson({ material: this.json(material) }, FLOAT_KEYS);
    const stem = fileStem(material.name) || `${this.base}_material${index}`;
    const name = this.files.add(stem, '.mat', new TextEncoder().encode(text));
    if (name !== `${material.name}.mat`) {
      this.ctx.sink.warn('MDL_WRITE_MATERIAL_RENAMED', `material '${material.name}' was written as '${name}' (a file name must be unique and valid); the reader names it after the file`);
    }
    return `./${name}`;
  }

  /** The `material` object: the `.mat` the reader read (kept whole), updated from the scene's fields. */
  private json(material: Material): Record<string, unknown> {
    const stored = material.extras?.material;
    const m: Record<string, unknown> = isObject(stored) ? { ...stored } : { ...NEW_MATERIAL };
    const [r, g, b, a] = material.baseColorFactor;
    if ('color' in m || r !== 1 || g !== 1 || b !== 1 || a !== 1) m.color = [r, g, b, a];
    const strength = material.emissiveStrength ?? 1;
    const emission = material.emissiveFactor.map((v) => v * strength);
    if ('emission' in m || emission.some((v) => v !== 0)) m.emission = emission;
    m.metallic = material.metallicFactor;
    m.roughness = material.roughnessFactor;
    const mask = material.alphaMode === 'MASK';
    if (mask || 'alphamask' in m) m.alphamask = mask;
    if (mask) m.alphacutoff = material.alphaCutoff ?? 0.5;
    const blend = material.alphaMode === 'BLEND';
    if (blend || 'transparent' in m) m.transparent = blend;
    if (material.doubleSided || 'backfaceculling' in m) m.backfaceculling = !material.doubleSided;
    for (const key of ['twosided', 'doublesided']) if (key in m) m[key] = material.doubleSided;
    if (material.unlit) m.shaderfamily = UNLIT;
    else if (m.shaderfamily === UNLIT) m.shaderfamily = NEW_MATERIAL.shaderfamily;
    for (const key of Object.keys(m)) if (/^texture\d+$/.test(key)) delete m[key];
    const put = (key: string, ref: TextureRef | undefined, what: string) => {
      if (!ref) return;
      if (ref.transform || (ref.texCoord ?? 0) !== 0) {
        this.ctx.sink.warn('MDL_WRITE_TEXTURE_TRANSFORM', `material '${material.name}' ${what}: its UV transform or UV set ${ref.texCoord ?? 0} cannot be written (a .mat slot takes UV set 0 as it is)`);
      }
      const path = this.textures.get(ref.texture);
      if (path !== undefined && m[key] === undefined) m[key] = path;
    };
    for (const [field, key] of Object.entries(SLOTS)) put(key, material[field as keyof typeof SLOTS], field);
    for (const [slot, ref] of Object.entries(material.otherTextures ?? {})) {
      const free = /^texture\d+$/.test(slot) && m[slot] === undefined;
      if (free) put(slot, ref, slot);
      else this.ctx.sink.warn('MDL_WRITE_TEXTURE_DROPPED', `material '${material.name}': its '${slot}' texture ${/^texture\d+$/.test(slot) ? 'shares a slot another texture holds' : 'has no .mat slot'} and was not written`);
    }
    return m;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

/** Nothing set beyond what the reader gives a material it could not read. */
function untouched(m: Material): boolean {
  const d = defaultMaterial(m.name);
  const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  return (
    same(m.baseColorFactor, d.baseColorFactor) && same(m.emissiveFactor, d.emissiveFactor) && m.metallicFactor === d.metallicFactor &&
    m.roughnessFactor === d.roughnessFactor && m.alphaMode === d.alphaMode && m.doubleSided === d.doubleSided && !m.unlit &&
    !m.baseColorTexture && !m.normalTexture && !m.emissiveTexture && !m.occlusionTexture && !m.metallicRoughnessTexture && !m.otherTextures
  );
}
