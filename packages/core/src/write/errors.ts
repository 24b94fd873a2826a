/** Stable codes of a refused write. */
export type WriteErrorCode =
  /** The scene has more of something than the format can hold (`limit`, `value`, `max`). */
  | 'OVER_LIMIT'
  /** The scene has something the format cannot hold and the writer must not drop silently. */
  | 'UNSUPPORTED'
  /** The scene itself is broken (fails validation, non-finite data that cannot be scrubbed). */
  | 'INVALID_SCENE';

export interface WriteErrorInit {
  format: string;
  code: WriteErrorCode;
  /** What the limit is about: `vertices`, `joints`, `joints per vertex`, `name bytes`, … */
  limit: string;
  /** What the scene has. */
  value: number | string;
  /** What the format allows. */
  max?: number | string;
  /** Where in the scene: a mesh, node or material name. */
  where?: string;
  message?: string;
}

/** The one error every writer throws instead of writing a file the original tool would refuse. */
export class WriteError extends Error {
  override readonly name = 'WriteError';
  readonly format: string;
  readonly code: WriteErrorCode;
  readonly limit: string;
  readonly value: number | string;
  readonly max?: number | string;
  readonly where?: string;

  constructor(init: WriteErrorInit) {
    super(init.message ?? writeErrorMessage(init));
    this.format = init.format;
    this.code = init.code;
    this.limit = init.limit;
    this.value = init.value;
    if (init.max !== undefined) this.max = init.max;
    if (init.where !== undefined) this.where = init.where;
  }
}

function writeErrorMessage(e: WriteErrorInit): string {
  const where = e.where ? ` (${e.where})` : '';
  if (e.code === 'OVER_LIMIT' && typeof e.value === 'number' && typeof e.max === 'number') {
    return `${e.format}: ${e.value} ${e.limit} exceed the format's limit of ${e.max} by ${e.value - e.max}${where}`;
  }
  const max = e.max !== undefined ? ` (the format allows ${e.max})` : '';
  return `${e.format}: cannot write ${e.limit}: ${e.value}${max}${where}`;
}

export function isWriteError(value: unknown): value is WriteError {
  return value instanceof WriteError || (value instanceof Error && value.name === 'WriteError' && 'limit' in value);
}
