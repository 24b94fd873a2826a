// Shared tsup settings: ESM + CJS + .d.ts for every publishable package.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { nativeTsc } from './native-tsc.js';

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

/** Where emitDeclarations writes: under build/ (git, the lint and the checks ignore it), not under node_modules (rollup-plugin-dts would take its files for external). */
const DECLARATIONS = 'build/dts';

/**
 * The entries' declarations, and those of every module they reach, emitted unbundled into build/dts
 * by TypeScript 7's native tsc (noCheck, as the 5.9 program tsup's rollup-plugin-dts made did), for
 * tsup's dts step to bundle into .d.ts/.d.cts from declarations alone, with no TypeScript program
 * of its own (that program was ~75% of a package's build CPU; issue #30). Returns tsup's dts entry
 * map (`index` → build/dts/index.d.ts), or null when there is no native binary or RELIC3D_TSC=5.
 * @param {string[]} entries
 * @param {string} [cwd] the package folder
 * @returns {Record<string, string> | null}
 */
export function emitDeclarations(entries, cwd = process.cwd()) {
  const tsc = process.env.RELIC3D_TSC === '5' ? null : nativeTsc();
  if (tsc === null) return null;
  const out = path.join(cwd, DECLARATIONS);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const config = path.join(out, 'tsconfig.json');
  const compilerOptions = {
    noEmit: false, declaration: true, emitDeclarationOnly: true, noCheck: true, declarationMap: false, sourceMap: false,
    // As relicTsup's dts options below: without a check, emit needs neither lib.dom nor @types/node.
    lib: ['ES2022'], types: [], allowJs: false, rootDir: '../../src', outDir: '.',
  };
  writeFileSync(config, JSON.stringify({ extends: '../../tsconfig.json', compilerOptions, include: [], files: entries.map((entry) => path.join('../..', entry)) }));
  const run = spawnSync(tsc, ['-p', config, '--singleThreaded'], { cwd, encoding: 'utf8' });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`relicTsup: tsc declarations of ${cwd} failed (${run.status ?? run.signal})\n${run.stdout}${run.stderr}`);
  const names = entries.map((entry) => path.basename(entry).replace(/\.[cm]?tsx?$/, ''));
  // Rollup names a shared chunk and a namespace by its module's file name less the last extension:
  // as `x.d.ts`, core's chunk became `packed-files.d-<hash>.d.ts` and its `math` namespace `index_d`.
  // As `x.ts` (what `./x.js` resolves to first) they are named as from the sources; rollup-plugin-dts
  // reads a `.ts` module with no program as the declarations beside it. Entries stay `.d.ts`: an
  // entry as `.ts` would get a program of its own.
  const entryFiles = new Set(names.map((name) => path.join(out, `${name}.d.ts`)));
  for (const file of readdirSync(out, { recursive: true, encoding: 'utf8' })) {
    const from = path.join(out, file);
    if (from.endsWith('.d.ts') && !entryFiles.has(from)) renameSync(from, from.slice(0, -'.d.ts'.length) + '.ts');
  }
  return Object.fromEntries(names.map((name) => [name, `${DECLARATIONS}/${name}.d.ts`]));
}

/**
 * For a package whose sources load relic3d packages on demand (`await import('@relic3d/gltf')`): its CJS
 * build loads them with require(), not import(), so a CJS consumer keeps one copy of each relic3d
 * package (the CJS one) and errors and scenes stay theirs (`instanceof WriteError`). Pass it as
 * `esbuildOptions`; it lowers every dynamic import of the CJS build, so only where all of them have CJS.
 * @type {NonNullable<import('tsup').Options['esbuildOptions']>}
 */
export function requireOnDemandInCjs(options, { format }) {
  if (format === 'cjs') options.supported = { ...options.supported, 'dynamic-import': false };
}

/**
 * @param {import('tsup').Options} [overrides]
 * @returns {import('tsup').Options} (not the literal's inferred type, whose `format: string[]` tsup's defineConfig rejects)
 */
export function relicTsup(overrides = {}) {
  const entry = /** @type {string[]} */ (overrides.entry ?? ['src/index.ts']);
  const declarations = emitDeclarations(entry);
  return {
    entry,
    format: ['esm', 'cjs'],
    // noCheck: the declarations without a second full type check of the sources (`pnpm test`'s
    // check-all.mjs type-checks them): 0.64x the CPU of gltf's build, the same .d.ts bytes
    // (all 13 packages' .d.ts/.d.cts compared with the type-checked build's; issue #30). Without a
    // check, emit needs neither lib.dom nor @types/node (4.6 MB parsed per build): 0.65x the CPU
    // again, the same bytes (13 packages' .d.ts/.d.cts compared, issue #30).
    // With TypeScript 7's declarations (emitDeclarations), tsup bundles them: no program, resolution as
    // the package's own (bundler), the same .d.ts/.d.cts bytes as 5.9's program made (all 13 packages compared).
    dts: declarations
      ? { entry: declarations, compilerOptions: { lib: ['ES2022'], types: [], module: 'esnext', moduleResolution: 'bundler' } }
      : { compilerOptions: { noCheck: true, lib: ['ES2022'], types: [] } },
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
