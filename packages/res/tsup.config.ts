import { defineConfig } from 'tsup';
import { relicTsup } from '@relic3d/config/tsup';

export default defineConfig(relicTsup({ entry: ["src/index.ts", "src/node.ts"] }));
