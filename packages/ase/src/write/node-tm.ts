import { math } from '@relic3d/core';
import { matrixRows, maxAxisAngle, type M4 } from './axes.js';
import type { TextWriter } from './text.js';

/**
 * `*NODE_TM` (one tab into its object): the node's world matrix as Max rows, then the decomposition
 * Max writes beside it (`TM_POS`, `TM_ROTAXIS`/`TM_ROTANGLE` in the §5.3 convention, `TM_SCALE`).
 * The scale axis of a sheared matrix is not written (identity), as the reader uses the rows only.
 */
export function writeNodeTM(out: TextWriter, nameBytes: Uint8Array, w: M4, inherit?: number[][]): void {
  out.text('\t*NODE_TM {\n\t\t*NODE_NAME ');
  out.quoted(nameBytes);
  out.newline();
  const flags = ['POS', 'ROT', 'SCL'];
  flags.forEach((f, k) => {
    const v = inherit?.[k];
    out.text(`\t\t*INHERIT_${f} `);
    for (let c = 0; c < 3; c++) {
      if (c) out.space();
      out.int(v && v[c] === 1 ? 1 : 0);
    }
    out.newline();
  });
  const rows = matrixRows(w);
  for (let r = 0; r < 4; r++) {
    out.text(`\t\t*TM_ROW${r} `);
    out.fixed3(rows[r * 3], rows[r * 3 + 1], rows[r * 3 + 2]);
    out.newline();
  }
  const d = math.decompose(w);
  const [ax, ay, az, angle] = maxAxisAngle(d.rotation);
  out.text('\t\t*TM_POS ');
  out.fixed3(d.translation[0], d.translation[1], d.translation[2]);
  out.text('\n\t\t*TM_ROTAXIS ');
  out.fixed3(ax, ay, az);
  out.text('\n\t\t*TM_ROTANGLE ');
  out.fixed(angle);
  out.text('\n\t\t*TM_SCALE ');
  out.fixed3(Math.abs(d.scale[0]), Math.abs(d.scale[1]), Math.abs(d.scale[2]));
  out.text('\n\t\t*TM_SCALEAXIS ');
  out.fixed3(0, 0, 0);
  out.text('\n\t\t*TM_SCALEAXISANG ');
  out.fixed(0);
  out.text('\n\t}\n');
}

/** The inheritance flags the ASE reader kept (`extras.inherit`), when well formed. */
export function inheritOf(extras: Record<string, unknown> | undefined): number[][] | undefined {
  const x = extras?.inherit as { pos?: unknown; rot?: unknown; scl?: unknown } | undefined;
  if (!x) return undefined;
  const ok = (v: unknown) => (Array.isArray(v) && v.length === 3 ? (v as number[]) : [0, 0, 0]);
  return [ok(x.pos), ok(x.rot), ok(x.scl)];
}
