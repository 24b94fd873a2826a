import path from 'node:path';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { sourceAliases } from '@relic3d/config/vitest';
import { writeSamples } from './scripts/samples.js';

/** Writes the generated O3D, MDL and LOD samples into public/samples/generated before dev and build. */
function relicSamples(): Plugin {
  let done: Promise<unknown> | undefined;
  const run = () =>
    (done ??= writeSamples(path.resolve(import.meta.dirname, 'public/samples/generated'), async (id) =>
      (await runnerImport<Record<string, unknown>>(id, { configFile: false, logLevel: 'silent' })).module,
    ));
  return {
    name: 'relic3d-samples',
    async configResolved() {
      await run();
    },
  };
}

export default defineConfig({
  // Workspace packages resolve to their sources: the viewer always shows the current code.
  resolve: { alias: sourceAliases },
  base: './',
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  preview: { host: '127.0.0.1' },
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
  plugins: [relicSamples()],
});
