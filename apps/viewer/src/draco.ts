// Draco in the browser: draco3dgltf's Emscripten loader reads its WASM from disk in Node and would
// fetch it beside the script here, where Vite emits nothing; so the WASM is a Vite asset, fetched
// once and handed over as `wasmBinary`.
import type { GltfDecoders } from '@relic3d/gltf';
import dracoWasmUrl from 'draco3dgltf/draco_decoder_gltf.wasm?url';

interface DracoModule {
  createDecoderModule(options: { wasmBinary: ArrayBuffer }): Promise<unknown>;
}

/** The decoder module, made on first need and kept for the worker's life (not parse state). */
let decoder: Promise<unknown> | undefined;

async function loadDracoDecoder(): Promise<unknown> {
  const response = await fetch(new URL(dracoWasmUrl, self.location.href));
  if (!response.ok) throw new Error(`the Draco decoder WASM could not be fetched: HTTP ${response.status}`);
  const wasmBinary = await response.arrayBuffer();
  // `as string`: draco3dgltf ships no types.
  const loaded = (await import('draco3dgltf' as string)) as DracoModule & { default?: DracoModule };
  return (loaded.default ?? loaded).createDecoderModule({ wasmBinary });
}

/** The decoders the worker's glTF reads use; a failed load is retried on the next file. */
export const workerGltfDecoders: GltfDecoders = {
  draco: () => (decoder ??= loadDracoDecoder().catch((error: unknown) => {
    decoder = undefined;
    throw error;
  })),
};
