import type { AseNodeTM } from '../file.js';
import { block, vec, type Ctx } from './blocks.js';

/** `*NODE_TM`: the node's world matrix as Max row vectors, and its decomposition. */
export function readNodeTM(ctx: Ctx): AseNodeTM {
  const tk = ctx.tk;
  const tm: AseNodeTM = { name: '' };
  let rows: Float64Array | undefined;
  const row = (r: number) => {
    rows ??= Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0);
    for (let c = 0; c < 3; c++) rows[r * 3 + c] = tk.num('a matrix row value');
  };
  block(ctx, 'NODE_TM', (kw) => {
    switch (kw) {
      case 'NODE_NAME': tm.name = tk.str(); break;
      case 'INHERIT_POS': tm.inheritPos = vec(tk, 3, 'a flag'); break;
      case 'INHERIT_ROT': tm.inheritRot = vec(tk, 3, 'a flag'); break;
      case 'INHERIT_SCL': tm.inheritScl = vec(tk, 3, 'a flag'); break;
      case 'TM_ROW0': row(0); break;
      case 'TM_ROW1': row(1); break;
      case 'TM_ROW2': row(2); break;
      case 'TM_ROW3': row(3); break;
      case 'TM_POS': tm.pos = vec(tk, 3, 'a position'); break;
      case 'TM_ROTAXIS': tm.rotAxis = vec(tk, 3, 'an axis'); break;
      case 'TM_ROTANGLE': tm.rotAngle = tk.num(); break;
      case 'TM_SCALE': tm.scale = vec(tk, 3, 'a scale'); break;
      case 'TM_SCALEAXIS': tm.scaleAxis = vec(tk, 3, 'an axis'); break;
      case 'TM_SCALEAXISANG': tm.scaleAxisAngle = tk.num(); break;
    }
  });
  if (rows) tm.rows = rows;
  return tm;
}
