import type { AseSceneInfo } from '../file.js';
import { block, generic, values, vec, type Ctx } from './blocks.js';
import { Tok } from './tokenizer.js';

/** `*SCENE`: frame range, speed, ticks per frame, colours. */
export function readSceneInfo(ctx: Ctx): AseSceneInfo {
  const tk = ctx.tk;
  const s: AseSceneInfo = { extras: {} };
  block(ctx, 'SCENE', (kw) => {
    switch (kw) {
      case 'SCENE_FILENAME': s.filename = tk.str(); break;
      case 'SCENE_FIRSTFRAME': s.firstFrame = tk.num('*SCENE_FIRSTFRAME value'); break;
      case 'SCENE_LASTFRAME': s.lastFrame = tk.num('*SCENE_LASTFRAME value'); break;
      case 'SCENE_FRAMESPEED': s.frameSpeed = tk.num('*SCENE_FRAMESPEED value'); break;
      case 'SCENE_TICKSPERFRAME': s.ticksPerFrame = tk.num('*SCENE_TICKSPERFRAME value'); break;
      case 'SCENE_BACKGROUND_STATIC': s.backgroundStatic = vec(tk, 3, 'an RGB colour'); break;
      case 'SCENE_AMBIENT_STATIC': s.ambientStatic = vec(tk, 3, 'an RGB colour'); break;
      default:
        s.extras[kw] = tk.peek() === Tok.Open ? generic(ctx, kw, 1) : values(tk);
    }
  });
  return s;
}
