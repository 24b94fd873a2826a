import { defineConfig } from 'tsup';
import { relicTsup, requireOnDemandInCjs } from '@relic3d/config/tsup';

// The glTF format loads @relic3d/gltf on demand; its CJS build does so with require().
export default defineConfig(relicTsup({ esbuildOptions: requireOnDemandInCjs }));
