import {
  Document,
  TextureInfo,
  type Accessor,
  type Buffer as GBuffer,
  type Material as GMaterial,
  type Mesh as GMesh,
  type Node as GNode,
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
  WarningSink,
  math,
  sniffImage,
  type AttributeName,
  type Scene,
  type Material,
  type TextureRef,
  type Primitive,
  type AnimationClip,
  type WrapMode,
} from '@relic3d/core';
import { imageBaseName, resolveImage } from './images.js';
import { legacyImageToPng } from './png.js';
import { extrasOf, toJSONValue } from './json.js';
import { MSFTLod, MSFT_LOD } from './msft-lod.js';
import type { ExportOptions } from './options.js';
import {
  clamp01,
  clampColors,
  cleanSkinWeights,
  unitNormals,
  unitQuaternion,
  unitQuaternionKeys,
  unitTangents,
} from './sanitize.js';

const FORMAT = 'gltf';
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

/**
 * Builds a glTF-Transform Document from a scene. Nothing in `scene` is modified; data glTF cannot
 * hold as is (non-unit normals, duplicate joints, out-of-range colours) is fixed on copies and
 * reported through `onWarning`.
 */
export async function toDocument(scene: Scene, options: ExportOptions = {}): Promise<Document> {
  return new Exporter(scene, options).run();
}

class Exporter {
  readonly doc = new Document();
  readonly buffer: GBuffer;
  readonly warnings: WarningSink;
  readonly nodes: GNode[] = [];
  readonly gltfScene: GScene;
  private readonly textures = new Map<number, GTexture | null>();
  private readonly textureProblems = new Map<number, string>();
  private readonly materials = new Map<string, GMaterial>();
  private readonly meshes = new Map<number, GMesh | null>();
  private readonly accessors = new Map<object, Map<string, Accessor>>();
  private readonly imageNames = new Set<string>();
  /** Nodes whose mesh, camera and light are left out because another LOD level was chosen. */
  private readonly hiddenByLod = new Set<number>();
  private lodExtension?: MSFTLod;
  private transformExtension?: KHRTextureTransform;

  constructor(
    readonly scene: Scene,
    readonly options: ExportOptions,
  ) {
    this.warnings = new WarningSink(FORMAT, options.onWarning);
    this.buffer = this.doc.createBuffer();
    this.gltfScene = this.doc.createScene(scene.name ?? 'Scene');
    this.doc.getRoot().getAsset().generator = `relic3d (${scene.format})`;
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

  private async resolveTextures(): Promise<void> {
    const used = new Set<number>();
    for (const m of this.scene.materials) for (const slot of SLOTS) if (m[slot]) used.add(m[slot]!.texture);
    await Promise.all(
      [...used].map(async (index) => {
        const texture = this.scene.textures[index];
        if (!texture) return;
        const label = texture.uri ?? texture.name ?? `texture ${index}`;
        let bytes = texture.image?.data;
        if (!bytes && texture.uri) {
          const found = await resolveImage(texture.uri, this.options.resolve);
          bytes = found.bytes;
          if (!bytes) {
            this.textures.set(index, null);
            this.textureProblems.set(index, 'missing');
            this.warn('GLTF_TEXTURE_MISSING', `texture '${label}' was not found (${found.error}); the material keeps its path in extras`);
            return;
          }
        }
        if (!bytes) {
          this.textures.set(index, null);
          this.textureProblems.set(index, 'no image');
          this.warn('GLTF_TEXTURE_MISSING', `texture '${label}' has neither a path nor image data`);
          return;
        }
        let kind = sniffImage(bytes, texture.uri ?? texture.name);
        let convertedFrom: string | undefined;
        if (!kind?.embeddable) {
          const converted = await legacyImageToPng(bytes, texture.uri ?? texture.name);
          if (converted) {
            bytes = converted.png;
            convertedFrom = converted.from;
            kind = { mimeType: 'image/png', embeddable: true, extension: 'png' };
          }
        }
        if (!kind?.embeddable) {
          this.textures.set(index, null);
          this.textureProblems.set(index, kind ? `unsupported ${kind.extension}` : 'unrecognised image');
          this.warn(
            'GLTF_TEXTURE_UNSUPPORTED',
            `texture '${label}' is ${kind ? `a ${kind.extension.toUpperCase()} image` : 'not a recognised image'}; glTF carries PNG, JPEG or WebP and it could not be converted, so it is left out (its path stays in the material's extras)`,
          );
          return;
        }
        if (kind.mimeType === 'image/webp') this.doc.createExtension(EXTTextureWebP);
        let base = imageBaseName(texture.uri ?? texture.name, `texture_${index}`);
        while (this.imageNames.has(base)) base += '_';
        this.imageNames.add(base);
        const image = this.doc
          .createTexture(texture.name ?? base)
          .setImage(bytes)
          .setMimeType(kind.mimeType)
          .setURI(`${base}.${kind.extension}`);
        const extras = extrasOf(texture.extras, { uri: texture.uri, convertedFrom });
        if (extras) image.setExtras(extras);
        this.textures.set(index, image);
      }),
    );
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
    if (source.alphaMode === 'MASK') m.setAlphaCutoff(Math.max(0, source.alphaCutoff ?? 0.5));
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
        .setOffset([t.offset[0], t.offset[1]])
        .setScale([t.scale[0], t.scale[1]])
        .setRotation(t.rotation);
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
    this.scene.nodes.forEach((node, i) => {
      const g = this.doc.createNode(node.name || `node_${i}`);
      if (node.matrix) {
        const { translation, rotation, scale } = math.decompose(node.matrix);
        const again = math.fromTRS(translation, rotation, scale);
        const size = Math.max(1, ...Array.from(node.matrix, Math.abs));
        if (!math.mat4Equals(Array.from(again), node.matrix, 1e-4 * size)) {
          this.warn('GLTF_MATRIX_NOT_TRS', `node '${node.name}' has a sheared matrix; glTF needs TRS, so the shear is lost`);
        }
        g.setTranslation(translation).setRotation(unitQuaternion(rotation)).setScale(scale);
      } else {
        if (node.translation) g.setTranslation([...node.translation]);
        if (node.rotation) g.setRotation(unitQuaternion(node.rotation));
        if (node.scale) g.setScale([...node.scale]);
      }
      const extras = extrasOf(node.extras);
      if (extras) g.setExtras(extras);
      this.nodes.push(g);
    });
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
        if (lodChildren.has(child)) continue;
        const g = this.nodes[child];
        if (g && this.scene.nodes[child].parent === i) this.nodes[i].addChild(g);
      }
    });
    for (const root of this.scene.roots) {
      const g = this.nodes[root];
      if (g && this.scene.nodes[root].parent === -1) this.gltfScene.addChild(g);
    }
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
      const g = this.doc.createSkin(skin.name ?? `skin_${s}`);
      for (const j of skin.joints) g.addJoint(this.nodes[j]);
      const ibm = new Float32Array(skin.inverseBindMatrices);
      let fixed = 0;
      for (let k = 0; k + 15 < ibm.length; k += 16) {
        // Float noise (1e-8) is set silently; a real projective row is worth a warning.
        if (Math.max(Math.abs(ibm[k + 3]), Math.abs(ibm[k + 7]), Math.abs(ibm[k + 11]), Math.abs(ibm[k + 15] - 1)) > 1e-5) fixed++;
        ibm[k + 3] = ibm[k + 7] = ibm[k + 11] = 0;
        ibm[k + 15] = 1;
      }
      if (fixed) this.warn('GLTF_IBM_FIXED', `skin ${s}: ${fixed} inverse bind matrices had a non-affine last row; set to 0 0 0 1`);
      g.setInverseBindMatrices(this.doc.createAccessor().setType('MAT4').setArray(ibm).setBuffer(this.buffer));
      const extras = extrasOf(skin.extras);
      if (extras) g.setExtras(extras);
      this.skins.push(g);
    }
  }

  /** Skeleton nodes are set only when they really are a common root (the validator checks). */
  private setSkeletons(): void {
    this.scene.skins.forEach((skin, s) => {
      const g = this.skins[s];
      if (!g || skin.skeleton === undefined) return;
      const root = this.nodes[skin.skeleton];
      if (root && g.listJoints().every((j) => isAncestorOrSelf(root, j))) g.setSkeleton(root);
    });
  }

  /** glTF wants every skin's joints under one root; add an identity root above several. */
  private ensureSkinRoots(): void {
    for (const [s, g] of this.skins.entries()) {
      if (!g) continue;
      const tops = new Set(g.listJoints().map(topOf));
      if (tops.size < 2) continue;
      const inScene = [...tops].every((t) => this.gltfScene.listChildren().includes(t));
      if (!inScene) {
        this.warn('GLTF_SKIN_ROOTS', `skin ${s}: joints have ${tops.size} separate roots outside the scene; left as is`);
        continue;
      }
      const root = this.doc.createNode(`skeleton_root_${s}`);
      for (const t of tops) {
        this.gltfScene.removeChild(t);
        root.addChild(t);
      }
      this.gltfScene.addChild(root);
      this.warn('GLTF_SKIN_ROOT_ADDED', `skin ${s}: joints had ${tops.size} separate roots; added an identity node '${root.getName()}' above them`);
    }
    this.setSkeletons();
  }

  // ---------------------------------------------------------------- meshes, cameras, lights

  private attachContent(): void {
    // Joint limit per mesh: the smallest skin among the nodes that draw it with a skin.
    const jointLimit = new Map<number, number>();
    this.scene.nodes.forEach((node) => {
      if (node.mesh === undefined || node.skin === undefined) return;
      const n = this.scene.skins[node.skin]?.joints.length ?? 0;
      jointLimit.set(node.mesh, Math.min(jointLimit.get(node.mesh) ?? Infinity, n));
    });
    const lights = this.scene.lights.length ? this.doc.createExtension(KHRLightsPunctual) : undefined;
    const gltfLights = this.scene.lights.map((light, i) => {
      const g = lights!.createLight(light.name ?? `light_${i}`).setType(light.type);
      g.setColor([clamp01(light.color[0]), clamp01(light.color[1]), clamp01(light.color[2])]);
      g.setIntensity(Number.isFinite(light.intensity) && light.intensity >= 0 ? light.intensity : 1);
      if (light.range !== undefined && light.range > 0 && light.type !== 'directional') g.setRange(light.range);
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
      const znear = camera.znear > 0 ? camera.znear : camera.type === 'orthographic' ? Math.max(0, camera.znear || 0) : 0.01;
      g.setZNear(znear);
      let zfar = camera.zfar !== undefined && camera.zfar > znear ? camera.zfar : undefined;
      if (camera.type === 'perspective') {
        const yfov = camera.yfov !== undefined && camera.yfov > 0 && camera.yfov < Math.PI ? camera.yfov : Math.PI / 4;
        if (yfov !== camera.yfov) this.warn('GLTF_CAMERA_FIXED', `camera ${i}: field of view ${camera.yfov} replaced by ${yfov}`);
        g.setYFov(yfov);
        if (camera.aspectRatio !== undefined && camera.aspectRatio > 0) g.setAspectRatio(camera.aspectRatio);
        // An infinite projection omits zfar (glTF-Transform would write null, which is invalid).
        g.setZFar(zfar ?? (undefined as unknown as number));
      } else {
        g.setXMag(camera.xmag || 1).setYMag(camera.ymag || 1);
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

    this.scene.nodes.forEach((node, i) => {
      const g = this.nodes[i];
      if (this.hiddenByLod.has(i)) return;
      if (node.camera !== undefined && cameras[node.camera]) g.setCamera(cameras[node.camera]);
      if (node.light !== undefined && gltfLights[node.light]) g.setExtension('KHR_lights_punctual', gltfLights[node.light]);
      if (node.mesh === undefined) return;
      const mesh = this.mesh(node.mesh, jointLimit.get(node.mesh));
      if (!mesh) return;
      g.setMesh(mesh);
      const skinned = mesh.listPrimitives().some((p) => p.getAttribute('JOINTS_0'));
      const skin = node.skin !== undefined ? this.skins[node.skin] : undefined;
      if (skin && skinned) g.setSkin(skin);
      else if (skin) this.warn('GLTF_SKIN_UNUSED', `node '${node.name}' has a skin but its mesh has no joint weights; the skin is not bound`);
      const targets = mesh.listPrimitives()[0]?.listTargets().length ?? 0;
      if (node.weights?.length) {
        if (node.weights.length === targets) g.setWeights([...node.weights]);
        else this.warn('GLTF_WEIGHTS_COUNT', `node '${node.name}' has ${node.weights.length} morph weights for ${targets} targets; left out`);
      }
    });
  }

  private accessor(array: Float32Array | Uint16Array | Uint32Array, size: number, usage: string): Accessor {
    let byUsage = this.accessors.get(array);
    if (!byUsage) {
      byUsage = new Map();
      this.accessors.set(array, byUsage);
    }
    let accessor = byUsage.get(usage);
    if (!accessor) {
      accessor = this.doc
        .createAccessor()
        .setType(TYPE_BY_SIZE[size as keyof typeof TYPE_BY_SIZE])
        .setArray(array)
        .setBuffer(this.buffer);
      byUsage.set(usage, accessor);
    }
    return accessor;
  }

  private mesh(index: number, jointLimit: number | undefined): GMesh | null {
    if (this.meshes.has(index)) return this.meshes.get(index)!;
    const source = this.scene.meshes[index];
    const mesh = this.doc.createMesh(source.name || `mesh_${index}`);
    let targetNames: (string | undefined)[] | undefined;
    source.primitives.forEach((prim, p) => {
      const label = `mesh '${source.name}' primitive ${p}`;
      const positions = prim.attributes.POSITION;
      const count = positions ? positions.length / 3 : 0;
      const elements = prim.indices ? prim.indices.length : count;
      if (!count || !elements) {
        this.warn('GLTF_PRIMITIVE_EMPTY', `${label} has no ${count ? 'indices' : 'vertices'}; left out`);
        return;
      }
      const g = this.doc.createPrimitive().setMode(MODES[prim.mode ?? 'TRIANGLES']);
      for (const [name, data] of Object.entries(prim.attributes) as [AttributeName, Float32Array | Uint16Array][]) {
        if (!data || name === 'JOINTS_0' || name === 'WEIGHTS_0') continue;
        let array = data as Float32Array;
        if (name === 'NORMAL') {
          const fixed = unitNormals(array);
          if (fixed.replaced) this.warn('GLTF_NORMALS_FIXED', `${label}: ${fixed.replaced} zero normals replaced by +Y`);
          array = fixed.data;
        } else if (name === 'TANGENT') {
          const fixed = unitTangents(array);
          if (fixed.replaced) this.warn('GLTF_TANGENTS_FIXED', `${label}: ${fixed.replaced} zero tangents replaced`);
          array = fixed.data;
        } else if (name === 'COLOR_0') {
          const fixed = clampColors(array);
          if (fixed.clamped) this.warn('GLTF_COLORS_CLAMPED', `${label}: ${fixed.clamped} colour values clamped to 0..1`);
          array = fixed.data;
        }
        g.setAttribute(name, this.accessor(array, ATTRIBUTE_SIZES[name], `attribute:${name}`));
      }
      const { JOINTS_0, WEIGHTS_0 } = prim.attributes;
      if (JOINTS_0 && WEIGHTS_0) {
        if (jointLimit === undefined || jointLimit === 0) {
          this.warn('GLTF_SKIN_MISSING', `${label} has joint weights but no node draws it with a skin; weights left out`);
        } else {
          const clean = cleanSkinWeights(JOINTS_0, WEIGHTS_0, jointLimit);
          if (clean.fixed) this.warn('GLTF_WEIGHTS_FIXED', `${label}: ${clean.fixed} vertices had duplicate, out-of-range or unnormalised joint weights`);
          g.setAttribute('JOINTS_0', this.accessor(clean.joints, 4, 'joints'));
          g.setAttribute('WEIGHTS_0', this.accessor(clean.weights, 4, 'weights'));
        }
      }
      if (prim.indices) {
        let indices = prim.indices;
        if (indices instanceof Uint16Array && indices.includes(0xffff)) indices = Uint32Array.from(indices);
        g.setIndices(this.accessor(indices, 1, 'indices'));
      }
      prim.targets?.forEach((target, t) => {
        const gt = this.doc.createPrimitiveTarget(target.name ?? `target_${t}`);
        for (const key of ['POSITION', 'NORMAL', 'TANGENT'] as const) {
          const data = target[key];
          if (!data || !g.getAttribute(key)) continue;
          gt.setAttribute(key, this.accessor(data, 3, `target:${key}`));
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
    });
    if (mesh.listPrimitives().length === 0) {
      mesh.dispose();
      this.meshes.set(index, null);
      return null;
    }
    // glTF needs the same number of morph targets on every primitive of a mesh.
    const targets = Math.max(...mesh.listPrimitives().map((p) => p.listTargets().length));
    let padded = 0;
    for (const g of mesh.listPrimitives()) {
      const count = g.getAttribute('POSITION')!.getCount();
      for (let t = g.listTargets().length; t < targets; t++, padded++) {
        const empty = this.doc.createPrimitiveTarget(targetNames?.[t] ?? `target_${t}`);
        g.addTarget(empty.setAttribute('POSITION', this.accessor(new Float32Array(count * 3), 3, 'target:POSITION')));
      }
    }
    if (padded) this.warn('GLTF_TARGETS_PADDED', `mesh '${source.name}': ${padded} empty morph targets added so every primitive has ${targets}`);
    if (source.weights?.length === targets && targets) mesh.setWeights([...source.weights]);
    const extras = extrasOf(source.extras, targetNames?.some((n) => n) ? { targetNames } : undefined);
    if (extras) mesh.setExtras(extras);
    this.meshes.set(index, mesh);
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

  private exportAnimations(): void {
    for (const clip of this.selectedClips()) {
      const animation = this.doc.createAnimation(clip.name);
      let shift = 0;
      for (const ch of clip.channels) if (ch.times.length && ch.times[0] < shift) shift = ch.times[0];
      if (shift < 0) this.warn('GLTF_ANIMATION_SHIFTED', `clip '${clip.name}' starts at ${shift} s; keys moved by ${-shift} s (glTF times are ≥ 0)`);
      const seen = new Set<string>();
      clip.channels.forEach((ch, c) => {
        const skip = (why: string) => this.warn('GLTF_CHANNEL_SKIPPED', `clip '${clip.name}' channel ${c}: ${why}`);
        const target = this.nodes[ch.node];
        if (!target) return skip(`node ${ch.node} does not exist`);
        const key = `${ch.node}/${ch.path}`;
        if (seen.has(key)) return skip(`a second ${ch.path} channel for node ${ch.node}`);
        const cubic = ch.interpolation === 'CUBICSPLINE';
        if (ch.times.length === 0 || (cubic && ch.times.length < 2)) return skip(`${ch.times.length} keys`);
        let size = ch.path === 'rotation' ? 4 : 3;
        if (ch.path === 'weights') {
          size = target.getMesh()?.listPrimitives()[0]?.listTargets().length ?? 0;
          if (!size) return skip('weights for a node without morph targets');
        }
        if (ch.values.length !== ch.times.length * size * (cubic ? 3 : 1)) return skip('value count does not match the keys');
        seen.add(key);
        const times = shift < 0 ? ch.times.map((t) => t - shift) : ch.times;
        const values = ch.path === 'rotation' ? unitQuaternionKeys(ch.values, cubic) : ch.values;
        const input = this.accessor(times, 1, 'animation:input');
        const output = this.doc
          .createAccessor()
          .setType(TYPE_BY_SIZE[ch.path === 'weights' ? 1 : (size as 3 | 4)])
          .setArray(values === ch.values ? new Float32Array(values) : values)
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
      let last = 0;
      for (const ch of clip.channels) if (ch.times.length) last = Math.max(last, ch.times[ch.times.length - 1] - shift);
      const extras = extrasOf(clip.extras, Math.abs(clip.duration - last) > 1e-6 ? { duration: clip.duration } : undefined);
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

function topOf(node: GNode): GNode {
  let n = node;
  for (let p = n.getParentNode(); p; p = n.getParentNode()) n = p;
  return n;
}

function isAncestorOrSelf(ancestor: GNode, node: GNode): boolean {
  for (let n: GNode | null = node; n; n = n.getParentNode()) if (n === ancestor) return true;
  return false;
}
