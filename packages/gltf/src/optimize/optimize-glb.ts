// optimizeGlb: .glb bytes → a smaller, web-ready .glb, through glTF-Transform. Everything that can
// go wrong comes out typed: a FormatError for input glTF-Transform cannot read, a WriteError for a
// step or an encoder that fails, or an input past the memory budget.
import { Format, ImageUtils, type Document, type WebIO } from '@gltf-transform/core';
import { isFormatError, isWriteError, WriteError } from '@relic3d/core';
import { asFormatError } from '../import/errors.js';
import { readContainer } from '../import/source.js';
import { checkOptimizeBudget } from './budget.js';
import { checkInputLayout } from './input-check.js';
import { createOptimizeIO } from './io.js';
import { optimizeDocument } from './optimize-document.js';
import { optimizePlan, type OptimizeOptions } from './options.js';

/** What optimizeGlb did, besides the bytes. */
export interface OptimizeGlbResult {
  glb: Uint8Array;
  /** Input and output sizes in bytes. */
  bytesIn: number;
  bytesOut: number;
  /** The optimised file was not smaller, so `glb` is the input (warned GLTF_OPTIMIZE_NOT_SMALLER). */
  kept: boolean;
}

/**
 * Optimizes a .glb (ours, or any glTF-Transform reads, compressed ones included): dedup, prune,
 * weld, resample, texture dedup and meshopt compression with quantization by default (see
 * `OptimizeOptions` for the presets and the steps to turn off). The asset's generator is kept.
 * Never larger than the input: when the result is not smaller, the input is returned (warned).
 */
export async function optimizeGlb(bytes: Uint8Array, options: OptimizeOptions = {}): Promise<Uint8Array> {
  return (await optimizeGlbWithSizes(bytes, options)).glb;
}

/** optimizeGlb, with the sizes before and after. */
export async function optimizeGlbWithSizes(bytes: Uint8Array, options: OptimizeOptions = {}): Promise<OptimizeGlbResult> {
  const { document, io } = await optimizedDocument(bytes, options);
  let glb: Uint8Array;
  try {
    glb = await io.writeBinary(document);
  } catch (e) {
    throw asWriteError(e);
  }
  if (glb.byteLength >= bytes.byteLength) {
    // A few hundred bytes of geometry gain less than the extensions' JSON costs: the input is the smaller file.
    options.onWarning?.({ code: 'GLTF_OPTIMIZE_NOT_SMALLER', format: 'gltf', message: `optimisation gave ${glb.byteLength} bytes, not less than the ${bytes.byteLength} given: the input is kept as it is` });
    return { glb: bytes, bytesIn: bytes.byteLength, bytesOut: bytes.byteLength, kept: true };
  }
  return { glb, bytesIn: bytes.byteLength, bytesOut: glb.byteLength, kept: false };
}

/**
 * optimizeGlb written as a .gltf: the JSON and its resources (`<basename>.bin`, the images), keyed
 * by the URIs the JSON uses, as toGltf returns them.
 */
export async function optimizeGlbToGltf(
  bytes: Uint8Array,
  options: OptimizeOptions & { basename?: string } = {},
): Promise<{ json: Record<string, unknown>; resources: Record<string, Uint8Array> }> {
  const { document, io } = await optimizedDocument(bytes, options);
  const basename = options.basename ?? 'scene';
  // Embedded images get files named after the model (glTF-Transform would name them by slot: two
  // models in one folder would both want baseColor.png).
  for (const [i, texture] of document.getRoot().listTextures().entries()) {
    if (!texture.getURI()) texture.setURI(`${basename}_${i}.${ImageUtils.mimeTypeToExtension(texture.getMimeType()) || 'bin'}`);
  }
  try {
    const { json, resources } = await io.writeJSON(document, { format: Format.GLTF, basename });
    return { json: json as unknown as Record<string, unknown>, resources };
  } catch (e) {
    throw asWriteError(e);
  }
}

/** The input read (checked, within budget), optimised, and the IO to write it with. */
async function optimizedDocument(bytes: Uint8Array, options: OptimizeOptions): Promise<{ document: Document; io: WebIO }> {
  const plan = optimizePlan(options);
  const { json, jsonOffset } = readContainer(bytes);
  checkOptimizeBudget(json, bytes.byteLength);
  checkInputLayout(json, jsonOffset);
  const extensionsUsed = Array.isArray((json as { extensionsUsed?: unknown }).extensionsUsed) ? ((json as { extensionsUsed: unknown[] }).extensionsUsed.filter((e) => typeof e === 'string') as string[]) : [];
  const io = await createOptimizeIO({ compress: plan.compress, extensionsUsed });
  let document: Document;
  try {
    document = await io.readBinary(bytes);
  } catch (e) {
    throw asFormatError(e, 'the .glb to optimize');
  }
  // glTF-Transform's reader drops the generator; the file keeps naming its writer (batch --resume reads it).
  const generator = (json as { asset?: { generator?: unknown } }).asset?.generator;
  if (typeof generator === 'string') document.getRoot().getAsset().generator = generator;
  try {
    await optimizeDocument(document, options);
  } catch (e) {
    throw asWriteError(e);
  }
  return { document, io };
}

function asWriteError(e: unknown): Error {
  if (isWriteError(e) || isFormatError(e) || e instanceof RangeError) return e as Error;
  const message = e instanceof Error ? e.message : String(e);
  return new WriteError({ format: 'glb', code: 'UNSUPPORTED', limit: 'optimisation', value: message, message: `glb: optimisation failed: ${message}` });
}
