// Standalone entry: `pnpm --filter @relic3d/viewer samples`.
import path from 'node:path';
import { runnerImport } from 'vite';
import { writeSamples } from './samples.js';

const out = path.resolve(import.meta.dirname, '../public/samples/generated');
const written = await writeSamples(out, async (id) => (await runnerImport<Record<string, unknown>>(id)).module);
console.log(`[samples] wrote ${written.map((w) => `${w.file} (${w.bytes} B)`).join(', ')} to ${out}`);
