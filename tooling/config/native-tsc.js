// TypeScript 7's native `tsc`, for check.mjs (type checks) and tsup.base.js (declarations); a module
// of its own so tsup's config does not load check.mjs, which loads TypeScript 5.9.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * TypeScript 7's native `tsc` binary (its platform package, which typescript-native's own launcher
 * would start with one more node process), or null where none is installed for this platform.
 * @returns {string | null}
 */
export function nativeTsc() {
  try {
    const platformPackage = createRequire(require.resolve('typescript-native/package.json')).resolve(`@typescript/typescript-${process.platform}-${process.arch}/package.json`);
    return path.join(path.dirname(platformPackage), 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
  } catch {
    return null;
  }
}
