// fromGltf: glTF (.glb, .gltf, or a glTF-Transform Document) → a relic3d Scene, the inverse of
// toDocument / toGlb / toGltf.
import { Document, GLB_BUFFER, WebIO, type ILogger } from '@gltf-transform/core';
import { validateScene, WarningSink, type Scene } from '@relic3d/core';
import { createAnimations } from './animations.js';
import { createCameras } from './cameras.js';
import { checkBudgets } from './budget.js';
import { checkStructure } from './check.js';
import { checkCompressed } from './compressed.js';
import { decoderDependencies, importExtensions } from './decoders.js';
import { ImportContext } from './context.js';
import { asFormatError, gltfError } from './errors.js';
import { dropExtrasReferences, restoreExtrasArrays } from './extras-arrays.js';
import { readSceneExtras, sceneExtrasOf, writtenByRelic3d } from './extras.js';
import { isPlainObject } from './values.js';
import { createLights } from './lights.js';
import { readLods } from './lod.js';
import { createMaterials } from './materials.js';
import { createMeshes } from './meshes.js';
import { attachContent } from './node-content.js';
import { collectRoots, createNodes, linkNodes } from './nodes.js';
import type { FromGltfOptions } from './options.js';
import { sanitizeJson } from './sanitize.js';
import { createSkins } from './skins.js';
import { loadResources, readContainer, type GltfSource } from './source.js';

export type { FromGltfOptions, GltfDecoders } from './options.js';

/**
 * Reads glTF into a relic3d Scene (`format: 'gltf'`): a .glb or .gltf as bytes (external buffers
 * and images through `options.resolve`), or a glTF-Transform Document. What the scene cannot hold
 * as the file says is fixed or left out with a warning (`scene.warnings`, `onWarning`); a file
 * that is not glTF, or whose structure is broken, is a FormatError (format 'gltf'). A file written
 * by toGlb/toGltf comes back with what its extras keep (legacy material fields, the original
 * texture paths, clip durations, LOD distances, colliders, version, every object's extras).
 */
export async function fromGltf(input: Uint8Array | ArrayBuffer | Document, options: FromGltfOptions = {}): Promise<Scene> {
  const warnings = new WarningSink('gltf', options.onWarning);
  let doc: Document;
  let source: GltfSource | undefined;
  if (isDocument(input)) doc = input;
  else {
    const bytes = input instanceof Uint8Array ? input : input instanceof ArrayBuffer ? new Uint8Array(input) : undefined;
    if (!bytes) throw gltfError('BAD_VALUE', 'the input', 'bytes (Uint8Array or ArrayBuffer) or a Document', typeof input);
    const container = readContainer(bytes);
    if (isPlainObject(container.json)) sanitizeJson(container.json, warnings);
    source = await loadResources(container, options.resolve, warnings);
    checkStructure(source, new Set(importExtensions.map((e) => e.EXTENSION_NAME)), warnings);
    const inputBytes = bytes.length + resourceBytes(source);
    const used = source.json.extensionsUsed ?? [];
    checkCompressed(source, used, inputBytes);
    checkBudgets(source.json as unknown as Record<string, unknown>, inputBytes, warnings, source.jsonOffset);
    restoreExtrasArrays(source, warnings);
    doc = await readDocument(source, warnings, await decoderDependencies(used, options.decoders));
  }
  let scene: Scene;
  try {
    scene = buildScene(new ImportContext(doc, options, warnings, source));
  } catch (e) {
    throw asFormatError(e, 'the document');
  }
  const issues = validateScene(scene);
  if (issues.length) {
    // Every phase makes its part valid; this is the last line, so no invalid scene ever leaves.
    throw gltfError('BAD_VALUE', issues[0].path, 'a glTF that makes a valid scene', `${issues.length} issues, first: ${issues[0].code} ${issues[0].message}`);
  }
  return warnings.attach(scene);
}

/** Bytes of the external buffers and images read through the resolver (they are input too). */
function resourceBytes(source: GltfSource): number {
  let n = 0;
  for (const [key, data] of Object.entries(source.resources)) if (key !== GLB_BUFFER && !key.startsWith('__relic3d_')) n += data.length;
  return n;
}

function isDocument(input: unknown): input is Document {
  return input instanceof Document || (typeof input === 'object' && input !== null && typeof (input as Document).getRoot === 'function');
}

/** glTF-Transform reads the checked JSON (with the decoders it needs); its log lines become warnings, anything it throws a FormatError. */
async function readDocument(source: GltfSource, warnings: WarningSink, decoders: Record<string, unknown>): Promise<Document> {
  const note = (text: string) => warnings.warn('GLTF_READER_NOTE', text);
  const logger: ILogger = { debug: () => {}, info: () => {}, warn: note, error: note };
  const io = new WebIO().setLogger(logger).registerExtensions(importExtensions).registerDependencies(decoders);
  try {
    // Animations are read from the JSON (clip-defs.ts), not through the Document.
    const json = { ...source.json, animations: undefined };
    return await io.readJSON({ json, resources: source.resources as Record<string, Uint8Array<ArrayBuffer>> });
  } catch (e) {
    throw asFormatError(e, 'the document');
  }
}

/** The phases, in the order their inputs need: extras first (they say whether relic3d wrote the file). */
function buildScene(ctx: ImportContext): Scene {
  const extras = sceneExtrasOf(ctx);
  ctx.relic3d = writtenByRelic3d(extras);
  createNodes(ctx);
  linkNodes(ctx);
  createSkins(ctx);
  createMaterials(ctx);
  createMeshes(ctx);
  createCameras(ctx);
  createLights(ctx);
  attachContent(ctx);
  readLods(ctx);
  collectRoots(ctx);
  createAnimations(ctx);
  readSceneExtras(ctx, extras);
  if (!ctx.source && ctx.relic3d) dropExtrasReferences(ctx.scene, ctx.warnings);
  return ctx.scene;
}
