// `relic3d res list|extract|pack`: Flyff client `.res` packs (docs/formats/res.md).
import { lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { writeRes, type ResInputFile } from '@relic3d/res';
import { openResFile, type ResFile } from '@relic3d/res/node';
import { EXIT, Exit, UsageError, formatError, plural, type CliContext } from './io.js';

/** @relic3d/batch's atomic write, loaded when a res command writes (the worker pool's module need not load with every start). */
const writeAtomic: typeof import('@relic3d/batch/node').writeAtomic = async (...args) => (await import('@relic3d/batch/node')).writeAtomic(...args);

function parseKey(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 255) throw new InvalidArgumentError('expected a key from 0 to 255 (0x.. allowed)');
  return n;
}

function parseTimeBytes(value: string): 4 | 8 {
  if (value !== '4' && value !== '8') throw new InvalidArgumentError('expected 4 (the retail client) or 8');
  return Number(value) as 4 | 8;
}

/** Opens a pack or prints why it cannot and exits 1. */
function openOrExit(file: string, ctx: CliContext): ResFile {
  try {
    return openResFile(file);
  } catch (e) {
    ctx.io.err(formatError(file, e, ctx.verbose));
    throw new Exit(EXIT.FAILED);
  }
}

/** The real output folder, made when absent; a file in the way is a usage error. */
function outputFolder(out: string): string {
  mkdirSync(out, { recursive: true });
  if (!statSync(out).isDirectory()) throw new UsageError(`--out ${out}: not a folder`);
  return realpathSync(out);
}

function addList(res: Command, ctx: CliContext): void {
  res
    .command('list')
    .description('list the files of a pack: name, size, time, offset')
    .argument('<pack>')
    .option('--json', 'print JSON: { key, encrypted, version, timeBytes, entries: [{ name, size, time, offset }] }')
    .action((file: string, opts: { json?: boolean }) => {
      const pack = openOrExit(file, ctx);
      pack.close();
      const { key, encrypted, version, timeBytes, entries } = pack;
      if (opts.json) {
        ctx.io.out(JSON.stringify({ key, encrypted, version, timeBytes, entries }, null, 2) + '\n');
        return;
      }
      for (const e of entries) ctx.io.out(`${String(e.size).padStart(10)}  ${new Date(e.time * 1000).toISOString()}  ${e.name}\n`);
      if (!ctx.quiet) ctx.io.err(`${plural(entries.length, 'file')}; key ${key}, bodies ${encrypted ? 'enciphered' : 'plain'}, ${timeBytes}-byte time_t, version '${version}'\n`);
    });
}

function addExtract(res: Command, ctx: CliContext): void {
  res
    .command('extract')
    .description('write the files of a pack into a folder (each atomically; nothing outside --out; existing files are never replaced unless --force)')
    .argument('<pack>')
    .requiredOption('--out <dir>', 'folder to write into (made when absent)')
    .option('--resume', 'skip files already in --out with the size the pack gives')
    .option('--force', 'replace files already in --out')
    .action(async (file: string, opts: { out: string; resume?: boolean; force?: boolean }) => {
      const outRoot = outputFolder(opts.out);
      const pack = openOrExit(file, ctx);
      let written = 0;
      let skipped = 0;
      let failed = 0;
      try {
        for (const [i, entry] of pack.entries.entries()) {
          let existing: ReturnType<typeof lstatSync> | undefined;
          try {
            existing = lstatSync(path.join(outRoot, entry.name));
          } catch {
            existing = undefined;
          }
          if (existing && opts.resume && existing.isFile() && existing.size === entry.size) {
            skipped++;
            continue;
          }
          try {
            if (existing && !opts.force) throw new Error(`refusing to replace '${entry.name}': it is already in ${opts.out} (--resume skips it, --force replaces it)`);
            // writeAtomic refuses a name that leaves outRoot or a symlink out of it; the pack's names are one segment.
            await writeAtomic(outRoot, entry.name, pack.read(entry), { taskId: i, force: true });
            written++;
          } catch (e) {
            failed++;
            ctx.io.err(formatError(`${file}: ${entry.name}`, e, ctx.verbose));
          }
        }
      } finally {
        pack.close();
      }
      if (!ctx.quiet) ctx.io.err(`${plural(written, 'file')} written, ${skipped} skipped, ${failed} failed\n`);
      if (failed) throw new Exit(EXIT.FAILED);
    });
}

function addPack(res: Command, ctx: CliContext): void {
  res
    .command('pack')
    .description("build a pack from a folder's files (not its subfolders), for a client to read")
    .argument('<dir>')
    .requiredOption('--out <pack>', 'the .res file to write (an existing file is replaced only with --force)')
    .option('--key <n>', 'cipher key, 0-255', parseKey, 0)
    .option('--encrypt', 'encipher the bodies too (the header always is)')
    .option('--time-bytes <n>', "width of each entry's time_t: 4 (retail client) or 8", parseTimeBytes, 4 as const)
    .option('--force', 'replace an existing --out')
    .action(async (dir: string, opts: { out: string; key: number; encrypt?: boolean; timeBytes: 4 | 8; force?: boolean }) => {
      let names: string[];
      try {
        names = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name).sort();
      } catch (e) {
        throw new UsageError(`${dir}: ${(e as Error).message}`);
      }
      const outPath = path.resolve(opts.out);
      const files: ResInputFile[] = names
        .filter((name) => path.resolve(dir, name) !== outPath)
        .map((name) => {
          const full = path.join(dir, name);
          return { name, bytes: new Uint8Array(readFileSync(full)), time: Math.floor(statSync(full).mtimeMs / 1000) };
        });
      try {
        const bytes = writeRes(files, { key: opts.key, encrypted: !!opts.encrypt, timeBytes: opts.timeBytes });
        const outRoot = outputFolder(path.dirname(outPath));
        const exists = (() => {
          try {
            return !!lstatSync(outPath);
          } catch {
            return false;
          }
        })();
        if (exists && !opts.force) throw new Error(`refusing to replace '${opts.out}' (--force replaces it)`);
        await writeAtomic(outRoot, path.basename(outPath), bytes, { taskId: 0, force: true });
        if (!ctx.quiet) ctx.io.err(`${opts.out}: ${plural(files.length, 'file')}, ${bytes.length} bytes\n`);
      } catch (e) {
        ctx.io.err(formatError(opts.out, e, ctx.verbose));
        throw new Exit(EXIT.FAILED);
      }
    });
}

/** `relic3d res <list|extract|pack>`. */
export function addResCommand(program: Command, ctx: CliContext): void {
  const res = program.command('res').description('Flyff client .res packs: list, extract, pack');
  addList(res, ctx);
  addExtract(res, ctx);
  addPack(res, ctx);
}
