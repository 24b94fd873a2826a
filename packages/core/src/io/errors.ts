/** Stable error codes; tools may switch on them. */
export type FormatErrorCode =
  | 'TRUNCATED'
  | 'BAD_MAGIC'
  | 'BAD_VERSION'
  | 'BAD_COUNT'
  | 'BAD_TAG'
  | 'BAD_VALUE'
  | 'BAD_INDEX'
  | 'BAD_SIZE'
  | 'BAD_SYNTAX'
  | 'FOREIGN_FORMAT'
  | 'UNKNOWN_FORMAT'
  | 'EMPTY'
  | 'MISSING_COMPANION'
  | 'UNSUPPORTED';

export interface FormatErrorInit {
  format: string;
  offset: number;
  expected: string;
  found: string;
  code: FormatErrorCode;
  /** Overrides the generated message. */
  message?: string;
}

/** The one error every parser throws for bad input: where, what was expected, what was found. */
export class FormatError extends Error {
  override readonly name = 'FormatError';
  readonly format: string;
  /** Byte offset in the input where the problem is. */
  readonly offset: number;
  readonly expected: string;
  readonly found: string;
  readonly code: FormatErrorCode;

  constructor(init: FormatErrorInit) {
    super(init.message ?? `${init.format}: expected ${init.expected} at offset ${init.offset}, found ${init.found}`);
    this.format = init.format;
    this.offset = init.offset;
    this.expected = init.expected;
    this.found = init.found;
    this.code = init.code;
  }

  toJSON(): FormatErrorInit & { name: string } {
    return {
      name: this.name,
      format: this.format,
      offset: this.offset,
      expected: this.expected,
      found: this.found,
      code: this.code,
      message: this.message,
    };
  }
}

export function isFormatError(value: unknown): value is FormatError {
  return value instanceof FormatError || (value instanceof Error && value.name === 'FormatError' && 'offset' in value);
}

/** Any thrown value as plain data (for postMessage, JSON reports, batch results); FormatError fields kept. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  offset?: number;
  format?: string;
  expected?: string;
  found?: string;
  /** WriteError: the limit, what the scene has, what the format allows, and where. */
  limit?: string;
  value?: number | string;
  max?: number | string;
  where?: string;
}

/** Flattens a thrown value into a `SerializedError`: FormatError and WriteError fields survive structured cloning. */
export function serializeError(error: unknown): SerializedError {
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    const out: SerializedError = { name: String(e.name ?? 'Error'), message: String(e.message ?? error) };
    if (typeof e.code === 'string') out.code = e.code;
    if (typeof e.offset === 'number') out.offset = e.offset;
    if (typeof e.format === 'string') out.format = e.format;
    if (typeof e.expected === 'string') out.expected = e.expected;
    if (typeof e.found === 'string') out.found = e.found;
    if (typeof e.limit === 'string') out.limit = e.limit;
    for (const key of ['value', 'max'] as const) if (typeof e[key] === 'number' || typeof e[key] === 'string') out[key] = e[key] as number | string;
    if (typeof e.where === 'string') out.where = e.where;
    return out;
  }
  return { name: 'Error', message: String(error) };
}
