// `--json` of info, convert and batch: alone it prints JSON on stdout (human text then goes to
// stderr, so stdout parses); `--json FILE` writes the JSON to FILE atomically, never over a file
// this run did not create unless --force, as every other output (output-commit.ts).
import path from 'node:path';
import { Option } from 'commander';
import { checkTargets, commitFiles, refusalOf } from '../output-commit.js';
import type { CliIO } from './io.js';

/** The commands whose `--json` takes an optional file. */
const JSON_COMMANDS = new Set(['info', 'convert', 'batch']);
const STDOUT = '-';

export const jsonOption = (what: string): Option =>
  new Option('--json [file]', `${what} as JSON on stdout (other output goes to stderr); --json FILE.json or --json=FILE writes it to FILE instead`);

/**
 * Commander takes the next word as an optional value, so `info --json model.ase` would lose its
 * model: a bare `--json` becomes `--json=-` (stdout) unless a `.json` name or `-` follows.
 */
export function jsonFlagArgs(argv: readonly string[]): string[] {
  const command = argv.find((a) => !a.startsWith('-'));
  if (command === undefined || !JSON_COMMANDS.has(command)) return [...argv];
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    const takesNext = next !== undefined && (next === STDOUT || /\.json$/i.test(next));
    out.push(arg === '--json' && !takesNext ? `--json=${STDOUT}` : arg);
  }
  return out;
}

// JSON.stringify escapes C0 controls but not C1 ones or bidirectional overrides; the CLI escapes
// those in printed text, which inside a JSON string would make it invalid: escape them as JSON does.
const UNSAFE_IN_TERMINAL = /[\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `JSON.stringify`, with every character a terminal could act on written as a `\uXXXX` escape. */
export function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_TERMINAL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface JsonOutputOptions {
  /** Replace a file this run did not create. */
  force?: boolean;
  /** Never written over, even with `force`: the inputs. */
  protect?: readonly string[];
}

/** Where one command's `--json` goes. */
export class JsonOutput {
  /** The file, or undefined for stdout. */
  readonly file: string | undefined;
  private written = false;

  private constructor(
    value: string,
    private readonly options: JsonOutputOptions,
  ) {
    this.file = value === STDOUT ? undefined : path.resolve(value);
  }

  /** From the option's value: undefined without `--json`. */
  static of(value: string | boolean | undefined, options: JsonOutputOptions = {}): JsonOutput | undefined {
    if (value === undefined || value === false) return undefined;
    return new JsonOutput(value === true ? STDOUT : value, options);
  }

  get toStdout(): boolean {
    return this.file === undefined;
  }

  /** Before any work: a file already there (not this run's) is refused unless `force`. */
  check(): void {
    if (!this.file || this.written) return;
    try {
      checkTargets(path.dirname(this.file), [{ name: path.basename(this.file), bytes: new Uint8Array(0) }], { format: 'json', ...this.options });
    } catch (e) {
      // Printed as convert prints a refused output: the message and its reason code (exit 1).
      const refusal = refusalOf(e);
      throw refusal ? Object.assign(new Error((e as Error).message), { name: 'OutputError', code: refusal }) : e;
    }
  }

  /** Prints `value` on stdout, or (re)writes the file atomically; later writes replace this run's own file. */
  write(io: CliIO, value: unknown): void {
    const text = jsonText(value, 2) + '\n';
    if (!this.file) {
      io.out(text);
      return;
    }
    const bytes = new TextEncoder().encode(text);
    commitFiles(path.dirname(this.file), [{ name: path.basename(this.file), bytes }], { format: 'json', protect: this.options.protect, force: this.written || this.options.force });
    this.written = true;
  }

  /** Marks the file as this run's (written by another writer, as the batch report is). */
  markWritten(): void {
    this.written = true;
  }

  /** Where human text goes: stderr while the JSON owns stdout. */
  human(io: CliIO): CliIO {
    return this.toStdout ? { ...io, out: io.err } : io;
  }
}
