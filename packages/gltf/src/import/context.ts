import type {
  Accessor,
  Camera as GCamera,
  Document,
  Material as GMaterial,
  Mesh as GMesh,
  Node as GNode,
  Root,
  Skin as GSkin,
  Texture as GTexture,
} from '@gltf-transform/core';
import { createScene, WarningSink, type Scene } from '@relic3d/core';
import type { ClipDef } from './clip-defs.js';
import type { FromGltfOptions } from './options.js';
import type { GltfSource } from './source.js';

/**
 * Everything one import shares between its phases (glTF-Transform's ReaderContext, one step on):
 * the document read, the scene being built, the warning sink, and the maps from glTF properties to
 * scene indices. Each phase (nodes, skins, meshes, materials, animations, …) is a function of this
 * context; a new context per call, so imports never share state.
 */
export class ImportContext {
  readonly scene: Scene = createScene('gltf');
  readonly root: Root;
  /** Nodes in glTF order: scene node i is glTF node i (nodes added for LOD groups come after). */
  readonly gltfNodes: GNode[];

  // glTF property → scene index.
  readonly nodes = new Map<GNode, number>();
  readonly meshes = new Map<GMesh, number>();
  readonly materials = new Map<GMaterial, number>();
  readonly skins = new Map<GSkin, number>();
  readonly cameras = new Map<GCamera, number>();
  readonly lights = new Map<object, number>();
  /** Scene textures by `<image index>:<wrapS>:<wrapT>:<filters>` or `uri:<path>` (see textures.ts). */
  readonly textures = new Map<string, number>();
  /** glTF texture (image) → its index in the document, filled when first needed. */
  readonly imageIndex = new Map<GTexture, number>();

  /** Converted accessor arrays, per accessor and conversion, so shared accessors convert once. */
  readonly converted = new Map<Accessor, Map<string, unknown>>();
  /** LOD groups whose top level was a root: the node made to host them stands in its place (lod.ts). */
  readonly hostOf = new Map<number, number>();
  /** File names given to embedded images (each texture's `uri` must be unique). */
  readonly imageNames = new Set<string>();

  /** The animations, from the JSON or the Document (clip-defs.ts), made on first use. */
  clips?: ClipDef[];

  /** Written by relic3d (`extras.relic3d` on the glTF scene): its extras are read back into fields. */
  relic3d = false;

  constructor(
    readonly doc: Document,
    readonly options: FromGltfOptions,
    readonly warnings: WarningSink,
    /** The JSON and resources, when the input was bytes (node matrices and image URIs as written). */
    readonly source?: GltfSource,
  ) {
    this.root = doc.getRoot();
    this.gltfNodes = this.root.listNodes();
    this.gltfNodes.forEach((node, i) => this.nodes.set(node, i));
  }

  warn(code: string, message: string): void {
    this.warnings.warn(code, message);
  }
}
