import {
  Document,
  TextureInfo,
  type Accessor,
  type Buffer as GBuffer,
  type Material as GMaterial,
  type Mesh as GMesh,
  type Node as GNode,
  type Primitive as GPrimitive,
  type Scene as GScene,
  type Skin as GSkin,
  type Texture as GTexture,
} from '@gltf-transform/core';
import {
  EXTTextureWebP,
  KHRLightsPunctual,
  KHRMaterialsEmissiveStrength,
  KHRMaterialsUnlit,
  KHRTextureTransform,
} from '@gltf-transform/extensions';
import {
  ATTRIBUTE_SIZES,
  clamp01,
  WarningSink,
  math,
  type AttributeName,
  type Scene,
  type Material,
  type TextureRef,
  type Primitive,
  type AnimationClip,
  type WrapMode,
  type PrimitiveMode,
  type Vec3,
  type Mesh,
} from '@relic3d/core';
import { imageBaseName } from './images.js';
import { contentKey, embeddable, loadImage, locate, normalPath, sameBytes, type ImageOutcome } from './textures.js';
import { extrasOf, toJSONValue } from './json.js';
import { MSFTLod, MSFT_LOD } from './msft-lod.js';
import type { ExportOptions } from './options.js';
import { quietEvents } from './quiet-events.js';
import { angleOf, distanceFromIdentity } from './affine.js';
import { planTransforms, transformTangents, transformVectors, type Local, type NodePlan, type TransformPlan } from './transforms.js';
import { version } from '../package.json';
import {
  clampColors,
  cleanKeyTimes,
  cleanSkinWeights,
  finiteOr,
  finitePositions,
  finiteValues,
  finiteVector,
  keptValues,
  unitNormals,
  unitQuaternion,
  unitQuaternionKeys,
  unitTangents,
} from './sanitize.js';

const FORMAT = 'gltf';
/** Default cap on the bytes of embedded images in one file (`maxTextureBytes`). */
export const DEFAULT_MAX_TEXTURE_BYTES = 256 * 1024 * 1024;
/** asset.generator of every file written. */
export const GENERATOR = `relic3d ${version} (@relic3d/gltf)`;
const TYPE_BY_SIZE = { 1: 'SCALAR', 2: 'VEC2', 3: 'VEC3', 4: 'VEC4', 16: 'MAT4' } as const;
const MODES = { POINTS: 0, LINES: 1, LINE_LOOP: 2, LINE_STRIP: 3, TRIANGLES: 4 } as const;
const WRAP: Record<WrapMode, number> = {
  REPEAT: TextureInfo.WrapMode.REPEAT,
  CLAMP_TO_EDGE: TextureInfo.WrapMode.CLAMP_TO_EDGE,
  MIRRORED_REPEAT: TextureInfo.WrapMode.MIRRORED_REPEAT,
};
/** glTF texture slots in the order they appear on a material. */
const SLOTS = ['baseColorTexture', 'normalTexture', 'occlusionTexture', 'emissiveTexture', 'metallicRoughnessTexture'] as const;
type Slot = (typeof SLOTS)[number];
const percent = (x: number): string => `${(x * 100).toPrecision(3)}%`;

/**
 * Builds a glTF-Transform Document from a scene. Nothing in `scene` is modified; data glTF cannot
 * hold as is (non-unit normals, duplicate joints, out-of-range colours) is fixed on copies and
 * reported through `onWarning`.
 */
export async function toDocument(scene: Scene, options: ExportOptions = {}): Promise<Document> {
  return (await buildDocument(scene, options)).doc;
}

/** toDocument, plus the POSITION bounds found while checking the data (the writer needs them). */
export async function buildDocument(scene: Scene, options: ExportOptions = {}): Promise<{ doc: Document; positionBounds: PositionBounds }> {
  const exporter = new Exporter(scene, options);
  return { doc: await exporter.run(), positionBounds: exporter.positionBounds };
}

/** Per-component bounds of POSITION data, by the array an accessor holds. */
export type PositionBounds = ReadonlyMap<object, { min: number[]; max: number[] }>;

class Exporter {
  readonly doc = quietEvents(new Document());
  readonly buffer: GBuffer;
  readonly warnings: WarningSink;
  readonly nodes: GNode[] = [];
  readonly gltfScene: GScene;
  private readonly textures = new Map<number, GTexture | null>();
  private readonly textureProblems = new Map<number, string>();
  private readonly materials = new Map<string, GMaterial>();
  private readonly meshes = new Map<number, GMesh | null>();
  private readonly accessors = new Map<object, Map<string, Accessor>>();
  private readonly cleanWeights = new Map<Float32Array, Map<string, { source: Uint16Array; joints: Uint16Array; weights: Float32Array }>>();
  /** Key times as written, per source array and shift (shared by the channels that share them). */
  private readonly cleanTimes = new Map<Float32Array, Map<number, ReturnType<typeof cleanKeyTimes>>>();
  private readonly timesByContent = new Map<string, Float32Array[]>();
  /** POSITION bounds computed while checking the data; the writer uses them for accessor min/max. */
  readonly positionBounds = new Map<object, { min: number[]; max: number[] }>();
  private readonly imageNames = new Set<string>();
  /** Nodes whose mesh, camera and light are left out because another LOD level was chosen. */
  private readonly hiddenByLod = new Set<number>();
  private lodExtension?: MSFTLod;
  /** Nodes written without their parent because the parent chain loops. */
  private cyclic = new Set<number>();
  /** Per node, the scene node it is written under, or -1. */
  private parents: number[] = [];
  /** Every node's glTF transform, and what sheared matrices carry down. */
  private plan!: TransformPlan;
  private readonly remainderNodes = new Map<number, GNode>();
  private transformExtension?: KHRTextureTransform;

  constructor(
    readonly scene: Scene,
    readonly options: ExportOptions,
  ) {
    this.warnings = new WarningSink(FORMAT, options.onWarning);
    this.buffer = this.doc.createBuffer();
    this.gltfScene = this.doc.createScene(scene.name ?? 'Scene');
    this.doc.getRoot().getAsset().generator = GENERATOR;
  }

  warn(code: string, message: string): void {
    this.warnings.warn(code, message);
  }

  async run(): Promise<Document> {
    await this.resolveTextures();
    this.planLods();
    this.createNodes();
    this.linkHierarchy();
    this.createSkins();
    this.attachContent();
    this.exportAnimations();
    this.ensureSkinRoots();
    this.writeSceneExtras();
    // glTF forbids empty entities: no buffer without data, no scene without nodes.
    if (this.doc.getRoot().listAccessors().length === 0) this.buffer.dispose();
    if (this.gltfScene.listChildren().length === 0) {
      this.doc.getRoot().setExtras(this.gltfScene.getExtras());
      this.gltfScene.dispose();
    } else this.doc.getRoot().setDefaultScene(this.gltfScene);
    return this.doc;
  }

  // ---------------------------------------------------------------- textures & materials

  /**
   * Every texture a material uses, embedded once per distinct image: spellings of one path that
   * the resolver keys alike (or that normalise alike) are read and converted once, and images
   * with the same bytes are stored once. Textures are created in index order (deterministic
   * output whatever order the reads finish in); past `maxTextureBytes` they are left out.
   */
  private async resolveTextures(): Promise<void> {
    const used = new Set<number>();
    for (const m of this.scene.materials) for (const slot of SLOTS) if (m[slot]) used.add(m[slot]!.texture);
    const indices = [...used].filter((i) => this.scene.textures[i]).sort((a, b) => a - b);
    const { resolve, cache } = this.options;
    const byFile = new Map<string, Promise<ImageOutcome>>();
    const outcomes = await Promise.all(
      indices.map((index) => {
        const texture = this.scene.textures[index];
        if (texture.image?.data) return embeddable(texture.image.data, texture.uri ?? texture.name ?? '');
        if (!texture.uri) return { problem: 'no image', reason: 'has neither a path nor image data' };
        const file = (resolve && locate(texture.uri, resolve)?.key) ?? `path:${normalPath(texture.uri)}`;
        let outcome = byFile.get(file);
        if (!outcome) byFile.set(file, (outcome = loadImage(texture.uri, resolve, cache)));
        return outcome;
      }),
    );
    const byContent = new Map<string, { data: Uint8Array; texture: GTexture }[]>();
    const limit = this.options.maxTextureBytes ?? DEFAULT_MAX_TEXTURE_BYTES;
    let embedded = 0;
    indices.forEach((index, k) => {
      const texture = this.scene.textures[index];
      const outcome = outcomes[k];
      const label = texture.uri ?? texture.name ?? `texture ${index}`;
      if ('problem' in outcome) {
        this.textures.set(index, null);
        this.textureProblems.set(index, outcome.problem);
        const code = outcome.problem === 'missing' || outcome.problem === 'no image' ? 'GLTF_TEXTURE_MISSING' : 'GLTF_TEXTURE_UNSUPPORTED';
        this.warn(code, `texture '${label}' ${outcome.reason}`);
        return;
      }
      const { data, mimeType, extension, convertedFrom } = outcome.image;
      const content = contentKey(data);
      const same = byContent.get(content)?.find((c) => sameBytes(c.data, data));
      if (same) {
        this.textures.set(index, same.texture);
        return;
      }
      if (embedded + data.byteLength > limit) {
        this.textures.set(index, null);
        this.textureProblems.set(index, 'over the embedded image limit');
        this.warn(
          'GLTF_TEXTURE_LIMIT',
          `texture '${label}' (${data.byteLength} bytes) would take the embedded images past ${limit} bytes; left out (its path stays in the material's extras)`,
        );
        return;
      }
      embedded += data.byteLength;
      if (mimeType === 'image/webp') this.doc.createExtension(EXTTextureWebP);
      let base = imageBaseName(texture.uri ?? texture.name, `texture_${index}`);
      while (this.imageNames.has(base)) base += '_';
      this.imageNames.add(base);
      const image = this.doc.createTexture(texture.name ?? base).setImage(data).setMimeType(mimeType).setURI(`${base}.${extension}`);
      const extras = extrasOf(texture.extras, { uri: texture.uri, convertedFrom });
      if (extras) image.setExtras(extras);
      this.textures.set(index, image);
      let list = byContent.get(content);
      if (!list) byContent.set(content, (list = []));
      list.push({ data, texture: image });
    });
  }

  /** The glTF material for a scene material, without the texture slots the primitive cannot use. */
  private material(index: number, prim: Primitive): GMaterial | undefined {
    const source = this.scene.materials[index];
    if (!source) return undefined;
    const dropped: Slot[] = [];
    for (const slot of SLOTS) {
      const ref = source[slot];
      if (!ref || !this.textures.get(ref.texture)) continue;
      const set = `TEXCOORD_${ref.texCoord ?? 0}` as AttributeName;
      if (!(prim.attributes as unknown as Record<string, unknown>)[set]) dropped.push(slot);
    }
    const key = `${index}:${dropped.join(',')}`;
    let material = this.materials.get(key);
    if (!material) {
      material = this.createMaterial(source, new Set(dropped));
      if (dropped.length) {
        this.warn(
          'GLTF_MATERIAL_TEXCOORD',
          `material '${source.name}' is used by a primitive without the texture coordinates of ${dropped.join(', ')}; that copy leaves them out`,
        );
        material.setName(`${source.name} (${dropped.map((d) => `no ${d}`).join(', ')})`);
      }
      this.materials.set(key, material);
    }
    return material;
  }

  private createMaterial(source: Material, dropped: Set<Slot>): GMaterial {
    const m = this.doc.createMaterial(source.name);
    const c = source.baseColorFactor;
    m.setBaseColorFactor([clamp01(c[0]), clamp01(c[1]), clamp01(c[2]), clamp01(c[3])]);
    m.setMetallicFactor(clamp01(source.metallicFactor));
    m.setRoughnessFactor(clamp01(source.roughnessFactor));
    // glTF factors stop at 1: a brighter emissive colour (HDR emission in some engines) is written
    // as its hue with the peak moved into KHR_materials_emissive_strength.
    const raw = source.emissiveFactor.map((x) => (Number.isFinite(x) ? Math.max(0, x) : 0));
    const peak = Math.max(...raw);
    let e = peak > 1 ? raw.map((x) => x / peak) : raw.map(clamp01);
    let strength = source.emissiveStrength !== undefined && Number.isFinite(source.emissiveStrength) && source.emissiveStrength >= 0 ? source.emissiveStrength : 1;
    if (peak > 1) strength *= peak;
    if (strength < 1) {
      e = e.map((x) => x * strength); // a dimmer strength fits in the factor itself
      strength = 1;
    }
    m.setEmissiveFactor([e[0], e[1], e[2]]);
    m.setAlphaMode(source.alphaMode);
    if (source.alphaMode === 'MASK') m.setAlphaCutoff(Math.max(0, finiteOr(source.alphaCutoff, 0.5)));
    m.setDoubleSided(!!source.doubleSided);

    const unresolved: Record<string, unknown> = {};
    for (const slot of SLOTS) {
      const ref = source[slot];
      if (!ref) continue;
      const texture = this.textures.get(ref.texture);
      if (!texture || dropped.has(slot)) {
        unresolved[slot] = this.describeRef(ref, dropped.has(slot) ? 'no texture coordinates' : this.textureProblems.get(ref.texture));
        continue;
      }
      switch (slot) {
        case 'baseColorTexture':
          m.setBaseColorTexture(texture);
          this.configureInfo(m.getBaseColorTextureInfo(), ref);
          break;
        case 'normalTexture':
          m.setNormalTexture(texture);
          if (ref.strength !== undefined && Number.isFinite(ref.strength)) m.setNormalScale(ref.strength);
          this.configureInfo(m.getNormalTextureInfo(), ref);
          break;
        case 'occlusionTexture':
          m.setOcclusionTexture(texture);
          if (ref.strength !== undefined && Number.isFinite(ref.strength)) m.setOcclusionStrength(clamp01(ref.strength));
          this.configureInfo(m.getOcclusionTextureInfo(), ref);
          break;
        case 'emissiveTexture':
          m.setEmissiveTexture(texture);
          this.configureInfo(m.getEmissiveTextureInfo(), ref);
          break;
        case 'metallicRoughnessTexture':
          m.setMetallicRoughnessTexture(texture);
          this.configureInfo(m.getMetallicRoughnessTextureInfo(), ref);
          break;
      }
    }

    if (strength > 1 && e.some((x) => x > 0)) {
      const ext = this.doc.createExtension(KHRMaterialsEmissiveStrength);
      m.setExtension('KHR_materials_emissive_strength', ext.createEmissiveStrength().setEmissiveStrength(strength));
    }
    if (source.unlit) {
      const ext = this.doc.createExtension(KHRMaterialsUnlit);
      m.setExtension('KHR_materials_unlit', ext.createUnlit());
    }
    const other: Record<string, unknown> = {};
    for (const [name, ref] of Object.entries(source.otherTextures ?? {})) other[name] = this.describeRef(ref);
    const extras = extrasOf(source.extras, {
      legacy: source.legacy,
      otherTextures: Object.keys(other).length ? other : undefined,
      unresolvedTextures: Object.keys(unresolved).length ? unresolved : undefined,
    });
    if (extras) m.setExtras(extras);
    return m;
  }

  /** A texture reference as JSON, for extras: the path the file wrote and how it was used. */
  private describeRef(ref: TextureRef, problem?: string): Record<string, unknown> {
    const texture = this.scene.textures[ref.texture];
    return toJSONValue({
      uri: texture?.uri,
      name: texture?.name,
      texCoord: ref.texCoord,
      strength: ref.strength,
      transform: ref.transform,
      problem,
      extras: ref.extras,
    }) as Record<string, unknown>;
  }

  private configureInfo(info: TextureInfo | null, ref: TextureRef): void {
    if (!info) return;
    const texCoord = ref.texCoord ?? 0;
    info.setTexCoord(texCoord);
    const texture = this.scene.textures[ref.texture];
    if (texture?.wrapS) info.setWrapS(WRAP[texture.wrapS] as never);
    if (texture?.wrapT) info.setWrapT(WRAP[texture.wrapT] as never);
    const t = ref.transform;
    if (t && (t.offset[0] || t.offset[1] || t.rotation || t.scale[0] !== 1 || t.scale[1] !== 1)) {
      this.transformExtension ??= this.doc.createExtension(KHRTextureTransform);
      const transform = this.transformExtension
        .createTransform()
        .setOffset([finiteOr(t.offset[0], 0), finiteOr(t.offset[1], 0)])
        .setScale([finiteOr(t.scale[0], 1), finiteOr(t.scale[1], 1)])
        .setRotation(finiteOr(t.rotation, 0));
      info.setExtension('KHR_texture_transform', transform);
    }
  }

  // ---------------------------------------------------------------- nodes, LOD

  /** With `options.lod`, every node under a level other than the chosen one loses its content. */
  private planLods(): void {
    if (this.options.lod === undefined) return;
    const wanted = Math.max(0, Math.floor(this.options.lod));
    for (const node of this.scene.nodes) {
      if (!node.lods?.length) continue;
      const keep = Math.min(wanted, node.lods.length - 1);
      node.lods.forEach((level, k) => {
        if (k !== keep) this.markSubtree(level.node, this.hiddenByLod);
      });
    }
  }

  private markSubtree(start: number, into: Set<number>): void {
    const stack = [start];
    while (stack.length) {
      const i = stack.pop()!;
      if (into.has(i) || !this.scene.nodes[i]) continue;
      into.add(i);
      stack.push(...this.scene.nodes[i].children);
    }
  }

  private createNodes(): void {
    this.cyclic = this.nodesOnParentCycles();
    const locals: Local[] = this.scene.nodes.map((node, i) => {
      const label = `node '${node.name || i}'`;
      if (node.matrix) {
        if (Array.prototype.some.call(node.matrix, (x: number) => !Number.isFinite(x)) || node.matrix.length !== 16) {
          this.warn('GLTF_NODE_FIXED', `${label} has a matrix with non-finite values; the identity is written`);
          return { matrix: math.identity() };
        }
        return { matrix: node.matrix };
      }
      let fixed = false;
      const local: Local = {};
      // Defaults are left unset (the writer leaves them out either way).
      const t = node.translation;
      if (t && (t[0] !== 0 || t[1] !== 0 || t[2] !== 0)) {
        const finite = finiteVector(t, 0);
        fixed ||= finite.fixed;
        local.translation = finite.value;
      }
      const r = node.rotation;
      if (r && (r[0] !== 0 || r[1] !== 0 || r[2] !== 0 || r[3] !== 1)) {
        if (!Number.isFinite(r[0] + r[1] + r[2] + r[3])) fixed = true;
        // Made unit once, when written; a zero or non-finite one is the identity.
        const length = Math.sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
        local.rotation = length > 1e-12 && Number.isFinite(length) ? r : [0, 0, 0, 1];
      }
      const sc = node.scale;
      if (sc && (sc[0] !== 1 || sc[1] !== 1 || sc[2] !== 1)) {
        const finite = finiteVector(sc, 1);
        fixed ||= finite.fixed;
        local.scale = finite.value;
      }
      if (fixed) this.warn('GLTF_NODE_FIXED', `${label}: non-finite translation, rotation or scale values replaced`);
      return local;
    });
    // Nodes a clip drives take TRS only; the others may carry a sheared matrix down exactly.
    const animated = new Set<number>();
    for (const clip of this.selectedClips()) for (const ch of clip.channels) if (ch.path !== 'weights') animated.add(ch.node);
    this.parents = this.writtenParents();
    this.plan = planTransforms(locals, this.parents, (i) => animated.has(i));

    this.scene.nodes.forEach((node, i) => {
      const g = this.doc.createNode(node.name || `node_${i}`);
      const label = `node '${node.name || i}'`;
      const plan = this.plan.nodes[i];
      if (plan.translation) g.setTranslation(finiteVector(plan.translation, 0).value as Vec3);
      if (plan.rotation) g.setRotation(unitQuaternion(plan.rotation));
      if (plan.scale) g.setScale(finiteVector(plan.scale, 1).value as Vec3);
      if (plan.sheared) this.warnSheared(i, plan);
      if (node.weights?.length && node.weights.some((w) => !Number.isFinite(w))) {
        this.warn('GLTF_NODE_FIXED', `${label}: non-finite morph weights replaced by 0`);
      }
      const extras = extrasOf(node.extras);
      if (extras) g.setExtras(extras);
      this.nodes.push(g);
    });
  }

  /** Per node, the scene node it is written under, or -1 (the links linkHierarchy makes, LOD levels included). */
  private writtenParents(): number[] {
    const parents = new Array<number>(this.scene.nodes.length).fill(-1);
    this.scene.nodes.forEach((node, i) => {
      for (const child of node.children) if (this.scene.nodes[child]?.parent === i && !this.cyclic.has(child)) parents[child] = i;
    });
    return parents;
  }

  /** Says where a sheared matrix went (GLTF_MATRIX_SPLIT, exact; GLTF_MATRIX_NOT_TRS, not). */
  private warnSheared(i: number, plan: NodePlan): void {
    const node = this.scene.nodes[i];
    const label = `node '${node.name || i}'`;
    const off = `${percent(plan.residual ?? 0)} off T·R·S`;
    const into: string[] = [];
    const skin = node.skin !== undefined ? this.scene.skins[node.skin] : undefined;
    const mesh = node.mesh !== undefined && !this.hiddenByLod.has(i) ? this.scene.meshes[node.mesh] : undefined;
    // Skinned primitives follow the joints alone.
    if (mesh?.primitives.some((p) => !(skin?.joints.length && p.attributes.JOINTS_0 && p.attributes.WEIGHTS_0))) into.push('its mesh');
    if (node.children.some((c) => this.parents[c] === i)) into.push('its children');
    if (this.scene.skins.some((skin) => skin.joints.includes(i))) into.push('its inverse bind matrices');
    const where = into.length ? `, baked into ${into.join(', ')}` : '';
    const also = node.camera !== undefined || node.light !== undefined ? `; its ${node.camera !== undefined ? 'camera' : 'light'} follows the T·R·S part` : '';
    if (plan.sheared === 'split') {
      const angle = angleOf(plan.carry!.rotation!);
      this.warn(
        'GLTF_MATRIX_SPLIT',
        `${label} has a sheared matrix (${off}), which a glTF node cannot hold: written as T·R·S with the remaining ${angle.toFixed(3)}° rotation${where}; world transforms are exact${also}`,
      );
      return;
    }
    if (plan.lost) {
      this.warn('GLTF_MATRIX_NOT_TRS', `${label} is animated and has a sheared, singular matrix (${off}); glTF animates T·R·S only, so the shear is lost`);
      return;
    }
    const moved = percent(distanceFromIdentity(plan.carry!.linear));
    this.warn(
      'GLTF_MATRIX_NOT_TRS',
      `${label} is animated and has a sheared matrix (${off}); glTF animates T·R·S only. Written as the T·R·S its clips start from, the remainder${where}: the rest pose is exact; while a clip plays the glTF keeps the remainder, which the scene's pose drops (points move by up to ${moved} of their distance from the node)${also}`,
    );
  }

  /** Nodes whose parent chain loops (never in a valid scene): written without a parent. */
  private nodesOnParentCycles(): Set<number> {
    const nodes = this.scene.nodes;
    const state = new Uint8Array(nodes.length); // 0 unseen, 1 on the current path, 2 done
    const cyclic = new Set<number>();
    for (let start = 0; start < nodes.length; start++) {
      const path: number[] = [];
      let i = start;
      while (i >= 0 && i < nodes.length && state[i] === 0) {
        state[i] = 1;
        path.push(i);
        i = nodes[i].parent;
      }
      if (i >= 0 && i < nodes.length && state[i] === 1) cyclic.add(i);
      for (const p of path) state[p] = 2;
    }
    if (cyclic.size) this.warn('GLTF_NODE_CYCLE', `${cyclic.size} nodes are their own ancestors; each is written without its parent`);
    return cyclic;
  }

  private linkHierarchy(): void {
    const lodChildren = new Set<number>();
    if (this.options.lod === undefined) {
      // MSFT_lod: the host keeps level 0 as its child; coarser levels hang off level 0's extension.
      this.scene.nodes.forEach((node, i) => {
        const levels = (node.lods ?? []).filter((l) => node.children.includes(l.node) && this.nodes[l.node]);
        if (levels.length < 2) return;
        this.lodExtension ??= this.doc.createExtension(MSFTLod);
        const lod = this.lodExtension.createLod();
        for (const level of levels.slice(1)) {
          lod.addLod(this.nodes[level.node]);
          lodChildren.add(level.node);
        }
        const top = this.nodes[levels[0].node];
        top.setExtension(MSFT_LOD, lod);
        const coverage = levels.map((l) => l.screenCoverage);
        const distances = levels.map((l) => l.distance);
        const lodExtras: Record<string, unknown> = { ...(top.getExtras() as Record<string, unknown>) };
        if (coverage.every((c) => c !== undefined && Number.isFinite(c))) lodExtras.MSFT_screencoverage = coverage;
        if (distances.some((d) => d !== undefined)) lodExtras.lodDistances = toJSONValue(distances);
        lodExtras.lodHost = node.name || `node_${i}`;
        top.setExtras(lodExtras);
      });
    }
    this.scene.nodes.forEach((node, i) => {
      for (const child of node.children) {
        if (lodChildren.has(child) || this.cyclic.has(child)) continue;
        const g = this.nodes[child];
        if (g && this.scene.nodes[child].parent === i && !this.parentOf.has(g)) {
          const parent = this.plan.nodes[child].underRemainder ? this.remainderNode(i) : this.nodes[i];
          parent.addChild(g);
          this.parentOf.set(g, parent);
        }
      }
    });
    for (const root of this.scene.roots) {
      const g = this.nodes[root];
      if (g && this.scene.nodes[root].parent === -1 && !this.sceneRoots.has(g)) {
        this.gltfScene.addChild(g);
        this.sceneRoots.add(g);
      }
    }
  }

  /**
   * The node between scene node `i` and its animated children when `i`'s carry is not a rotation:
   * that carry as T·R·S (its Vᵀ turns the children's channels).
   */
  private remainderNode(i: number): GNode {
    let g = this.remainderNodes.get(i);
    if (!g) {
      const split = this.plan.remainders.get(i)!;
      g = this.doc.createNode(`${this.nodes[i].getName()} (remainder)`).setRotation(unitQuaternion(split.rotation)).setScale(finiteVector(split.scale, 1).value as Vec3);
      this.nodes[i].addChild(g);
      this.parentOf.set(g, this.nodes[i]);
      this.remainderNodes.set(i, g);
    }
    return g;
  }

  // ---------------------------------------------------------------- skins

  private readonly skins: (GSkin | null)[] = [];

  private createSkins(): void {
    for (const [s, skin] of this.scene.skins.entries()) {
      if (skin.joints.length === 0) {
        this.skins.push(null);
        this.warn('GLTF_SKIN_EMPTY', `skin ${s} has no joints and is left out`);
        continue;
      }
      if (skin.joints.some((j) => !this.nodes[j]) || new Set(skin.joints).size !== skin.joints.length) {
        this.skins.push(null);
        this.warn('GLTF_SKIN_INVALID', `skin ${s} names a node that does not exist, or one node twice; left out`);
        continue;
      }
      const g = this.doc.createSkin(skin.name ?? `skin_${s}`);
      for (const j of skin.joints) g.addJoint(this.nodes[j]);
      const ibm = new Float32Array(skin.joints.length * 16);
      ibm.set(skin.inverseBindMatrices.length > ibm.length ? skin.inverseBindMatrices.subarray(0, ibm.length) : skin.inverseBindMatrices);
      // A joint written without part of its matrix (its carry): the bind matrix takes that part (checked below).
      skin.joints.forEach((j, k) => {
        const carry = this.plan.nodes[j].carry;
        if (carry) ibm.set(math.multiply(carry.linear, ibm.subarray(k * 16, k * 16 + 16), new Float64Array(16)), k * 16);
      });
      let fixed = 0;
      let replaced = 0;
      for (let k = 0; k + 15 < ibm.length; k += 16) {
        let finite = k + 15 < skin.inverseBindMatrices.length;
        for (let c = 0; c < 16 && finite; c++) if (!Number.isFinite(ibm[k + c])) finite = false;
        if (!finite) {
          math.identity(ibm.subarray(k, k + 16));
          replaced++;
          continue;
        }
        // Float noise (1e-8) is set silently; a real projective row is worth a warning.
        if (Math.max(Math.abs(ibm[k + 3]), Math.abs(ibm[k + 7]), Math.abs(ibm[k + 11]), Math.abs(ibm[k + 15] - 1)) > 1e-5) fixed++;
        ibm[k + 3] = ibm[k + 7] = ibm[k + 11] = 0;
        ibm[k + 15] = 1;
      }
      if (fixed) this.warn('GLTF_IBM_FIXED', `skin ${s}: ${fixed} inverse bind matrices had a non-affine last row; set to 0 0 0 1`);
      if (replaced) this.warn('GLTF_IBM_FIXED', `skin ${s}: ${replaced} inverse bind matrices missing or not finite; the identity is written`);
      g.setInverseBindMatrices(this.doc.createAccessor().setType('MAT4').setArray(ibm).setBuffer(this.buffer));
      const extras = extrasOf(skin.extras);
      if (extras) g.setExtras(extras);
      this.skins.push(g);
    }
  }

  /** The glTF hierarchy as built (child → parent), kept here because the graph is slow to walk. */
  private readonly parentOf = new Map<GNode, GNode>();
  private readonly sceneRoots = new Set<GNode>();

  private topOf(node: GNode): GNode {
    let n = node;
    for (let p = this.parentOf.get(n); p; p = this.parentOf.get(n)) n = p;
    return n;
  }

  private isAncestorOrSelf(ancestor: GNode, node: GNode): boolean {
    for (let n: GNode | undefined = node; n; n = this.parentOf.get(n)) if (n === ancestor) return true;
    return false;
  }

  /** Skeleton nodes are set only when they really are a common root (the validator checks). */
  private setSkeletons(): void {
    this.scene.skins.forEach((skin, s) => {
      const g = this.skins[s];
      if (!g || skin.skeleton === undefined) return;
      const root = this.nodes[skin.skeleton];
      if (root && skin.joints.every((j) => this.isAncestorOrSelf(root, this.nodes[j]))) g.setSkeleton(root);
    });
  }

  /** glTF wants every skin's joints under one root; add an identity root above several. */
  private ensureSkinRoots(): void {
    for (const [s, g] of this.skins.entries()) {
      if (!g) continue;
      const tops = new Set(this.scene.skins[s].joints.map((j) => this.topOf(this.nodes[j])));
      if (tops.size < 2) continue;
      const inScene = [...tops].every((t) => this.sceneRoots.has(t));
      if (!inScene) {
        this.warn('GLTF_SKIN_ROOTS', `skin ${s}: joints have ${tops.size} separate roots outside the scene; left as is`);
        continue;
      }
      const root = this.doc.createNode(`skeleton_root_${s}`);
      for (const t of tops) {
        this.gltfScene.removeChild(t);
        this.sceneRoots.delete(t);
        root.addChild(t);
        this.parentOf.set(t, root);
      }
      this.gltfScene.addChild(root);
      this.sceneRoots.add(root);
      this.warn('GLTF_SKIN_ROOT_ADDED', `skin ${s}: joints had ${tops.size} separate roots; added an identity node '${root.getName()}' above them`);
    }
    this.setSkeletons();
  }

  // ---------------------------------------------------------------- meshes, cameras, lights

  private attachContent(): void {
    // Joint limit per mesh: the smallest skin among the nodes that draw it with a skin.
    const jointLimit = new Map<number, number>();
    this.scene.nodes.forEach((node) => {
      if (node.mesh === undefined || node.skin === undefined || !this.skins[node.skin]) return;
      const n = this.scene.skins[node.skin].joints.length;
      jointLimit.set(node.mesh, Math.min(jointLimit.get(node.mesh) ?? Infinity, n));
    });
    const lights = this.scene.lights.length ? this.doc.createExtension(KHRLightsPunctual) : undefined;
    const gltfLights = this.scene.lights.map((light, i) => {
      const g = lights!.createLight(light.name ?? `light_${i}`).setType(light.type);
      g.setColor([clamp01(light.color[0]), clamp01(light.color[1]), clamp01(light.color[2])]);
      g.setIntensity(Number.isFinite(light.intensity) && light.intensity >= 0 ? light.intensity : 1);
      if (light.range !== undefined && light.range > 0 && Number.isFinite(light.range) && light.type !== 'directional') g.setRange(light.range);
      if (light.type === 'spot') {
        let outer = light.outerConeAngle ?? Math.PI / 4;
        let inner = light.innerConeAngle ?? 0;
        if (!(outer > 0) || outer > Math.PI / 2) outer = Math.min(Math.PI / 2, Math.max(1e-3, outer || Math.PI / 4));
        if (!(inner >= 0) || inner >= outer) {
          inner = Math.max(0, Math.min(inner || 0, outer * 0.999));
          this.warn('GLTF_LIGHT_FIXED', `light ${i}: spot cone angles adjusted to inner ${inner} < outer ${outer}`);
        }
        g.setInnerConeAngle(inner).setOuterConeAngle(outer);
      }
      const extras = extrasOf(light.extras);
      if (extras) g.setExtras(extras);
      return g;
    });
    const cameras = this.scene.cameras.map((camera, i) => {
      const g = this.doc.createCamera(camera.name ?? `camera_${i}`).setType(camera.type);
      const znear = camera.znear > 0 && Number.isFinite(camera.znear) ? camera.znear : camera.type === 'orthographic' && camera.znear === 0 ? 0 : 0.01;
      g.setZNear(znear);
      let zfar = camera.zfar !== undefined && camera.zfar > znear && Number.isFinite(camera.zfar) ? camera.zfar : undefined;
      if (camera.type === 'perspective') {
        const yfov = camera.yfov !== undefined && camera.yfov > 0 && camera.yfov < Math.PI ? camera.yfov : Math.PI / 4;
        if (yfov !== camera.yfov) this.warn('GLTF_CAMERA_FIXED', `camera ${i}: field of view ${camera.yfov} replaced by ${yfov}`);
        g.setYFov(yfov);
        if (camera.aspectRatio !== undefined && camera.aspectRatio > 0 && Number.isFinite(camera.aspectRatio)) g.setAspectRatio(camera.aspectRatio);
        // An infinite projection omits zfar (glTF-Transform would write null, which is invalid).
        g.setZFar(zfar ?? (undefined as unknown as number));
      } else {
        g.setXMag(finiteOr(camera.xmag, 0) || 1).setYMag(finiteOr(camera.ymag, 0) || 1);
        if (zfar === undefined) {
          zfar = znear + 1000;
          this.warn('GLTF_CAMERA_FIXED', `camera ${i}: orthographic camera without a far plane; using ${zfar}`);
        }
        g.setZFar(zfar);
      }
      const extras = extrasOf(camera.extras);
      if (extras) g.setExtras(extras);
      return g;
    });

    const users = new Map<number, number>();
    this.scene.nodes.forEach((node, i) => {
      if (node.mesh !== undefined && !this.hiddenByLod.has(i)) users.set(node.mesh, (users.get(node.mesh) ?? 0) + 1);
    });
    this.scene.nodes.forEach((node, i) => {
      const g = this.nodes[i];
      if (this.hiddenByLod.has(i)) return;
      if (node.camera !== undefined && cameras[node.camera]) g.setCamera(cameras[node.camera]);
      if (node.light !== undefined && gltfLights[node.light]) g.setExtension('KHR_lights_punctual', gltfLights[node.light]);
      if (node.mesh === undefined || !this.scene.meshes[node.mesh]) return;
      const carry = this.plan.nodes[i].carry;
      // glTF, like the scene, draws skinned primitives with the joints alone: the carry is in the bind matrices.
      const withSkin = node.skin !== undefined && !!this.skins[node.skin];
      const rigid = this.scene.meshes[node.mesh].primitives.some((p) => !(withSkin && p.attributes.JOINTS_0 && p.attributes.WEIGHTS_0));
      const mesh =
        carry && rigid
          ? this.bakedMesh(node.mesh, i, carry.linear, (users.get(node.mesh) ?? 0) > 1, withSkin, jointLimit.get(node.mesh))
          : this.mesh(node.mesh, jointLimit.get(node.mesh));
      if (!mesh) return;
      g.setMesh(mesh);
      const skinned = mesh.listPrimitives().some((p) => p.getAttribute('JOINTS_0'));
      const skin = node.skin !== undefined ? this.skins[node.skin] : undefined;
      if (skin && skinned) g.setSkin(skin);
      else if (skin) this.warn('GLTF_SKIN_UNUSED', `node '${node.name}' has a skin but its mesh has no joint weights; the skin is not bound`);
      const targets = mesh.listPrimitives()[0]?.listTargets().length ?? 0;
      if (node.weights?.length) {
        if (node.weights.length === targets) g.setWeights(node.weights.map((w) => finiteOr(w, 0)));
        else this.warn('GLTF_WEIGHTS_COUNT', `node '${node.name}' has ${node.weights.length} morph weights for ${targets} targets; left out`);
      }
    });
  }

  /**
   * One accessor per source array and use: primitives that share an array share its accessor, and
   * `prepare` (a check, or a fixed copy) runs once per array. The data is the scene's own array
   * when nothing needed fixing.
   */
  private accessor<T extends Float32Array | Uint16Array | Uint32Array>(
    source: T,
    size: number,
    usage: string,
    prepare?: (source: T) => T,
  ): Accessor {
    let byUsage = this.accessors.get(source);
    if (!byUsage) {
      byUsage = new Map();
      this.accessors.set(source, byUsage);
    }
    let accessor = byUsage.get(usage);
    if (!accessor) {
      accessor = this.doc
        .createAccessor()
        .setType(TYPE_BY_SIZE[size as keyof typeof TYPE_BY_SIZE])
        .setArray(prepare ? prepare(source) : source)
        .setBuffer(this.buffer);
      byUsage.set(usage, accessor);
    }
    return accessor;
  }

  /** A vertex attribute, checked (and fixed on a copy) for what glTF requires of it. */
  private attributeAccessor(name: string, data: Float32Array, label: string): Accessor {
    const size = (ATTRIBUTE_SIZES as Record<string, number>)[name] ?? 3;
    return this.accessor(data, size, `attribute:${name}`, (array) => {
      if (name === 'POSITION') {
        const fixed = finitePositions(array);
        if (fixed.replaced) this.warn('GLTF_VALUES_FIXED', `${label}: ${fixed.replaced} non-finite POSITION values replaced by 0`);
        this.positionBounds.set(fixed.data, { min: fixed.min, max: fixed.max });
        return fixed.data;
      }
      if (name === 'NORMAL') {
        const fixed = unitNormals(array);
        if (fixed.replaced) this.warn('GLTF_NORMALS_FIXED', `${label}: ${fixed.replaced} zero or non-finite normals replaced by +Y`);
        return fixed.data;
      }
      if (name === 'TANGENT') {
        const fixed = unitTangents(array);
        if (fixed.replaced) this.warn('GLTF_TANGENTS_FIXED', `${label}: ${fixed.replaced} zero or non-finite tangents replaced`);
        return fixed.data;
      }
      if (name === 'COLOR_0') {
        const fixed = clampColors(array);
        if (fixed.clamped) this.warn('GLTF_COLORS_CLAMPED', `${label}: ${fixed.clamped} colour values clamped to 0..1`);
        return fixed.data;
      }
      const fixed = finiteValues(array);
      if (fixed.replaced) this.warn('GLTF_VALUES_FIXED', `${label}: ${fixed.replaced} non-finite ${name} values replaced by 0`);
      return fixed.data;
    });
  }

  /**
   * Indices glTF accepts: below the vertex count (triangles naming another vertex are left out),
   * a whole number of triangles, and no 0xffff in 16-bit indices (the primitive restart value).
   */
  private indicesFor(indices: Uint16Array | Uint32Array, count: number, mode: PrimitiveMode, label: string): Uint16Array | Uint32Array | undefined {
    let largest = 0;
    for (let i = 0; i < indices.length; i++) if (indices[i] > largest) largest = indices[i];
    let out = indices;
    const whole = mode !== 'TRIANGLES' || indices.length % 3 === 0;
    if (largest >= count || !whole) {
      if (mode !== 'TRIANGLES') {
        this.warn('GLTF_INDICES_FIXED', `${label}: indices name vertex ${largest} of ${count}; primitive left out`);
        return undefined;
      }
      const kept: number[] = [];
      for (let t = 0; t + 2 < indices.length; t += 3) {
        if (indices[t] < count && indices[t + 1] < count && indices[t + 2] < count) kept.push(indices[t], indices[t + 1], indices[t + 2]);
      }
      this.warn('GLTF_INDICES_FIXED', `${label}: ${(indices.length - kept.length)} indices left out (past the ${count} vertices, or not a whole triangle)`);
      if (!kept.length) return undefined;
      out = count > 0xffff ? Uint32Array.from(kept) : Uint16Array.from(kept);
      largest = 0;
      for (const i of kept) if (i > largest) largest = i;
    }
    if (out instanceof Uint16Array && largest === 0xffff) out = Uint32Array.from(out);
    return out;
  }

  /** Joints and weights cleaned for a skin of `jointLimit` joints, once per source array. */
  private skinWeights(joints: Uint16Array, weights: Float32Array, jointLimit: number, label: string): { joints: Uint16Array; weights: Float32Array } {
    const key = `${jointLimit}`;
    let byLimit = this.cleanWeights.get(weights);
    if (!byLimit) this.cleanWeights.set(weights, (byLimit = new Map()));
    let clean = byLimit.get(key);
    if (!clean || clean.source !== joints) {
      const result = cleanSkinWeights(joints, weights, jointLimit);
      if (result.fixed) this.warn('GLTF_WEIGHTS_FIXED', `${label}: ${result.fixed} vertices had duplicate, out-of-range, non-finite or unnormalised joint weights`);
      clean = { source: joints, joints: result.joints, weights: result.weights };
      byLimit.set(key, clean);
    }
    return clean;
  }

  private mesh(index: number, jointLimit: number | undefined): GMesh | null {
    if (this.meshes.has(index)) return this.meshes.get(index)!;
    const mesh = this.buildMesh(this.scene.meshes[index], this.scene.meshes[index].name || `mesh_${index}`, jointLimit);
    this.meshes.set(index, mesh);
    return mesh;
  }

  /**
   * Mesh `index` as node `node` draws it after its carry (scene world = glTF world · carry): the
   * primitives it does not skin are transformed by the carry, normals and tangents with it. A copy
   * named after the node when other nodes draw the mesh too.
   */
  private bakedMesh(index: number, node: number, carry: Float64Array, shared: boolean, skinned: boolean, jointLimit: number | undefined): GMesh | null {
    const source = this.scene.meshes[index];
    const normalMatrix = math.transpose(math.invert(carry, new Float64Array(16)) ?? math.identity(new Float64Array(16)), new Float64Array(16));
    const flip = math.determinant3(carry) < 0 ? -1 : 1;
    const primitives = source.primitives.map((prim): Primitive => {
      const a = prim.attributes;
      if (skinned && a.JOINTS_0 && a.WEIGHTS_0) return prim;
      const attributes = { ...a };
      if (a.POSITION) attributes.POSITION = transformVectors(a.POSITION, carry);
      // Normals by the inverse transpose; lengths are made unit with the other checks.
      if (a.NORMAL) attributes.NORMAL = transformVectors(a.NORMAL, normalMatrix);
      if (a.TANGENT) attributes.TANGENT = transformTangents(a.TANGENT, carry, flip);
      const targets = prim.targets?.map((target) => ({
        ...target,
        ...(target.POSITION ? { POSITION: transformVectors(target.POSITION, carry) } : {}),
        ...(target.NORMAL ? { NORMAL: transformVectors(target.NORMAL, normalMatrix) } : {}),
        ...(target.TANGENT ? { TANGENT: transformVectors(target.TANGENT, carry) } : {}),
      }));
      return { ...prim, attributes, ...(targets ? { targets } : {}) };
    });
    const name = source.name || `mesh_${index}`;
    const nodeName = this.scene.nodes[node].name || `node_${node}`;
    return this.buildMesh({ ...source, primitives }, shared ? `${name} (for ${nodeName})` : name, jointLimit);
  }

  private buildMesh(source: Mesh, name: string, jointLimit: number | undefined): GMesh | null {
    const mesh = this.doc.createMesh(name);
    const primitives: GPrimitive[] = [];
    let targetNames: (string | undefined)[] | undefined;
    source.primitives.forEach((prim, p) => {
      const label = `mesh '${source.name}' primitive ${p}`;
      const positions = prim.attributes.POSITION;
      const count = positions && positions.length % 3 === 0 ? positions.length / 3 : 0;
      const mode = prim.mode ?? 'TRIANGLES';
      const indices = prim.indices && count ? this.indicesFor(prim.indices, count, mode, label) : prim.indices;
      const elements = indices ? indices.length : count;
      if (!count || !elements) {
        this.warn('GLTF_PRIMITIVE_EMPTY', `${label} has no ${count ? 'indices' : 'vertices'}; left out`);
        return;
      }
      const g = this.doc.createPrimitive().setMode(MODES[mode]);
      const attributes = prim.attributes as unknown as Record<string, Float32Array | Uint16Array | undefined>;
      for (const name of Object.keys(attributes)) {
        const data = attributes[name];
        if (!data || name === 'JOINTS_0' || name === 'WEIGHTS_0') continue;
        const size = (ATTRIBUTE_SIZES as Record<string, number>)[name] ?? 3;
        if (!(data instanceof Float32Array) || data.length !== count * size) {
          this.warn('GLTF_ATTRIBUTE_SKIPPED', `${label}: ${name} has ${data.length} values for ${count} vertices of ${size}; left out`);
          continue;
        }
        g.setAttribute(name, this.attributeAccessor(name, data, label));
      }
      const { JOINTS_0, WEIGHTS_0 } = prim.attributes;
      if (JOINTS_0 && WEIGHTS_0) {
        if (jointLimit === undefined || jointLimit === 0) {
          this.warn('GLTF_SKIN_MISSING', `${label} has joint weights but no node draws it with a skin; weights left out`);
        } else if (JOINTS_0.length !== count * 4 || WEIGHTS_0.length !== count * 4) {
          this.warn('GLTF_ATTRIBUTE_SKIPPED', `${label}: joint weights for ${WEIGHTS_0.length / 4} vertices of ${count}; left out`);
        } else {
          const clean = this.skinWeights(JOINTS_0, WEIGHTS_0, jointLimit, label);
          g.setAttribute('JOINTS_0', this.accessor(clean.joints, 4, `joints:${jointLimit}`));
          g.setAttribute('WEIGHTS_0', this.accessor(clean.weights, 4, `weights:${jointLimit}`));
        }
      }
      if (indices) g.setIndices(this.accessor(indices, 1, 'indices'));
      prim.targets?.forEach((target, t) => {
        const gt = this.doc.createPrimitiveTarget(target.name ?? `target_${t}`);
        for (const key of ['POSITION', 'NORMAL', 'TANGENT'] as const) {
          const data = target[key];
          if (!data || !g.getAttribute(key)) continue;
          if (data.length !== count * 3) {
            this.warn('GLTF_ATTRIBUTE_SKIPPED', `${label}: morph target ${t} ${key} has ${data.length} values for ${count} vertices; left out`);
            continue;
          }
          gt.setAttribute(
            key,
            this.accessor(data, 3, `target:${key}`, (array) => {
              const fixed = finiteValues(array);
              if (fixed.replaced) this.warn('GLTF_VALUES_FIXED', `${label}: ${fixed.replaced} non-finite morph target ${key} values replaced by 0`);
              return fixed.data;
            }),
          );
        }
        if (!gt.getAttribute('POSITION') && gt.listAttributes().length === 0) {
          gt.setAttribute('POSITION', this.accessor(new Float32Array(count * 3), 3, 'target:POSITION'));
        }
        g.addTarget(gt);
      });
      if (prim.targets?.length && prim.targets.length > (targetNames?.length ?? 0)) targetNames = prim.targets.map((t) => t.name);
      if (prim.material !== undefined) {
        const material = this.material(prim.material, prim);
        if (material) g.setMaterial(material);
      }
      const extras = extrasOf(prim.extras);
      if (extras) g.setExtras(extras);
      mesh.addPrimitive(g);
      primitives.push(g);
    });
    if (primitives.length === 0) {
      mesh.dispose();
      return null;
    }
    // glTF needs the same number of morph targets on every primitive of a mesh.
    let targets = 0;
    for (const g of primitives) targets = Math.max(targets, g.listTargets().length);
    let padded = 0;
    if (targets) {
      for (const g of primitives) {
        const count = g.getAttribute('POSITION')!.getCount();
        for (let t = g.listTargets().length; t < targets; t++, padded++) {
          const empty = this.doc.createPrimitiveTarget(targetNames?.[t] ?? `target_${t}`);
          g.addTarget(empty.setAttribute('POSITION', this.accessor(new Float32Array(count * 3), 3, 'target:POSITION')));
        }
      }
    }
    if (padded) this.warn('GLTF_TARGETS_PADDED', `mesh '${source.name}': ${padded} empty morph targets added so every primitive has ${targets}`);
    if (source.weights?.length === targets && targets) mesh.setWeights(source.weights.map((w) => finiteOr(w, 0)));
    const extras = extrasOf(source.extras, targetNames?.some((n) => n) ? { targetNames } : undefined);
    if (extras) mesh.setExtras(extras);
    return mesh;
  }

  // ---------------------------------------------------------------- animations

  private selectedClips(): AnimationClip[] {
    const { animation } = this.options;
    const clips = this.scene.animations;
    if (animation === undefined) return clips;
    const clip = typeof animation === 'number' ? clips[animation] : clips.find((c) => c.name === animation);
    if (!clip) {
      throw new RangeError(
        `animation ${JSON.stringify(animation)} not found; the scene has ${clips.length ? clips.map((c) => JSON.stringify(c.name)).join(', ') : 'no animations'}`,
      );
    }
    return [clip];
  }

  /** Key times as written (finite, ≥ 0 after the clip's shift, increasing), once per source array. */
  private keyTimes(times: Float32Array, shift: number): ReturnType<typeof cleanKeyTimes> {
    let byShift = this.cleanTimes.get(times);
    if (!byShift) this.cleanTimes.set(times, (byShift = new Map()));
    let keys = byShift.get(shift);
    if (!keys) {
      keys = cleanKeyTimes(times, shift);
      byShift.set(shift, (keys = { ...keys, times: this.sharedTimes(keys.times) }));
    }
    return keys;
  }

  /**
   * One array (so one input accessor) per distinct list of key times: formats often give every
   * bone's track its own copy of the same frame times.
   */
  private sharedTimes(times: Float32Array): Float32Array {
    const key = `${times.length}:${times[0]}:${times[times.length - 1]}`;
    let same = this.timesByContent.get(key);
    if (!same) this.timesByContent.set(key, (same = []));
    for (const other of same) {
      let equal = true;
      for (let i = 0; i < times.length && equal; i++) if (other[i] !== times[i]) equal = false;
      if (equal) return other;
    }
    same.push(times);
    return times;
  }

  private exportAnimations(): void {
    for (const clip of this.selectedClips()) {
      const animation = this.doc.createAnimation(clip.name);
      // glTF times start at 0 or later: a clip with earlier keys moves as a whole.
      let earliest = 0;
      for (const ch of clip.channels) {
        for (let i = 0; i < ch.times.length; i++) {
          const t = ch.times[i];
          if (t < earliest && t > -Infinity) earliest = t;
        }
      }
      const shift = earliest < 0 ? Math.fround(-earliest) : 0;
      if (shift) this.warn('GLTF_ANIMATION_SHIFTED', `clip '${clip.name}' starts at ${earliest} s; keys moved by ${shift} s (glTF times are ≥ 0)`);
      const seen = new Set<string>();
      let last = 0;
      clip.channels.forEach((ch, c) => {
        const skip = (why: string) => this.warn('GLTF_CHANNEL_SKIPPED', `clip '${clip.name}' channel ${c}: ${why}`);
        const target = this.nodes[ch.node];
        if (!target) return skip(`node ${ch.node} does not exist`);
        const key = `${ch.node}/${ch.path}`;
        if (seen.has(key)) return skip(`a second ${ch.path} channel for node ${ch.node}`);
        const cubic = ch.interpolation === 'CUBICSPLINE';
        let size = ch.path === 'rotation' ? 4 : 3;
        if (ch.path === 'weights') {
          size = target.getMesh()?.listPrimitives()[0]?.listTargets().length ?? 0;
          if (!size) return skip('weights for a node without morph targets');
        }
        const stride = size * (cubic ? 3 : 1);
        if (ch.values.length !== ch.times.length * stride) return skip('value count does not match the keys');
        const keys = this.keyTimes(ch.times, shift);
        if (keys.times.length === 0 || (cubic && keys.times.length < 2)) return skip(`${keys.times.length} usable keys`);
        if (keys.dropped) {
          this.warn('GLTF_KEYS_DROPPED', `clip '${clip.name}' channel ${c}: ${keys.dropped} keys with non-finite, negative or non-increasing times left out`);
        }
        seen.add(key);
        let values = keptValues(ch.values, keys.keep, stride);
        const turn = this.plan.nodes[ch.node].turn;
        if (turn && (ch.path === 'translation' || ch.path === 'rotation')) values = turned(values, ch.path, turn);
        if (ch.path === 'rotation') {
          const unit = unitQuaternionKeys(values, cubic);
          if (unit.fixed) this.warn('GLTF_VALUES_FIXED', `clip '${clip.name}' channel ${c}: ${unit.fixed} zero or non-finite rotations replaced by the identity`);
          values = unit.data;
        } else {
          const finite = finiteValues(values, ch.path === 'scale' && !cubic ? 1 : 0);
          if (finite.replaced) this.warn('GLTF_VALUES_FIXED', `clip '${clip.name}' channel ${c}: ${finite.replaced} non-finite ${ch.path} values replaced`);
          values = finite.data;
        }
        last = Math.max(last, keys.times[keys.times.length - 1]);
        const input = this.accessor(keys.times, 1, 'animation:input');
        const output = this.doc
          .createAccessor()
          .setType(TYPE_BY_SIZE[ch.path === 'weights' ? 1 : (size as 3 | 4)])
          .setArray(values)
          .setBuffer(this.buffer);
        const sampler = this.doc.createAnimationSampler().setInput(input).setOutput(output).setInterpolation(ch.interpolation);
        const channel = this.doc.createAnimationChannel().setTargetNode(target).setTargetPath(ch.path).setSampler(sampler);
        const extras = extrasOf(ch.extras);
        if (extras) channel.setExtras(extras);
        animation.addSampler(sampler).addChannel(channel);
      });
      if (animation.listChannels().length === 0) {
        this.warn('GLTF_ANIMATION_EMPTY', `clip '${clip.name}' has no channels glTF can hold; left out`);
        animation.dispose();
        continue;
      }
      const duration = clip.duration + shift;
      const extras = extrasOf(clip.extras, Number.isFinite(duration) && Math.abs(duration - last) > 1e-6 ? { duration: clip.duration } : undefined);
      if (extras) animation.setExtras(extras);
    }
  }

  // ---------------------------------------------------------------- scene extras, colliders

  private writeSceneExtras(): void {
    const allNodes = this.doc.getRoot().listNodes();
    const indexOf = (i: number | undefined) => (i === undefined || i < 0 || !this.nodes[i] ? undefined : allNodes.indexOf(this.nodes[i]));
    const colliders = this.scene.colliders.map((c) => ({
      name: c.name,
      node: indexOf(c.node),
      nodeName: c.node !== undefined && c.node >= 0 ? this.scene.nodes[c.node]?.name : undefined,
      shape: c.shape,
      translation: c.translation,
      rotation: c.rotation,
      scale: c.scale,
      extras: c.extras,
    }));
    const extras = extrasOf(this.scene.extras, {
      relic3d: { format: this.scene.format, version: this.scene.version },
      colliders: colliders.length ? colliders : undefined,
    });
    if (extras) this.gltfScene.setExtras(extras);
  }
}

/** Channel values turned by a rotation q (q · v for translations, q ⊗ r for rotations; tangents too, as both are linear). */
function turned(values: Float32Array, path: 'translation' | 'rotation', q: ArrayLike<number>): Float32Array {
  const out = new Float32Array(values.length);
  if (path === 'translation') {
    for (let i = 0; i + 2 < values.length; i += 3) out.set(math.quatRotateVec3(q, values.subarray(i, i + 3)), i);
  } else {
    for (let i = 0; i + 3 < values.length; i += 4) out.set(math.quatMultiply(q, values.subarray(i, i + 4)), i);
  }
  return out;
}
