import type { AseTMAnimation, AseTrack, AseTrackKind } from '../file.js';
import { addExtra, block, generic, values, withBlock, type Ctx } from './blocks.js';
import { keyRow } from './fast-rows.js';
import { floats as floats64, ints } from './growable.js';
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
    anim[channel] = readKeys(ctx, kw, kind, kw);
  });
  return anim;
}

/**
 * The keys of a track block: every keyword with values is a key (time, values). Rows of plain
 * numbers take the byte fast path, others the tokens. Keys land in flat growable lists (no object
 * or array per key), trimmed once at the end.
 */
function readKeys(ctx: Ctx, what: string, kind: AseTrackKind, blockName: string): AseTrack {
  const tk = ctx.tk;
  const row = ctx.row, floats = row.floats;
  const time = floats64(0), start = ints(0), value = floats64(0);
  const open = openList(tk, what);
  for (;;) {
    const end = keyRow(tk, row);
    if (end >= 0) {
      tk.rewind(end);
      time.push(floats[0]);
      start.push(value.length);
      const count = row.count;
      const out = value.reserve(count - 1);
      for (let i = 1; i < count; i++) out[value.length++] = floats[i];
      continue;
    }
    const k = tk.peek();
    if (k !== Tok.Keyword) {
      if (listOther(tk, k, what, open)) break;
      continue;
    }
    tk.keyword();
    if (tk.hasValue()) {
      time.push(tk.num('a key time in ticks'));
      start.push(value.length);
      while (tk.hasValue()) value.push(tk.num('a key value'));
    }
    tk.skipValuesAndBlock();
  }
  const starts = new Uint32Array(time.length + 1);
  starts.set(start.data.subarray(0, time.length));
  starts[time.length] = value.length;
  return { kind, block: blockName, time: time.data.slice(0, time.length), start: starts, value: value.data.slice(0, value.length) };
}
