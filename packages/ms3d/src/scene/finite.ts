/** A stored float, or 0 when it is NaN or infinite (corrupt files hold both). */
export function finiteOr0(v: number): number {
  return Number.isFinite(v) ? v : 0;
}
