import { WarningSink, createScene, keepMapAlive, type Scene } from '@relic3d/core';
import { version } from '../../package.json';
import type { ExportOptions } from '../options.js';
import { extrasOf, type ExtrasBudget } from './extras.js';
import { BinaryLayout, emptyJson, type GltfJson, type Json } from './output.js';
import type { cleanKeyTimes } from './sanitize.js';
import type { TransformPlan } from './transforms.js';
import { isKnownFinite } from './trust.js';

/** asset.generator of every file written. */
export const GENERATOR = `relic3d ${version} (@relic3d/gltf)`;

/** Joints and weights as written for one skin size, with the joints array they were cleaned with. */
export interface CleanWeights {
  source: Uint16Array;
  joints: Uint16Array;
  weights: Float32Array;
}

/** An image to embed: its bytes go into the binary buffer (.glb) or beside the JSON (.gltf). */
export interface PendingImage {
  image: number;
  data: Uint8Array;
  uri: string;
}

/**
 * Everything one export shares between its phases: the glTF JSON being built, the binary layout,
 * the scene it comes from, and the maps from scene indices to the glTF indices made for them.
 * Each phase (textures, nodes, skins, meshes, animations, …) is a function of this context; a new
 * context per export, so exports never share state.
 */
export class ExportContext {
  readonly json: GltfJson = emptyJson(GENERATOR);
  readonly layout = new BinaryLayout(this.json.bufferViews);
  readonly warnings: WarningSink;
  /** The glTF scene's root nodes, in order. */
  readonly sceneRoots: number[] = [];
  readonly sceneExtras: { value?: Json } = {};

  // Scene index → glTF index. Scene node i is glTF node i.
  /** Per scene skin, its glTF skin; null when it is left out. */
  readonly skins: (number | null)[] = [];
  /** Per scene texture a material uses, its glTF image; null when it could not be embedded. */
  readonly textures = new Map<number, number | null>();
  /** Why a texture is null in `textures` (goes into the material's extras). */
  readonly textureProblems = new Map<number, string>();
  /** Per `<material index>:<slots left out>`, the glTF material. */
  readonly materials = new Map<string, number>();
  /** Per scene mesh drawn as it is, its glTF mesh; null when no primitive could be written. */
  readonly meshes = new Map<number, number | null>();
  /** Per scene node with a sheared parent, the node between them (see transforms.ts). */
  readonly remainderNodes = new Map<number, number>();
  /** Vertex accessors waiting for their primitive's interleaved view (`interleave`), and their arrays. */
  readonly unplaced = new Map<number, Float32Array | Uint16Array>();
  /** Per glTF mesh, its number of morph targets. */
  readonly targetCounts: number[] = [];
  /** Zero morph targets (padding), per vertex count. */
  readonly zeroTargets = new Map<number, Float32Array>();
  /** glTF textures per `<image>:<wrapS>:<wrapT>`, and samplers per wrap modes. */
  readonly textureIndex = new Map<string, number>();
  readonly samplerIndex = new Map<string, number>();
  /** Images to embed, in glTF image order. */
  readonly images: PendingImage[] = [];

  // The hierarchy as written.
  /** Nodes whose mesh, camera and light are left out because another LOD level was chosen. */
  readonly hiddenByLod = new Set<number>();
  /** Nodes written without their parent because the parent chain loops. */
  cyclic = new Set<number>();
  /** Per node, the scene node it is written under, or -1. */
  parents: number[] = [];
  /** Every node's glTF transform, and what sheared matrices carry down. */
  plan!: TransformPlan;
  /** The glTF hierarchy as built (child → parent, glTF indices). */
  readonly parentOf = new Map<number, number>();

  // Caches: each source array is checked (and fixed) once, however many primitives or channels share it.
  /** One accessor per source array and use. */
  readonly accessors = new Map<object, Map<string, number>>();
  /** Cleaned joints and weights, per weights array and skin size. */
  readonly cleanWeights = new Map<Float32Array, Map<string, CleanWeights>>();
  /** Key times as written, per source array and shift (shared by the channels that share them). */
  readonly cleanTimes = new Map<Float32Array, Map<number, ReturnType<typeof cleanKeyTimes>>>();
  /** Written key time arrays, by length and first and last time, so equal lists share one accessor. */
  readonly timesByContent = new Map<string, Float32Array[]>();
  /** Base names of the images written (resource file names must not collide). */
  readonly imageNames = new Set<string>();
  /** The scene's reader vouched that it is finite: its arrays are not scanned for NaN again (trust.ts). */
  readonly finite: boolean;
  /** What extras may hold (depth, bulk arrays), and what was cut. */
  readonly extrasBudget: ExtrasBudget;

  constructor(
    readonly scene: Scene,
    readonly options: ExportOptions,
  ) {
    this.warnings = new WarningSink('gltf', options.onWarning);
    this.finite = isKnownFinite(scene);
    this.extrasBudget = { cut: 0, arrays: options.extrasArrays ?? 'buffer', layout: this.layout, omitted: 0 };
  }

  warn(code: string, message: string): void {
    this.warnings.warn(code, message);
  }

  /** Merged extras as plain JSON (bulk typed arrays in buffer views), or undefined when empty. */
  extras(...parts: (Record<string, unknown> | undefined)[]): Json | undefined {
    return extrasOf(this.extrasBudget, ...parts);
  }

  /** Marks an extension as used (listed once, in first-use order). */
  use(extension: string): void {
    if (!this.json.extensionsUsed.includes(extension)) this.json.extensionsUsed.push(extension);
  }

  /** A new glTF node; returns its index. */
  addNode(node: Json): number {
    this.json.nodes.push(node);
    return this.json.nodes.length - 1;
  }

  /** Appends `child` to `parent`'s children. */
  addChild(parent: number, child: number): void {
    const node = this.json.nodes[parent];
    let children = node.children as number[] | undefined;
    if (!children) node.children = children = [];
    children.push(child);
    this.parentOf.set(child, parent);
  }
}

// Exports make their contexts one after another and drop them: one inert context keeps its map
// (and the code that saw it) across full GCs (keep-map.ts in core).
keepMapAlive(new ExportContext(createScene('gltf'), {}));
