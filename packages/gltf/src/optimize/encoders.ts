// The compression libraries, loaded on first use (dynamic import): a caller who never optimizes, or
// never asks for Draco, never loads their WASM. Each is loaded once per process: they are
// stateless codecs, not parse state.
import type { MeshoptEncoder as MeshoptEncoderType, MeshoptDecoder as MeshoptDecoderType } from 'meshoptimizer';

let meshoptEncoder: Promise<typeof MeshoptEncoderType> | undefined;
let meshoptDecoder: Promise<typeof MeshoptDecoderType> | undefined;
// draco3dgltf ships no types; glTF-Transform takes its modules as they are (`unknown` here).
type Draco3d = { createEncoderModule(options?: object): Promise<unknown>; createDecoderModule(options?: object): Promise<unknown> };
// `as string`: no types to resolve; bundlers still see the literal once the cast is stripped.
const importDraco = async (): Promise<Draco3d> => ((await import('draco3dgltf' as string)) as { default: Draco3d }).default;

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
  dracoEncoder ??= importDraco().then((draco) => draco.createEncoderModule());
  return dracoEncoder;
}

/** The draco3dgltf decoder module (reading KHR_draco_mesh_compression input). */
export function loadDracoDecoder(): Promise<unknown> {
  dracoDecoder ??= importDraco().then((draco) => draco.createDecoderModule());
  return dracoDecoder;
}
