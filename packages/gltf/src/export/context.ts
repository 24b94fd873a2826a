import {
  Document,
  type Accessor,
  type Buffer as GBuffer,
  type Material as GMaterial,
  type Mesh as GMesh,
  type Node as GNode,
  type Scene as GScene,
  type Skin as GSkin,
  type Texture as GTexture,
} from '@gltf-transform/core';
import type { KHRTextureTransform } from '@gltf-transform/extensions';
import { WarningSink, type Scene } from '@relic3d/core';
import { version } from '../../package.json';
import type { MSFTLod } from '../extensions/msft-lod.js';
import type { ExportOptions } from '../options.js';
import { quietEvents } from './quiet-events.js';
import type { cleanKeyTimes } from './sanitize.js';
import type { TransformPlan } from './transforms.js';

/** asset.generator of every file written. */
export const GENERATOR = `relic3d ${version} (@relic3d/gltf)`;

/** Joints and weights as written for one skin size, with the joints array they were cleaned with. */
export interface CleanWeights {
  source: Uint16Array;
  joints: Uint16Array;
  weights: Float32Array;
}

/**
 * Everything one export shares between its phases (glTF-Transform's WriterContext, in the other
 * direction): the document being built, the scene it comes from, and the maps from scene indices
 * to the glTF properties made for them. Each phase (textures, nodes, skins, meshes, animations, …)
 * is a function of this context; a new context per export, so exports never share state.
 */
export class ExportContext {
  readonly doc = quietEvents(new Document());
  /** The one buffer every accessor is written to. */
  readonly buffer: GBuffer;
  readonly warnings: WarningSink;
  readonly gltfScene: GScene;

  // Scene index → glTF property.
  /** Per scene node, its glTF node. */
  readonly nodes: GNode[] = [];
  /** Per scene skin, its glTF skin; null when it is left out. */
  readonly skins: (GSkin | null)[] = [];
  /** Per scene texture a material uses, its glTF texture; null when it could not be embedded. */
  readonly textures = new Map<number, GTexture | null>();
  /** Why a texture is null in `textures` (goes into the material's extras). */
  readonly textureProblems = new Map<number, string>();
  /** Per `<material index>:<slots left out>`, the glTF material. */
  readonly materials = new Map<string, GMaterial>();
  /** Per scene mesh drawn as it is, its glTF mesh; null when no primitive could be written. */
  readonly meshes = new Map<number, GMesh | null>();
  /** Per scene node with a sheared parent, the node between them (see transforms.ts). */
  readonly remainderNodes = new Map<number, GNode>();

  // The hierarchy as written.
  /** Nodes whose mesh, camera and light are left out because another LOD level was chosen. */
  readonly hiddenByLod = new Set<number>();
  /** Nodes written without their parent because the parent chain loops. */
  cyclic = new Set<number>();
  /** Per node, the scene node it is written under, or -1. */
  parents: number[] = [];
  /** Every node's glTF transform, and what sheared matrices carry down. */
  plan!: TransformPlan;
  /** The glTF hierarchy as built (child → parent), kept here because the graph is slow to walk. */
  readonly parentOf = new Map<GNode, GNode>();
  readonly sceneRoots = new Set<GNode>();

  // Caches: each source array is checked (and fixed) once, however many primitives or channels share it.
  /** One accessor per source array and use. */
  readonly accessors = new Map<object, Map<string, Accessor>>();
  /** POSITION bounds computed while checking the data; the writer uses them for accessor min/max. */
  readonly positionBounds = new Map<object, { min: number[]; max: number[] }>();
  /** Cleaned joints and weights, per weights array and skin size. */
  readonly cleanWeights = new Map<Float32Array, Map<string, CleanWeights>>();
  /** Key times as written, per source array and shift (shared by the channels that share them). */
  readonly cleanTimes = new Map<Float32Array, Map<number, ReturnType<typeof cleanKeyTimes>>>();
  /** Written key time arrays, by length and first and last time, so equal lists share one accessor. */
  readonly timesByContent = new Map<string, Float32Array[]>();
  /** Base names of the images written (resource file names must not collide). */
  readonly imageNames = new Set<string>();

  // Extensions, created when first needed.
  lodExtension?: MSFTLod;
  transformExtension?: KHRTextureTransform;

  constructor(
    readonly scene: Scene,
    readonly options: ExportOptions,
  ) {
    this.warnings = new WarningSink('gltf', options.onWarning);
    this.buffer = this.doc.createBuffer();
    this.gltfScene = this.doc.createScene(scene.name ?? 'Scene');
    this.doc.getRoot().getAsset().generator = GENERATOR;
  }

  warn(code: string, message: string): void {
    this.warnings.warn(code, message);
  }
}
