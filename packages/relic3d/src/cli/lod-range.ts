// `convert --lod N`: a whole number (negative too) is taken at parse time and checked once the
// model's levels are known, so -1 and 7 are refused naming the range the model has.
import { InvalidArgumentError } from 'commander';
import { plural, UsageError } from './io.js';

/** A flag value outside what the input allows: a usage error (exit 2) with the range. */
export class OptionRangeError extends UsageError {
  override readonly name = 'OptionRangeError';
  readonly code = 'OPTION_OUT_OF_RANGE';
  constructor(
    readonly option: string,
    readonly value: number,
    readonly min: number,
    readonly max: number,
    message: string,
  ) {
    super(message);
  }

  /** The error as `--json` prints it. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, code: this.code, option: this.option, value: this.value, min: this.min, max: this.max };
  }
}

/** Commander's parser for `--lod`: decimal digits only (not 0x1, 1e0, ' 1'); `checkLod` decides the range. */
export function lodText(value: string): string {
  if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError('expected a whole number (a level of detail, 0 = most detailed)');
  return value;
}

/** The level `--lod TEXT` asks for, or an `OptionRangeError` naming 0 to `levels - 1`. */
export function checkLod(text: string, levels: number, input: string): number {
  const asked = Number(text);
  if (asked >= 0 && asked < levels) return asked;
  const range = levels <= 1 ? 'only 0' : `0 to ${levels - 1}`;
  throw new OptionRangeError('--lod', asked, 0, Math.max(0, levels - 1), `--lod ${text}: ${input} has ${plural(levels, 'level')} of detail (${range})`);
}
