import { MAX_DEPTH, type AseObject, type AseObjectKind } from '../file.js';
import { readTMAnimation } from './animation.js';
import { addExtra, block, generic, values, vec, withBlock, type Ctx } from './blocks.js';
import { OBJECT_KINDS } from './keywords.js';
import { readMesh } from './mesh.js';
import { readNodeTM } from './node-tm.js';
import { readShapeLine } from './shapes.js';
import { Tok } from './tokenizer.js';

/** `*GEOMOBJECT`, `*SHAPEOBJECT`, `*CAMERAOBJECT`, `*LIGHTOBJECT`, `*HELPEROBJECT` and `*GROUP` blocks. */
export function readObject(ctx: Ctx, kind: AseObjectKind, at: number, depth: number): AseObject | undefined {
  const tk = ctx.tk;
  if (depth > MAX_DEPTH) tk.fail(`groups nested at most ${MAX_DEPTH} deep`, 'BAD_SYNTAX', at);
  const obj: AseObject = { kind, offset: tk.inputOffset(at), name: '', tms: [], animations: [], meshFrames: [], extras: {} };
  if (kind === 'group') {
    obj.name = tk.str();
    obj.children = [];
    if (tk.peek() !== Tok.Open) return obj;
  }
  block(ctx, kind === 'group' ? 'GROUP' : `${kind.toUpperCase()}OBJECT`, (kw, kwAt) => {
    switch (kw) {
      case 'NODE_NAME': {
        const name = tk.str();
        if (!obj.name) obj.name = name;
        break;
      }
      case 'NODE_PARENT': obj.parent = tk.str(); break;
      case 'NODE_TM':
        if (tk.peek() === Tok.Open) obj.tms.push(readNodeTM(ctx));
        break;
      case 'TM_ANIMATION':
        if (tk.peek() === Tok.Open) obj.animations.push(readTMAnimation(ctx));
        break;
      case 'MESH':
        if (tk.peek() === Tok.Open) obj.mesh = readMesh(ctx, kwAt);
        break;
      case 'MESH_ANIMATION':
        if (tk.peek() === Tok.Open) {
          block(ctx, 'MESH_ANIMATION', (inner, innerAt) => {
            if (inner === 'MESH' && tk.peek() === Tok.Open) obj.meshFrames.push(readMesh(ctx, innerAt));
          });
        }
        break;
      case 'MATERIAL_REF': obj.materialRef = tk.int('*MATERIAL_REF value'); break;
      case 'WIREFRAME_COLOR': obj.wireframeColor = vec(tk, 3, 'an RGB colour'); break;
      case 'NODE_VISIBILITY_TRACK':
        obj.visibilityTrack = tk.peek() === Tok.Open ? generic(ctx, kw, 1) : values(tk);
        break;
      case 'CAMERA_TYPE':
      case 'LIGHT_TYPE':
        obj.type = tk.str();
        break;
      case 'HELPER_CLASS': obj.type = tk.str(); break;
      case 'CAMERA_SETTINGS':
      case 'LIGHT_SETTINGS':
        if (tk.peek() === Tok.Open) obj.settings = generic(ctx, kw, 1);
        break;
      case 'CAMERA_ANIMATION':
      case 'LIGHT_ANIMATION':
        if (tk.peek() === Tok.Open) {
          const frames: Record<string, unknown>[] = [];
          block(ctx, kw, (inner) => {
            if (tk.peek() === Tok.Open) frames.push(generic(ctx, inner, 2));
          });
          obj.settingsAnimation = frames;
        }
        break;
      case 'BOUNDINGBOX_MIN': (obj.boundingBox ??= { min: [0, 0, 0], max: [0, 0, 0] }).min = vec(tk, 3, 'a point'); break;
      case 'BOUNDINGBOX_MAX': (obj.boundingBox ??= { min: [0, 0, 0], max: [0, 0, 0] }).max = vec(tk, 3, 'a point'); break;
      case 'SHAPE_LINECOUNT': obj.extras.SHAPE_LINECOUNT = tk.int(); break;
      case 'SHAPE_LINE': {
        const index = tk.optNum((obj.shapeLines ??= []).length);
        if (tk.peek() === Tok.Open) (obj.shapeLines ??= []).push(readShapeLine(ctx, index));
        break;
      }
      default: {
        const child = OBJECT_KINDS[kw];
        if (kind === 'group' && child) {
          const o = readObject(ctx, child, kwAt, depth + 1);
          if (o) obj.children!.push(o);
        } else {
          // Unknown keywords and blocks (IK, user data, exclude lists) are kept in extras.
          const v = values(tk);
          addExtra(ctx, obj.extras, kw, tk.peek() === Tok.Open ? withBlock(v, generic(ctx, kw, 1)) : v);
        }
      }
    }
  });
  // Most objects of a large file have no animation, no mesh frames, no extras (and groups no TM).
  const { list, extras } = ctx.none;
  if (!obj.tms.length) obj.tms = list;
  if (!obj.animations.length) obj.animations = list;
  if (!obj.meshFrames.length) obj.meshFrames = list;
  if (!Object.keys(obj.extras).length) obj.extras = extras;
  return obj;
}
