import { defineConfig } from 'tsup';
import { relicTsup } from '@relic3d/config/tsup';

// shims: the CJS build of cli.ts gets import.meta.url.
export default defineConfig(relicTsup({ entry: ["src/index.ts", "src/node.ts", "src/cli.ts"], shims: true }));
