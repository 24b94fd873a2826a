import { defineConfig } from 'tsup';
import { relicTsup } from '@relic3d/config/tsup';

// The CJS build loads @relic3d/gltf on demand with require(), not import(): a CJS consumer keeps
// one copy of each relic3d package (the CJS one), so errors and scenes stay theirs.
export default defineConfig(
  relicTsup({
    esbuildOptions(options, { format }) {
      if (format === 'cjs') options.supported = { ...options.supported, 'dynamic-import': false };
    },
  }),
);
