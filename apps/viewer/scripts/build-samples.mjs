// Standalone entry: `pnpm --filter @relic3d/viewer samples` (Vite's module runner loads the TypeScript).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const load = async (id) => (await runnerImport(id, { configFile: false, logLevel: 'silent' })).module;
const { writeSamples } = await load(path.join(here, 'samples.ts'));
const out = path.resolve(here, '../public/samples/generated');
const written = await writeSamples(out, load);
console.log(`[samples] wrote ${written.map((w) => `${w.file} (${w.bytes} B)`).join(', ')} to ${out}`);
