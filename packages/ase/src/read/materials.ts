import { MAX_DEPTH, type AseFile, type AseMap, type AseMaterial } from '../file.js';
import { block, generic, values, vec, type Ctx } from './blocks.js';
import { TOP_LEVEL } from './keywords.js';
import { Tok } from './tokenizer.js';

/** `*MATERIAL_LIST`: materials, sub-materials (any depth) and their texture maps. */
export function readMaterialList(ctx: Ctx, file: AseFile, at: number): void {
  const tk = ctx.tk;
  const closed = block(
    ctx,
    'MATERIAL_LIST',
    (kw) => {
      if (kw === 'MATERIAL_COUNT') file.declaredMaterials = tk.int('*MATERIAL_COUNT value');
      else if (kw === 'MATERIAL') {
        const index = tk.optNum(file.materials.length);
        if (tk.peek() === Tok.Open) {
          const m = readMaterial(ctx, index, 'MATERIAL', 0);
          file.materials.push(m);
        }
      }
    },
    TOP_LEVEL,
  );
  if (!closed) {
    ctx.stopped = false;
    ctx.sink.warn('ASE_UNCLOSED_MATERIAL_LIST', `*MATERIAL_LIST at offset ${tk.inputOffset(at)} is not closed; a top-level object keyword ended it`, tk.inputOffset(at));
  }
  if (file.declaredMaterials !== undefined && file.declaredMaterials !== file.materials.length) {
    ctx.sink.warn('ASE_COUNT_MISMATCH', `*MATERIAL_COUNT ${file.declaredMaterials} but ${file.materials.length} materials`, tk.inputOffset(at));
  }
}

function readMaterial(ctx: Ctx, index: number, what: string, depth: number): AseMaterial {
  const tk = ctx.tk;
  if (depth > MAX_DEPTH) tk.fail(`sub-materials nested at most ${MAX_DEPTH} deep`, 'BAD_SYNTAX', tk.start);
  const m: AseMaterial = { index, name: '', twoSided: false, soften: false, maps: [], submaterials: [], extras: {} };
  block(
    ctx,
    what,
    (kw) => {
      switch (kw) {
        case 'MATERIAL_NAME': m.name = tk.str(); break;
        case 'MATERIAL_CLASS': m.className = tk.str(); break;
        case 'MATERIAL_AMBIENT': m.ambient = vec(tk, 3, 'an RGB colour'); break;
        case 'MATERIAL_DIFFUSE': m.diffuse = vec(tk, 3, 'an RGB colour'); break;
        case 'MATERIAL_SPECULAR': m.specular = vec(tk, 3, 'an RGB colour'); break;
        case 'MATERIAL_SHINE': m.shine = tk.num(); break;
        case 'MATERIAL_SHINESTRENGTH': m.shineStrength = tk.num(); break;
        case 'MATERIAL_TRANSPARENCY': m.transparency = tk.num(); break;
        case 'MATERIAL_WIRESIZE': m.wireSize = tk.num(); break;
        case 'MATERIAL_SHADING': m.shading = tk.str(); break;
        case 'MATERIAL_SELFILLUM': m.selfIllum = tk.num(); break;
        case 'MATERIAL_XP_FALLOFF': m.xpFalloff = tk.num(); break;
        case 'MATERIAL_FALLOFF': m.falloff = tk.str(); break;
        case 'MATERIAL_XP_TYPE': m.xpType = tk.str(); break;
        case 'MATERIAL_TWOSIDED': m.twoSided = true; break;
        case 'MATERIAL_SOFTEN': m.soften = true; break;
        case 'NUMSUBMTLS': m.declaredSubmaterials = tk.int('*NUMSUBMTLS value'); break;
        case 'SUBMATERIAL': {
          const i = tk.optNum(m.submaterials.length);
          if (tk.peek() === Tok.Open) m.submaterials.push(readMaterial(ctx, i, 'SUBMATERIAL', depth + 1));
          break;
        }
        default:
          if (kw.startsWith('MAP_') && tk.peek() === Tok.Open) m.maps.push(readMap(ctx, kw.slice(4), depth + 1));
          else m.extras[kw] = tk.peek() === Tok.Open ? generic(ctx, kw, depth + 1) : values(tk);
      }
    },
    TOP_LEVEL,
  );
  return m;
}

function readMap(ctx: Ctx, slot: string, depth: number): AseMap {
  const tk = ctx.tk;
  if (depth > MAX_DEPTH) tk.fail(`maps nested at most ${MAX_DEPTH} deep`, 'BAD_SYNTAX');
  const map: AseMap = { slot, maps: [], extras: {} };
  block(
    ctx,
    `MAP_${slot}`,
    (kw) => {
      switch (kw) {
        case 'MAP_NAME': map.name = tk.str(); break;
        case 'MAP_CLASS': map.className = tk.str(); break;
        case 'MAP_SUBNO': map.subNo = tk.num(); break;
        case 'MAP_AMOUNT': map.amount = tk.num(); break;
        case 'BITMAP': map.bitmap = tk.str(); break;
        case 'MAP_TYPE': map.mapType = tk.str(); break;
        case 'UVW_U_OFFSET': map.uOffset = tk.num(); break;
        case 'UVW_V_OFFSET': map.vOffset = tk.num(); break;
        case 'UVW_U_TILING': map.uTiling = tk.num(); break;
        case 'UVW_V_TILING': map.vTiling = tk.num(); break;
        case 'UVW_ANGLE': map.angle = tk.num(); break;
        case 'UVW_BLUR': map.blur = tk.num(); break;
        case 'BITMAP_FILTER': map.bitmapFilter = tk.str(); break;
        case 'BITMAP_INVERT': map.invert = true; break;
        default:
          if (kw.startsWith('MAP_') && tk.peek() === Tok.Open) map.maps.push(readMap(ctx, kw.slice(4), depth + 1));
          else map.extras[kw] = tk.peek() === Tok.Open ? generic(ctx, kw, depth + 1) : values(tk);
      }
    },
    TOP_LEVEL,
  );
  return map;
}
