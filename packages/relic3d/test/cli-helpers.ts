// Shared setup of the cli-*.test.ts files: the CLI run in-process, corpus paths, a glTF reader, the worker-pool switch.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusFiles, corpusRoot } from '@relic3d/test-harness';
import { createIO } from '@relic3d/gltf';

export const hasCorpus = corpusFiles('o3d').length > 0;
/** Reads a written .glb, or a .gltf with its resources from the same folder. */
export const io = {
  async read(file: string) {
    if (file.endsWith('.glb')) return createIO().readBinary(new Uint8Array(readFileSync(file)));
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
    for (const item of [...(json.buffers ?? []), ...(json.images ?? [])]) {
      if (item.uri) resources[item.uri] = new Uint8Array(readFileSync(path.join(path.dirname(file), decodeURIComponent(item.uri))));
    }
    return createIO().readJSON({ json, resources });
  },
};
/**
 * Worker threads load the *built* packages (a worker cannot run .ts), which may be stale or being
 * rebuilt while tests run from sources; the corpus-wide runs decode on the main thread, one small
 * run in cli-batch.test.ts goes through the worker pool when it is built.
 */
export const batchWorker = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../batch/dist/worker.js');
export const jobs = '0';
// CI builds before testing: there the worker-pool suite must run, never skip quietly.
if (process.env.CI === 'true' && !existsSync(batchWorker)) throw new Error(`relic3d: ${batchWorker} is missing; build @relic3d/batch before the tests`);

export { run } from './run-cli.js';

export const corpus = (folder: string, file: string) => path.join(corpusRoot(), folder, file);
