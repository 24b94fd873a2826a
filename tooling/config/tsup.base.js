// Shared tsup settings: ESM + CJS + .d.ts for every publishable package.
/** @param {import('tsup').Options} [overrides] */
export function relicTsup(overrides = {}) {
  return {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    treeshake: true,
    splitting: false,
    ...overrides,
  };
}
