/** The files of one write, by plain base name; names are unique ignoring case (Windows folders). */
export class OutputFiles {
  readonly files: Record<string, Uint8Array> = {};
  private readonly taken = new Map<string, string>();

  /**
   * Adds `bytes` as `stem` + `extension`, or as `stem_2…` when that name holds other bytes; the
   * same bytes under the same name are stored once. Returns the name used.
   */
  add(stem: string, extension: string, bytes: Uint8Array): string {
    for (let k = 1; ; k++) {
      const name = `${stem}${k > 1 ? `_${k}` : ''}${extension}`;
      const existing = this.taken.get(name.toLowerCase());
      if (existing === undefined) {
        this.taken.set(name.toLowerCase(), name);
        this.files[name] = bytes;
        return name;
      }
      if (sameBytes(this.files[existing], bytes)) return existing;
    }
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A name usable as a file name everywhere: no folders, reserved or control characters; '' when nothing is left. */
export function fileStem(name: string): string {
  return name.replace(/[\u0000-\u001f<>:"/\\|?*]/g, '_').replace(/[. ]+$/, '').trim();
}
