import type { ParseOptions } from '../format/types.js';
import type { Scene, Warning } from '../scene/types.js';

/** Warnings of one code a sink keeps; the rest are only counted (in one summary warning). */
export const WARNINGS_PER_CODE = 100;

/** The warning that stands for the warnings of its code past the cap: how many were not kept. */
export interface WarningSummary extends Warning {
  dropped: number;
}

export function isWarningSummary(warning: Warning): warning is WarningSummary {
  return typeof (warning as Partial<WarningSummary>).dropped === 'number';
}

/**
 * Collects warnings for one parse: each goes to `scene.warnings` and to `options.onWarning`.
 * Created per call, so no parse state lives at module level.
 *
 * Memory stays bounded whatever the input: the first `perCode` warnings of each code are kept, and
 * the rest are counted in one `WarningSummary` of that code ("N more … not listed"), placed in the
 * list where the cap was reached. `onWarning` sees exactly what the list holds: each kept warning,
 * and the summary once, when the cap is first passed; the summary's `dropped` and `message` go on
 * counting in place until the parse ends.
 */
export class WarningSink {
  readonly list: Warning[] = [];
  private readonly seen = new Map<string, number>();
  private readonly summaries = new Map<string, WarningSummary>();
  constructor(
    private readonly format: string,
    private readonly onWarning?: ParseOptions['onWarning'],
    private readonly perCode = WARNINGS_PER_CODE,
  ) {}

  warn(code: string, message: string, offset?: number): void {
    const seen = (this.seen.get(code) ?? 0) + 1;
    this.seen.set(code, seen);
    if (seen > this.perCode) {
      this.drop(code, 1);
      return;
    }
    const warning: Warning = { code, message, format: this.format };
    if (offset !== undefined) warning.offset = offset;
    this.list.push(warning);
    this.onWarning?.(warning);
  }

  /** Whether a warning of `code` would still be listed (callers skip building messages otherwise). */
  listing(code: string): boolean {
    return (this.seen.get(code) ?? 0) < this.perCode;
  }

  /** Counts `n` more warnings of `code` that are not listed one by one (a run of one oddity). */
  count(code: string, n: number): void {
    if (n > 0) this.drop(code, n);
  }

  /** Counts `n` warnings of `code` that are not kept. */
  private drop(code: string, n: number): void {
    let summary = this.summaries.get(code);
    if (summary) {
      summary.dropped += n;
      return;
    }
    summary = { code, message: '', format: this.format, dropped: n };
    // The message is made from the counts when it is read, not rebuilt for every dropped warning.
    const counted = summary;
    const seen = this.seen;
    const perCode = this.perCode;
    Object.defineProperty(summary, 'message', {
      enumerable: true,
      get: () => `${counted.dropped} more ${code} warning${counted.dropped === 1 ? '' : 's'} not listed (the first ${Math.min(seen.get(code) ?? 0, perCode)} are)`,
    });
    this.summaries.set(code, summary);
    this.list.push(summary);
    this.onWarning?.(summary);
  }

  /** Passes the warnings another sink collected on to this one, summaries as counts. */
  replay(from: WarningSink): void {
    for (const w of from.list) {
      if (isWarningSummary(w)) {
        this.seen.set(w.code, (this.seen.get(w.code) ?? 0) + w.dropped);
        this.drop(w.code, w.dropped);
      } else this.warn(w.code, w.message, w.offset);
    }
  }

  /** Moves the collected warnings onto a scene. */
  attach(scene: Scene): Scene {
    for (const w of this.list) scene.warnings.push(w);
    return scene;
  }
}
