import type { CodePageDecoder } from '../io/codepage.js';
import type { Scene, Warning } from '../scene/types.js';

/** What a resolver may know besides the bytes of a name. Both are optional. */
export interface ResolverExtras {
  /**
   * Names of the files in the model's own folder, as spelled there. Lets a format find companions
   * it cannot name in advance (Flyff `<skeleton>_*.ani` motions).
   */
  list?(): readonly string[];
  /**
   * A stable identity for what `name` resolves to (e.g. its path inside the root), or undefined
   * when it resolves to nothing. Caches shared across parses key on it.
   */
  key?(name: string): string | undefined;
}

/** Looks up a companion file (texture, skeleton, motion) by the name the file uses. */
export type Resolver = ((
  name: string,
) => Uint8Array | ArrayBuffer | undefined | null | Promise<Uint8Array | ArrayBuffer | undefined | null>) &
  ResolverExtras;

/**
 * A cache shared across parses (a batch worker keeps one per thread): decoded companions by key.
 * Values put in it are never mutated by whoever reads them back.
 */
export interface CompanionCache {
  get(key: string): unknown;
  /** `bytes`: the value's approximate size, for byte-bounded caches. */
  set(key: string, value: unknown, bytes: number): void;
}

export interface ParseOptions {
  /** Name of the file, used for messages, companion lookups and name checks. Never opened. */
  fileName?: string;
  /** Companion files come through here; parsers never touch the filesystem. */
  resolve?: Resolver;
  /** Called for each recoverable oddity, in addition to `scene.warnings`. */
  onWarning?: (warning: Warning) => void;
  /** Code page of strings in the file: 'windows-1252', 'windows-1251', 'gbk', 'utf-8' or a decoder. */
  codePage?: string | CodePageDecoder;
  /** Force the TypeScript path (`'js'`) or allow WASM kernels (`'wasm'`, the default once ready). */
  kernels?: 'wasm' | 'js';
  /**
   * Decoded companions shared across parses, keyed through `resolve.key` (skeletons and motions
   * many models share). Without it every parse decodes its own.
   */
  cache?: CompanionCache;
}

/**
 * A format: plain data plus parse functions (the loaders.gl shape).
 * `test` looks at content, never only at the file name.
 */
export interface Format<O extends ParseOptions = ParseOptions> {
  id: string;
  name: string;
  extensions: string[];
  mimeTypes: string[];
  encoding: 'binary' | 'text';
  test(bytes: Uint8Array): boolean;
  parse(bytes: Uint8Array, options?: O): Promise<Scene>;
  parseSync?(bytes: Uint8Array, options?: O): Scene;
}
