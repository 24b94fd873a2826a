/// <reference path="./draco3dgltf.d.ts" />
// The compression libraries, loaded on first use (dynamic import): a caller who never optimizes, or
// never asks for Draco, never loads their WASM. Each is loaded once per process: they are
// stateless codecs, not parse state.
import type { MeshoptEncoder as MeshoptEncoderType, MeshoptDecoder as MeshoptDecoderType } from 'meshoptimizer';

let meshoptEncoder: Promise<typeof MeshoptEncoderType> | undefined;
let meshoptDecoder: Promise<typeof MeshoptDecoderType> | undefined;
let dracoEncoder: Promise<unknown> | undefined;
let dracoDecoder: Promise<unknown> | undefined;

/** meshoptimizer's encoder, ready (for `reorder` and EXT_meshopt_compression). */
export function loadMeshoptEncoder(): Promise<typeof MeshoptEncoderType> {
  meshoptEncoder ??= import('meshoptimizer/encoder').then(async ({ MeshoptEncoder }) => (await MeshoptEncoder.ready, MeshoptEncoder));
  return meshoptEncoder;
}

/** meshoptimizer's decoder, ready (reading EXT_meshopt_compression input). */
export function loadMeshoptDecoder(): Promise<typeof MeshoptDecoderType> {
  meshoptDecoder ??= import('meshoptimizer/decoder').then(async ({ MeshoptDecoder }) => (await MeshoptDecoder.ready, MeshoptDecoder));
  return meshoptDecoder;
}

/** The draco3dgltf encoder module (KHR_draco_mesh_compression). */
export function loadDracoEncoder(): Promise<unknown> {
  dracoEncoder ??= import('draco3dgltf').then((m) => m.default.createEncoderModule());
  return dracoEncoder;
}

/** The draco3dgltf decoder module (reading KHR_draco_mesh_compression input). */
export function loadDracoDecoder(): Promise<unknown> {
  dracoDecoder ??= import('draco3dgltf').then((m) => m.default.createDecoderModule());
  return dracoDecoder;
}
