import { isFormatError, isWriteError } from '@relic3d/core';

/** Where the CLI writes; tests pass their own. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Progress bar on a TTY, plain lines otherwise. */
  isTTY: boolean;
  /** Where the progress bar draws when `isTTY`; default `process.stderr`. */
  progress?: NodeJS.WritableStream;
  /** Stops a running batch as Ctrl-C does (tests; the bin listens to SIGINT itself). */
  signal?: AbortSignal;
  /** Bytes to standard output, unescaped (`convert IN -`). */
  writeOut?(bytes: Uint8Array): Promise<void>;
  /** Standard input, whole (`-` as the input); default: `process.stdin`. */
  readIn?(): Promise<Uint8Array>;
  /** Standard output is a terminal: no binary goes there. */
  stdoutIsTTY?: boolean;
}

/** What every command gets: the escaped IO, the raw one, and the global flags once parsed. */
export interface CliContext {
  io: CliIO;
  rawIO: CliIO;
  verbose: boolean;
  quiet: boolean;
}

export const processIO = (): CliIO => {
  // A reader that stops early (`relic3d --help | head`) closes the pipe: end quietly, as Unix tools do.
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listenerCount('error') === 0) {
      stream.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
        throw e;
      });
    }
  }
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    isTTY: !!process.stderr.isTTY,
    progress: process.stderr,
    writeOut: (bytes) => new Promise<void>((resolve, reject) => process.stdout.write(bytes, (e) => (e ? reject(e) : resolve()))),
    stdoutIsTTY: !!process.stdout.isTTY,
  };
};

/** Exit codes: 0 success, 1 a file could not be read or converted, 2 a usage error, 130 interrupted (Ctrl-C). */
export const EXIT = { OK: 0, FAILED: 1, USAGE: 2, INTERRUPTED: 130 } as const;

/**
 * Control characters (C0 but newline and tab, DEL, C1) and bidirectional overrides, written as
 * escapes: names and messages come from the files, and a crafted name must not clear the screen or
 * rewrite a line of the terminal.
 */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** The same IO with every printed text escaped. */
export function safeIO(io: CliIO): CliIO {
  return { ...io, out: (t) => io.out(escapeControls(t)), err: (t) => io.err(escapeControls(t)) };
}

/** Thrown inside commands to end with an exit code after the message was printed. */
export class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/** A usage error found after parsing the command line (exit code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

const hex = (n: number) => `0x${n.toString(16)}`;

/** One error as the CLI prints it: format, byte offset, expectation; a stack only with --verbose. */
export function formatError(subject: string, e: unknown, verbose = false): string {
  const lines: string[] = [];
  if (isFormatError(e)) {
    lines.push(`error: ${subject}: ${e.message}`);
    lines.push(`  format ${e.format}, at byte ${e.offset} (${hex(e.offset)}): expected ${e.expected}, found ${e.found} [${e.code}]`);
  } else if (isWriteError(e)) {
    lines.push(`error: ${subject}: ${e.message}`);
    const max = e.max !== undefined ? `, the format allows ${e.max}` : '';
    lines.push(`  format ${e.format}, ${e.limit}: the scene has ${e.value}${max}${e.where ? ` (${e.where})` : ''} [${e.code}]`);
  } else {
    // An output refused (outside the folder, in the way) keeps its code.
    const code = e instanceof Error && e.name === 'OutputError' ? ` [${(e as Error & { code: string }).code}]` : '';
    lines.push(`error: ${subject}: ${e instanceof Error ? e.message : String(e)}${code}`);
  }
  if (verbose && e instanceof Error && e.stack) lines.push(e.stack);
  return lines.join('\n') + '\n';
}

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
