import type { AseTMAnimation, AseTrack, AseTrackKind } from '../file.js';
import { addExtra, block, generic, values, withBlock, type Ctx } from './blocks.js';
import { keyRow } from './fast-rows.js';
import { listOther, openList } from './lists.js';
import { Tok } from './tokenizer.js';

/** `*CONTROL_<channel>_<kind>` track blocks. */
const TRACKS = new Map<string, ['pos' | 'rot' | 'scale', AseTrackKind]>();
for (const [channel, name] of [['pos', 'POS'], ['rot', 'ROT'], ['scale', 'SCALE']] as const) {
  for (const [kind, suffix] of [['sample', 'TRACK'], ['tcb', 'TCB'], ['bezier', 'BEZIER'], ['linear', 'LINEAR']] as const) {
    TRACKS.set(`CONTROL_${name}_${suffix}`, [channel, kind]);
  }
}

/** `*TM_ANIMATION`: the position, rotation and scale tracks of one node, keys in ticks. */
export function readTMAnimation(ctx: Ctx): AseTMAnimation {
  const tk = ctx.tk;
  const anim: AseTMAnimation = { nodeName: '', extras: {} };
  block(ctx, 'TM_ANIMATION', (kw) => {
    if (kw === 'NODE_NAME') {
      anim.nodeName = tk.str();
      return;
    }
    const found = TRACKS.get(kw);
    if (!found || tk.peek() !== Tok.Open) {
      const v = values(tk);
      addExtra(ctx, anim.extras, kw, tk.peek() === Tok.Open ? withBlock(v, generic(ctx, kw, 1)) : v);
      return;
    }
    const [channel, kind] = found;
    const track: AseTrack = { kind, block: kw, keys: [] };
    readKeys(ctx, kw, track);
    anim[channel] = track;
  });
  return anim;
}

/**
 * The keys of a track block: every keyword with values is a key (time, values). Rows of plain
 * numbers take the byte fast path, others the tokens.
 */
function readKeys(ctx: Ctx, what: string, track: AseTrack): void {
  const tk = ctx.tk;
  const row = ctx.row, floats = row.floats;
  // Values gather in one scratch list; each key keeps an exact-length copy (a list grown by push
  // holds spare capacity: ~80 bytes a key of dense tracks, issue 26).
  const scratch: number[] = [];
  const open = openList(tk, what);
  for (;;) {
    const end = keyRow(tk, row);
    if (end >= 0) {
      tk.rewind(end);
      const values = new Array<number>(row.count - 1);
      for (let i = 1; i < row.count; i++) values[i - 1] = floats[i];
      track.keys.push({ time: floats[0], values });
      continue;
    }
    const k = tk.peek();
    if (k !== Tok.Keyword) {
      if (listOther(tk, k, what, open)) return;
      continue;
    }
    tk.keyword();
    if (tk.hasValue()) {
      const time = tk.num('a key time in ticks');
      scratch.length = 0;
      while (tk.hasValue()) scratch.push(tk.num('a key value'));
      track.keys.push({ time, values: scratch.slice() });
    }
    tk.skipValuesAndBlock();
  }
}
