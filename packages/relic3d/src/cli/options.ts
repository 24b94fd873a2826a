import { realpathSync } from 'node:fs';
import path from 'node:path';
import { InvalidArgumentError, Option } from 'commander';
import { codePage, type Resolver } from '@relic3d/core';
import { isInside } from '@relic3d/core/node';
import { folderResolver } from '../parse-file.js';
import { upAxisFormatOptions, type UpAxis } from './up-axis-option.js';
import { UsageError } from './io.js';

export function parseIntOption(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number ≥ 0');
  return n;
}

export function parsePositiveOption(value: string): number {
  const n = parseIntOption(value);
  if (n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}

function parseCodePage(value: string): string {
  try {
    codePage(value);
  } catch {
    throw new InvalidArgumentError(`unknown code page (try windows-1252, windows-1251, gbk, shift_jis, utf-8)`);
  }
  return value;
}

/** Flyff `.ani` motions to load, as `--motions` takes them; passed to the format as its `motions`. */
export type Motions = 'auto' | 'all' | 'none' | string[];

function parseMotions(value: string): Motions {
  const v = value.trim();
  if (v === 'all' || v === 'none' || v === 'auto') return v;
  const names = v.split(',').map((n) => n.trim()).filter(Boolean);
  if (!names.length) throw new InvalidArgumentError("expected 'all', 'none', 'auto' or clip names separated by commas");
  return names;
}

/** Options every command that reads a model takes. */
export interface ReadOptions {
  root?: string;
  /** `--up-axis` (`.lod` only). */
  upAxis?: UpAxis;
  codePage?: string;
  motions?: Motions;
}

export const codePageOption = (): Option =>
  new Option('--code-page <name>', 'code page of names in the file (windows-1252 default; gbk, windows-1251, shift_jis, utf-8, ...)').argParser(parseCodePage);
export const outCodePageOption = (): Option =>
  new Option('--out-code-page <name>', 'legacy output: code page of the names written (default: --code-page, else the format\'s own)').argParser(parseCodePage);
export const motionsOption = (): Option =>
  new Option('--motions <which>', "Flyff .ani motions: 'auto' (the model's own; player parts none), 'all', 'none' or names (walk,run)").argParser(parseMotions);
export const rootOption = (): Option =>
  new Option('--root <dir>', "folder companion lookups may not leave (default: the model's folder); widen it for ..\\Textures\\ paths");

/** The format options the CLI's flags set (`--motions`); the formats read them, the batch passes them on. */
export function formatOptionsOf(opts: Pick<ReadOptions, 'motions' | 'upAxis'>): Record<string, unknown> {
  return { ...(opts.motions !== undefined ? { motions: opts.motions } : {}), ...upAxisFormatOptions(opts) };
}

/** The contained resolver and parse options for one model file, as info and convert use them. */
export function readSetup(file: string, opts: ReadOptions): { resolve: Resolver; parse: Record<string, unknown> } {
  const dir = path.dirname(path.resolve(file));
  if (opts.root !== undefined) {
    let inside = false;
    try {
      inside = isInside(realpathSync(opts.root), realpathSync(dir));
    } catch {
      inside = false;
    }
    if (!inside) throw new UsageError(`--root ${opts.root}: the folder must exist and contain ${file}`);
  }
  const resolve = folderResolver(dir, { root: opts.root ?? dir });
  const parse: Record<string, unknown> = { resolve };
  if (opts.codePage) parse.codePage = opts.codePage;
  Object.assign(parse, formatOptionsOf(opts));
  return { resolve, parse };
}
