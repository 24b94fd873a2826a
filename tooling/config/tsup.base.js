// Shared tsup settings: ESM + CJS + .d.ts for every publishable package.
import path from 'node:path';

/**
 * An import of another entry's source (`src/node.ts` importing `./index.js`) becomes an import of
 * that entry's built file (`./index.js` / `./index.cjs`) instead of a second inlined copy. Bundlers
 * cannot hoist `export * from 'dep'` out of an inlined module into the entry's static exports
 * (esbuild turns it into a runtime copy, rollup drops it), so without this the runtime of
 * `relic3d/node` lacked names its `.d.ts` declares.
 * @param {string[]} entries entry files, all in one folder (they build side by side into dist/)
 * @returns {import('esbuild').Plugin}
 */
export function siblingEntries(entries) {
  const byPath = new Map(entries.map((entry) => [path.resolve(entry), path.basename(entry).replace(/\.[cm]?tsx?$/, '')]));
  const folders = new Set(entries.map((entry) => path.dirname(path.resolve(entry))));
  if (folders.size > 1) throw new Error(`relicTsup: entries must share one folder (${entries.join(', ')})`);
  return {
    name: 'relic3d-sibling-entries',
    setup(build) {
      const extension = build.initialOptions.format === 'cjs' ? '.cjs' : '.js';
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const target = path.resolve(args.resolveDir, args.path).replace(/\.[cm]?js$/, '.ts');
        const name = byPath.get(target);
        if (name === undefined || target === path.resolve(args.importer)) return undefined;
        return { path: `./${name}${extension}`, external: true };
      });
    },
  };
}

/**
 * @param {import('tsup').Options} [overrides]
 * @returns {import('tsup').Options} (not the literal's inferred type, whose `format: string[]` tsup's defineConfig rejects)
 */
export function relicTsup(overrides = {}) {
  const entry = /** @type {string[]} */ (overrides.entry ?? ['src/index.ts']);
  return {
    entry,
    format: ['esm', 'cjs'],
    // noCheck: the declarations without a second full type check of the sources (`pnpm test`'s
    // check-all.mjs type-checks them): 0.64x the CPU of gltf's build, the same .d.ts bytes
    // (all 13 packages' .d.ts/.d.cts compared with the type-checked build's; issue #30). Without a
    // check, emit needs neither lib.dom nor @types/node (4.6 MB parsed per build): 0.65x the CPU
    // again, the same bytes (13 packages' .d.ts/.d.cts compared, issue #30).
    dts: { compilerOptions: { noCheck: true, lib: ['ES2022'], types: [] } },
    // Lean packages: no source maps (the sources are not shipped, and maps embedding them were
    // most of the installed size). Tests and the viewer run on the sources.
    sourcemap: false,
    clean: true,
    target: 'es2022',
    treeshake: false,
    splitting: false,
    esbuildPlugins: [siblingEntries(entry)],
    ...overrides,
  };
}
