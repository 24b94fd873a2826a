import { defineConfig } from 'tsup';
import { relicTsup, requireOnDemandInCjs } from '@relic3d/config/tsup';

// shims: the CJS build of cli.ts gets import.meta.url. @relic3d/gltf and @relic3d/batch/node load on
// demand (writeFile's glTF output, the CLI's commands); the CJS build does so with require().
export default defineConfig(relicTsup({ entry: ["src/index.ts", "src/node.ts", "src/cli.ts"], shims: true, esbuildOptions: requireOnDemandInCjs }));
