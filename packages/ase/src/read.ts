import { FormatError, WarningSink, printable, rejectForeign, type Warning } from '@relic3d/core';
import { Tok, Tokenizer, toTextBytes } from './tokenizer.js';
import type {
  AseFile,
  AseMap,
  AseMapChannel,
  AseMaterial,
  AseMesh,
  AseNodeTM,
  AseNormals,
  AseObject,
  AseObjectKind,
  AseParseOptions,
  AseSceneInfo,
  AseShapeLine,
  AseSkinWeights,
  AseTMAnimation,
  AseTrack,
  AseTrackKind,
} from './types.js';

/** Nesting limit for recursive blocks (sub-materials, sub-maps, groups): deeper input is rejected. */
const MAX_DEPTH = 64;

const OBJECT_KINDS: Record<string, AseObjectKind> = {
  GEOMOBJECT: 'geom',
  SHAPEOBJECT: 'shape',
  CAMERAOBJECT: 'camera',
  LIGHTOBJECT: 'light',
  HELPEROBJECT: 'helper',
  GROUP: 'group',
};
/** Keywords that end an unclosed `*MATERIAL_LIST` (Blender 2.51 bug, assimp PR #3844). */
const TOP_LEVEL = new Set(Object.keys(OBJECT_KINDS));

interface Ctx {
  tk: Tokenizer;
  sink: WarningSink;
  /** Set when a material block met a top-level keyword: every open material block ends. */
  stopped: boolean;
  /** Arrays made by `addExtra` for repeated keywords. */
  repeated: WeakSet<unknown[]>;
}

/** The raw file plus the warnings met while reading it. */
export type AseFileWithWarnings = AseFile & { warnings: Warning[] };

/** Reads an ASE file into its raw structure, exactly as stored (Max axes, ticks, world-space vertices). */
export function readAse(bytes: Uint8Array, options: AseParseOptions = {}): AseFileWithWarnings {
  const sink = new WarningSink('ase', options.onWarning);
  const file = readAseWith(bytes, options, sink);
  return { ...file, warnings: sink.list };
}

/** `readAse` with a caller-owned warning sink (the scene builder shares it). */
export function readAseWith(bytes: Uint8Array, options: AseParseOptions, sink: WarningSink): AseFile {
  keepHiddenClasses();
  const text = toTextBytes(bytes);
  const tk = new Tokenizer(text, options.codePage);
  const ctx: Ctx = { tk, sink, stopped: false, repeated: new WeakSet() };
  const first = tk.peek();
  if (first === Tok.Eof) {
    throw new FormatError({ format: 'ase', offset: 0, expected: 'an ASE file', found: 'an empty file', code: 'EMPTY', message: 'ase: empty file' });
  }
  if (first !== Tok.Keyword) {
    // A Git LFS pointer, a colour palette named .ase, …: say what it is.
    rejectForeign(bytes, 'ase', "'*3DSMAX_ASCIIEXPORT'", '3ds Max ASCII Scene Export');
    tk.fail("'*3DSMAX_ASCIIEXPORT'", 'BAD_MAGIC');
  }
  const file: AseFile = { encoding: text.encoding, materials: [], objects: [], extras: {} };
  let firstKeyword = true;
  // Mesh data outside any object (a bare *MESH block, or a mesh body with no *MESH around it).
  let loose: { reader: ReturnType<typeof meshReader>; obj: AseObject; seen: Set<string> } | undefined;
  const endLoose = () => {
    if (!loose) return;
    loose.obj.mesh = loose.reader.finish();
    loose = undefined;
  };
  const meshObject = (at: number): AseObject => {
    const obj: AseObject = { kind: 'geom', offset: tk.inputOffset(at), name: '', tms: [], animations: [], meshFrames: [], extras: { meshOutsideObject: true } };
    sink.warn('ASE_MESH_OUTSIDE_OBJECT', 'mesh data at the top level, outside any *GEOMOBJECT: read as an object of its own (no name, identity *NODE_TM)', obj.offset);
    file.objects.push(obj);
    return obj;
  };
  for (;;) {
    const k = tk.peek();
    if (k === Tok.Eof) break;
    if (k !== Tok.Keyword) {
      if (k === Tok.Close) {
        // Listed one by one up to the sink's cap; past it a run of them is only counted.
        if (sink.listing('ASE_STRAY_BRACE')) {
          sink.warn('ASE_STRAY_BRACE', "unmatched '}' at top level", tk.inputOffset(tk.start));
          tk.take();
        } else sink.count('ASE_STRAY_BRACE', tk.skipCloseRun());
        continue;
      }
      if (k === Tok.Open) tk.skipBlock();
      else tk.take();
      continue;
    }
    const at = tk.start;
    const kw = tk.keyword();
    if (firstKeyword && kw !== '3DSMAX_ASCIIEXPORT') sink.warn('ASE_NO_HEADER', `file starts with *${kw}, not *3DSMAX_ASCIIEXPORT`, tk.inputOffset(at));
    firstKeyword = false;
    if (!MESH_BODY.has(kw)) endLoose();
    switch (kw) {
      case '3DSMAX_ASCIIEXPORT': {
        const v = tk.optNum(NaN);
        if (Number.isFinite(v)) file.version = v;
        break;
      }
      case 'COMMENT':
        if (file.comment === undefined) file.comment = tk.str();
        else ((file.extras.comments ??= []) as string[]).push(tk.str());
        break;
      case 'SCENE':
        if (tk.peek() === Tok.Open) file.scene = readSceneInfo(ctx);
        break;
      case 'MATERIAL_LIST':
        if (tk.peek() === Tok.Open) readMaterialList(ctx, file, at);
        break;
      case 'MESH':
        if (tk.peek() === Tok.Open) meshObject(at).mesh = readMesh(ctx, at);
        break;
      default: {
        const kind = OBJECT_KINDS[kw];
        if (MESH_BODY.has(kw)) {
          // A second vertex list or count starts the next mesh body.
          if (loose?.seen.has(kw) && (kw === 'MESH_NUMVERTEX' || kw === 'MESH_VERTEX_LIST' || kw === 'TIMEVALUE')) endLoose();
          loose ??= { reader: meshReader(ctx, at), obj: meshObject(at), seen: new Set() };
          loose.seen.add(kw);
          loose.reader.keyword(kw, at);
          break;
        }
        if (kind) {
          const obj = readObject(ctx, kind, at, 0);
          if (obj) file.objects.push(obj);
        } else {
          // Unknown top-level keywords and blocks are kept in extras.unknown.
          const v = values(tk);
          addExtra(ctx, (file.extras.unknown ??= {}) as Record<string, unknown>, kw, tk.peek() === Tok.Open ? withBlock(v, generic(ctx, kw, 1)) : v);
        }
      }
    }
    tk.skipValuesAndBlock();
  }
  endLoose();
  const unknown = file.extras.unknown as Record<string, unknown> | undefined;
  if (!file.objects.length && unknown) {
    const names = Object.keys(unknown);
    sink.warn('ASE_NO_OBJECTS', `no object was read; ${names.length} unknown top-level keyword${names.length === 1 ? '' : 's'} kept in extras.unknown: ${names.slice(0, 8).map((k) => `*${printable(k)}`).join(', ')}${names.length > 8 ? ', …' : ''}`);
  }
  return file;
}

/**
 * Reads `{ … }` calling `onKeyword` for each keyword; leftover values and unread blocks of a keyword
 * are skipped. Returns false when a material-list stop keyword ended the block early.
 */
function block(ctx: Ctx, what: string, onKeyword: (kw: string, at: number) => void, stop?: Set<string>): boolean {
  const tk = ctx.tk;
  if (tk.peek() !== Tok.Open) tk.fail(`'{' opening *${what}`);
  const open = tk.start;
  tk.take();
  for (;;) {
    const k = tk.peek();
    if (k === Tok.Close) {
      tk.take();
      return true;
    }
    if (k === Tok.Eof) tk.fail(`'}' closing *${what} opened at offset ${tk.inputOffset(open)}`, 'TRUNCATED');
    if (k === Tok.Open) {
      tk.skipBlock();
      continue;
    }
    if (k !== Tok.Keyword) {
      tk.take();
      continue;
    }
    const before = tk.pos;
    const at = tk.start;
    const kw = tk.keyword();
    if (stop?.has(kw)) {
      tk.rewind(before);
      ctx.stopped = true;
      return false;
    }
    onKeyword(kw, at);
    if (ctx.stopped) return false;
    tk.skipValuesAndBlock();
  }
}

/** Remaining values of a keyword: numbers where they parse, strings otherwise. */
function values(tk: Tokenizer): unknown {
  const out: unknown[] = [];
  while (tk.hasValue()) {
    if (tk.kind === Tok.String) out.push(tk.str());
    else {
      const n = tk.optNum(NaN);
      out.push(Number.isNaN(n) ? tk.str() : n);
    }
  }
  return out.length === 0 ? true : out.length === 1 ? out[0] : out;
}

/** A generic block as a record (repeated keywords collect into arrays). */
function generic(ctx: Ctx, what: string, depth: number): Record<string, unknown> {
  if (depth > MAX_DEPTH) ctx.tk.fail(`blocks nested at most ${MAX_DEPTH} deep`, 'BAD_SYNTAX');
  const out: Record<string, unknown> = {};
  block(ctx, what, (kw) => {
    let v: unknown = values(ctx.tk);
    if (ctx.tk.peek() === Tok.Open) {
      const inner = generic(ctx, kw, depth + 1);
      v = v === true ? inner : { values: v, ...inner };
    }
    if (kw in out) {
      const prev = out[kw];
      if (Array.isArray(prev) && (prev as { repeated?: boolean }).repeated) prev.push(v);
      else out[kw] = Object.assign([prev, v], { repeated: true });
    } else out[kw] = v;
  });
  for (const k of Object.keys(out)) {
    const v = out[k];
    if (Array.isArray(v) && (v as { repeated?: boolean }).repeated) out[k] = [...v];
  }
  return out;
}

/** Values and a block of one keyword as one extras value (`{ values, ...block }` when both exist). */
function withBlock(v: unknown, block: Record<string, unknown>): unknown {
  return v === true ? block : { values: v, ...block };
}

/** Stores an unknown keyword's value; a repeated keyword collects its values into an array. */
function addExtra(ctx: Ctx, extras: Record<string, unknown>, kw: string, value: unknown): void {
  if (!(kw in extras)) extras[kw] = value;
  else {
    const prev = extras[kw];
    if (Array.isArray(prev) && ctx.repeated.has(prev)) prev.push(value);
    else {
      const list = [prev, value];
      ctx.repeated.add(list);
      extras[kw] = list;
    }
  }
}

function vec(tk: Tokenizer, n: number, what: string): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = tk.num(what);
  return out;
}

function readSceneInfo(ctx: Ctx): AseSceneInfo {
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

// ---------------------------------------------------------------------------------------------
// Materials

function readMaterialList(ctx: Ctx, file: AseFile, at: number): void {
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

// ---------------------------------------------------------------------------------------------
// Objects

function readObject(ctx: Ctx, kind: AseObjectKind, at: number, depth: number): AseObject | undefined {
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
  return obj;
}

function readNodeTM(ctx: Ctx): AseNodeTM {
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

/** `*CONTROL_<channel>_<kind>` track blocks. */
const TRACKS = new Map<string, ['pos' | 'rot' | 'scale', AseTrackKind]>();
for (const [channel, name] of [['pos', 'POS'], ['rot', 'ROT'], ['scale', 'SCALE']] as const) {
  for (const [kind, suffix] of [['sample', 'TRACK'], ['tcb', 'TCB'], ['bezier', 'BEZIER'], ['linear', 'LINEAR']] as const) {
    TRACKS.set(`CONTROL_${name}_${suffix}`, [channel, kind]);
  }
}

function readTMAnimation(ctx: Ctx): AseTMAnimation {
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
    block(ctx, kw, () => {
      if (!tk.hasValue()) return;
      const time = tk.num('a key time in ticks');
      const vals: number[] = [];
      while (tk.hasValue()) vals.push(tk.num('a key value'));
      track.keys.push({ time, values: vals });
    });
    anim[channel] = track;
  });
  return anim;
}

function readShapeLine(ctx: Ctx, index: number): AseShapeLine {
  const tk = ctx.tk;
  const coords: number[] = [];
  const knots: number[] = [];
  let closed = false;
  block(ctx, 'SHAPE_LINE', (kw) => {
    if (kw === 'SHAPE_CLOSED') closed = true;
    else if (kw === 'SHAPE_VERTEX_KNOT' || kw === 'SHAPE_VERTEX_INTERP') {
      tk.int('a shape vertex index');
      coords.push(tk.num('x'), tk.num('y'), tk.num('z'));
      knots.push(kw === 'SHAPE_VERTEX_KNOT' ? 1 : 0);
    }
  });
  return { index, closed, vertices: Float32Array.from(coords), knots: Uint8Array.from(knots) };
}

// ---------------------------------------------------------------------------------------------
// Meshes
//
// The lists hold nearly all of a file's bytes. Their entries are read by dedicated loops that
// compare keyword bytes in place and append to typed arrays (pre-sized from the declared counts,
// capped by the text left), so a list costs no string and no object per entry.

/** A growable typed array (int32, float32 or float64 values). */
class Grow<T extends Int32Array | Float32Array | Float64Array> {
  length = 0;
  constructor(public data: T) {}
  push(v: number): void {
    if (this.length === this.data.length) this.grow(1);
    this.data[this.length++] = v;
  }
  /** Makes room for `k` more values; returns the array to write them to (at `length`). */
  reserve(k: number): T {
    if (this.length + k > this.data.length) this.grow(k);
    return this.data;
  }
  private grow(k: number): void {
    const next = new (this.data.constructor as new (n: number) => T)(Math.max(16, this.data.length * 2, this.length + k));
    next.set(this.data);
    this.data = next;
  }
}

const ints = (capacity: number) => new Grow(new Int32Array(capacity));
const floats = (capacity: number) => new Grow(new Float64Array(capacity));
const floats32 = (capacity: number) => new Grow(new Float32Array(capacity));

/**
 * Initial capacity for `declared` entries whose shortest line is `*KEYWORD 0 0 0 0`-like
 * (`minBytes`): never more entries than the text left can hold, so a forged count cannot make the
 * temporaries outgrow the input. Lists grow past it when the count was low or missing.
 */
function capacityFor(tk: Tokenizer, declared: number | undefined, minBytes: number): number {
  if (declared === undefined || !(declared > 0)) return 16;
  return Math.min(declared, Math.floor((tk.length - tk.pos) / minBytes) + 1);
}

/** Shortest text of one list line (`*MESH_VERTEX 0 0 0 0` …), for capacities. */
const MIN_LINE = { vertex: 20, face: 18, tvert: 17, tface: 19, cvert: 21, cface: 19, faceNormal: 24, vertexNormal: 26 };

/** List entries whose values are indices (placed into Int32Array). */
const FACE_ENTRIES = new Set(['MESH_TFACE', 'MESH_CFACE']);

const bytesOf = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const KW_MESH_FACE = bytesOf('MESH_FACE');
const KW_MESH_SMOOTHING = bytesOf('MESH_SMOOTHING');
const KW_MESH_MTLID = bytesOf('MESH_MTLID');
const KW_FACENORMAL = bytesOf('MESH_FACENORMAL');
const KW_VERTEXNORMAL = bytesOf('MESH_VERTEXNORMAL');
/** Keyword bytes of the list entries, built once (constants, not parse state). */
const ENTRY_BYTES = new Map(['MESH_VERTEX', 'MESH_TVERT', 'MESH_TFACE', 'MESH_VERTCOL', 'MESH_CFACE'].map((k) => [k, bytesOf(k)]));

/**
 * Entries of an indexed list (`*MESH_VERTEX i x y z`): collected first, then placed by index into an
 * array sized by the declared count (or the entry count), dropping indices out of range with a warning.
 */
class IndexedList {
  readonly index: Grow<Int32Array>;
  readonly data: Grow<Float32Array | Float64Array>;
  /** `float32` for lists whose values end in a Float32Array anyway (the same values, half the memory). */
  constructor(readonly width: number, capacity = 0, float32 = false) {
    this.index = ints(capacity);
    this.data = float32 ? floats32(capacity * width) : floats(capacity * width);
  }
  get count(): number {
    return this.index.length;
  }
  place<T extends Float32Array | Int32Array>(out: T, ctx: Ctx, what: string, at: number): T {
    const w = this.width;
    const n = out.length / w;
    const index = this.index.data, data = this.data.data, count = this.index.length;
    let dropped = 0;
    for (let e = 0; e < count; e++) {
      const i = index[e];
      if (i < 0 || i >= n) {
        dropped++;
        continue;
      }
      for (let c = 0; c < w; c++) out[i * w + c] = data[e * w + c];
    }
    if (dropped) ctx.sink.warn('ASE_BAD_INDEX', `${dropped} ${what} entries have an index outside 0..${n - 1}; dropped`, ctx.tk.inputOffset(at));
    if (count - dropped < n && count > 0) {
      ctx.sink.warn('ASE_COUNT_MISMATCH', `${what}: ${n} declared, ${count - dropped} given`, ctx.tk.inputOffset(at));
    }
    return out;
  }
}

/** Opens the `{` of a list block; returns its text position for messages. */
function openList(tk: Tokenizer, what: string): number {
  if (tk.peek() !== Tok.Open) tk.fail(`'{' opening *${what}`);
  const open = tk.start;
  tk.take();
  return open;
}

/**
 * Handles a token of a list block that is not one of its entries, as `block` does: skips other
 * keywords with their values and blocks, stray values and blocks. Returns true at the closing `}`.
 */
function listOther(tk: Tokenizer, k: Tok, what: string, open: number): boolean {
  if (k === Tok.Keyword) {
    tk.keyword();
    tk.skipValuesAndBlock();
    return false;
  }
  if (k === Tok.Close) {
    tk.take();
    return true;
  }
  if (k === Tok.Eof) tk.fail(`'}' closing *${what} opened at offset ${tk.inputOffset(open)}`, 'TRUNCATED');
  if (k === Tok.Open) tk.skipBlock();
  else tk.take();
  return false;
}

/** After an entry: skips leftover values and a block of the entry keyword, as `block` does. */
function endEntry(tk: Tokenizer): void {
  if (tk.atEntryEnd()) return;
  const k = tk.peek();
  if (k === Tok.Word || k === Tok.String || k === Tok.Open) tk.skipValuesAndBlock();
}

/** The next integer (fast path first). */
function integer(tk: Tokenizer, what: string): number {
  const v = tk.quickNumber(true);
  return v === v ? v : tk.int(what);
}

/** Reads `{ *KW i v… }` entries of `width` numbers (missing trailing values default to `pad`). */
function readList(ctx: Ctx, what: string, entry: string, width: number, required: number, pad: number, capacity = 16): IndexedList {
  const tk = ctx.tk;
  // Vertices, texture vertices and colours end as floats; face lists as ints (via doubles, exactly).
  const list = new IndexedList(width, capacity, !FACE_ENTRIES.has(entry));
  const indexWhat = `a *${entry} index`, valueWhat = `*${entry} values`;
  const name = ENTRY_BYTES.get(entry) ?? bytesOf(entry);
  const index = list.index, data = list.data;
  const open = openList(tk, what);
  for (;;) {
    if (tk.quickKeyword(name)) {
      tk.numberInto(index.reserve(1), index.length++, true, indexWhat);
      const out = data.reserve(width);
      tk.numbersInto(out, data.length, required, valueWhat);
      data.length += required;
      for (let c = required; c < width; c++) tk.optNumberInto(out, data.length++, pad);
      endEntry(tk);
    } else if (listOther(tk, tk.peek(), what, open)) return list;
  }
}

function sized(ctx: Ctx, declared: number | undefined, list: IndexedList, minBytes: number, what: string, at: number): number {
  const n = declared ?? list.count;
  return ctx.tk.count(n, minBytes, what, at);
}

/** `*MESH_FACE_LIST` entries in file order. */
interface FaceLists {
  index: Grow<Int32Array>;
  /** A B C AB BC CA per entry (NaN never stored: a face without its corners fails). */
  data: Grow<Int32Array>;
  smooth: Grow<Int32Array>;
  mtl: Grow<Int32Array>;
}

function readMesh(ctx: Ctx, meshAt: number): AseMesh {
  const reader = meshReader(ctx, meshAt);
  block(ctx, 'MESH', reader.keyword);
  return reader.finish();
}

/** Keywords of a `*MESH` body that `meshReader` reads (others go to the mesh's extras). */
const MESH_BODY = new Set([
  'TIMEVALUE', 'MESH_NUMVERTEX', 'MESH_NUMFACES', 'MESH_NUMTVERTEX', 'MESH_NUMTVFACES', 'MESH_NUMCVERTEX', 'MESH_NUMCVFACES',
  'MESH_VERTEX_LIST', 'MESH_FACE_LIST', 'MESH_TVERTLIST', 'MESH_TFACELIST', 'MESH_CVERTLIST', 'MESH_CFACELIST',
  'MESH_MAPPINGCHANNEL', 'MESH_NORMALS', 'MESH_WEIGHTS',
]);

/**
 * The body of a `*MESH`: `keyword` reads one keyword of it (the tokenizer after the keyword),
 * `finish` builds the mesh. Split out so a mesh body outside any `*MESH { }` can be read too.
 */
function meshReader(ctx: Ctx, meshAt: number): { keyword: (kw: string, at: number) => void; finish: () => AseMesh } {
  const tk = ctx.tk;
  let timeValue = 0;
  let numVertex: number | undefined, numFaces: number | undefined;
  let numTVert: number | undefined, numTVFaces: number | undefined, numCVert: number | undefined, numCVFaces: number | undefined;
  let vertexList: IndexedList | undefined, vertexAt = meshAt;
  let faceLists: FaceLists | undefined;
  let faceAt = meshAt;
  let tvertList: IndexedList | undefined, tfaceList: IndexedList | undefined, tAt = meshAt;
  let cvertList: IndexedList | undefined, cfaceList: IndexedList | undefined, cAt = meshAt;
  const extraChannels: { channel: number; tverts: IndexedList; tfaces: IndexedList; numT?: number; numF?: number; at: number }[] = [];
  let normals: NormalLists | undefined;
  let weights: AseSkinWeights | undefined;
  const extras: Record<string, unknown> = {};
  const groups: number[] = [];

  const keyword = (kw: string, at: number) => {
    switch (kw) {
      case 'TIMEVALUE': timeValue = tk.num('*TIMEVALUE value'); break;
      case 'MESH_NUMVERTEX': numVertex = tk.int('*MESH_NUMVERTEX value'); break;
      case 'MESH_NUMFACES': numFaces = tk.int('*MESH_NUMFACES value'); break;
      case 'MESH_NUMTVERTEX': numTVert = tk.int('*MESH_NUMTVERTEX value'); break;
      case 'MESH_NUMTVFACES': numTVFaces = tk.int('*MESH_NUMTVFACES value'); break;
      case 'MESH_NUMCVERTEX': numCVert = tk.int('*MESH_NUMCVERTEX value'); break;
      case 'MESH_NUMCVFACES': numCVFaces = tk.int('*MESH_NUMCVFACES value'); break;
      case 'MESH_VERTEX_LIST':
        vertexAt = at;
        if (tk.peek() === Tok.Open) vertexList = readList(ctx, kw, 'MESH_VERTEX', 3, 3, 0, capacityFor(tk, numVertex, MIN_LINE.vertex));
        break;
      case 'MESH_FACE_LIST':
        faceAt = at;
        if (tk.peek() === Tok.Open) {
          const cap = capacityFor(tk, numFaces, MIN_LINE.face);
          const lists = (faceLists ??= { index: ints(cap), data: ints(cap * 6), smooth: ints(cap), mtl: ints(cap) });
          readFaceList(ctx, lists, groups);
        }
        break;
      case 'MESH_TVERTLIST':
        tAt = at;
        if (tk.peek() === Tok.Open) tvertList = readList(ctx, kw, 'MESH_TVERT', 3, 2, 0, capacityFor(tk, numTVert, MIN_LINE.tvert));
        break;
      case 'MESH_TFACELIST':
        if (tk.peek() === Tok.Open) tfaceList = readList(ctx, kw, 'MESH_TFACE', 3, 3, 0, capacityFor(tk, numTVFaces, MIN_LINE.tface));
        break;
      case 'MESH_CVERTLIST':
        cAt = at;
        if (tk.peek() === Tok.Open) cvertList = readList(ctx, kw, 'MESH_VERTCOL', 3, 3, 0, capacityFor(tk, numCVert, MIN_LINE.cvert));
        break;
      case 'MESH_CFACELIST':
        if (tk.peek() === Tok.Open) cfaceList = readList(ctx, kw, 'MESH_CFACE', 3, 3, 0, capacityFor(tk, numCVFaces, MIN_LINE.cface));
        break;
      case 'MESH_MAPPINGCHANNEL': {
        const channel = tk.int('a mapping channel number');
        if (tk.peek() !== Tok.Open) break;
        const ch = { channel, tverts: new IndexedList(3), tfaces: new IndexedList(3), numT: undefined as number | undefined, numF: undefined as number | undefined, at };
        block(ctx, kw, (inner) => {
          if (inner === 'MESH_NUMTVERTEX') ch.numT = tk.int();
          else if (inner === 'MESH_NUMTVFACES') ch.numF = tk.int();
          else if (inner === 'MESH_TVERTLIST' && tk.peek() === Tok.Open) ch.tverts = readList(ctx, inner, 'MESH_TVERT', 3, 2, 0, capacityFor(tk, ch.numT, MIN_LINE.tvert));
          else if (inner === 'MESH_TFACELIST' && tk.peek() === Tok.Open) ch.tfaces = readList(ctx, inner, 'MESH_TFACE', 3, 3, 0, capacityFor(tk, ch.numF, MIN_LINE.tface));
        });
        extraChannels.push(ch);
        break;
      }
      case 'MESH_NORMALS':
        if (tk.peek() === Tok.Open) normals = readNormals(ctx, kw, numFaces, at);
        break;
      case 'MESH_WEIGHTS':
        if (tk.peek() === Tok.Open) weights = readWeights(ctx);
        break;
      default: {
        // Unknown mesh keywords and blocks (face map lists, other exporters' skin blocks) go to extras.
        const v = values(tk);
        addExtra(ctx, extras, kw, tk.peek() === Tok.Open ? withBlock(v, generic(ctx, kw, 1)) : v);
      }
    }
  };
  return { keyword, finish: finishMesh };

  function finishMesh(): AseMesh {
    const vCount = sized(ctx, numVertex, vertexList ?? new IndexedList(3), 8, 'vertices', vertexAt);
    const vertices = (vertexList ?? new IndexedList(3)).place(new Float32Array(vCount * 3), ctx, 'MESH_VERTEX', vertexAt);
    const given = faceLists?.index.length ?? 0;
    const fCount = tk.count(numFaces ?? given, 8, 'faces', faceAt);
    const faces = new Int32Array(fCount * 3).fill(-1);
    const edges = new Int8Array(fCount * 3).fill(-1);
    const smoothing = new Uint32Array(fCount);
    const mtlIds = new Int32Array(fCount);
    let droppedFaces = 0;
    if (faceLists) {
      const index = faceLists.index.data, data = faceLists.data.data, smooth = faceLists.smooth.data, mtl = faceLists.mtl.data;
      for (let e = 0; e < given; e++) {
        const f = index[e];
        if (f < 0 || f >= fCount) {
          droppedFaces++;
          continue;
        }
        faces[f * 3] = data[e * 6];
        faces[f * 3 + 1] = data[e * 6 + 1];
        faces[f * 3 + 2] = data[e * 6 + 2];
        edges[f * 3] = data[e * 6 + 3];
        edges[f * 3 + 1] = data[e * 6 + 4];
        edges[f * 3 + 2] = data[e * 6 + 5];
        smoothing[f] = smooth[e];
        mtlIds[f] = mtl[e];
      }
    }
    if (droppedFaces) ctx.sink.warn('ASE_BAD_INDEX', `${droppedFaces} *MESH_FACE entries have an index outside 0..${fCount - 1}; dropped`, tk.inputOffset(faceAt));
    if (given - droppedFaces < fCount) ctx.sink.warn('ASE_COUNT_MISMATCH', `*MESH_NUMFACES ${fCount} but ${given - droppedFaces} faces given`, tk.inputOffset(faceAt));

    const channels: AseMapChannel[] = [];
    const channel = (number: number, tv: IndexedList | undefined, tf: IndexedList | undefined, numT: number | undefined, numF: number | undefined, at: number) => {
      const tCount = sized(ctx, numT, tv ?? new IndexedList(3), 6, 'texture vertices', at);
      const tfCount = sized(ctx, numF, tf ?? new IndexedList(3), 6, 'texture faces', at);
      return {
        channel: number,
        tverts: (tv ?? new IndexedList(3)).place(new Float32Array(tCount * 3), ctx, 'MESH_TVERT', at),
        tfaces: (tf ?? new IndexedList(3)).place(new Int32Array(tfCount * 3).fill(-1), ctx, 'MESH_TFACE', at),
      };
    };
    if (tvertList || tfaceList) channels.push(channel(1, tvertList, tfaceList, numTVert, numTVFaces, tAt));
    for (const ch of extraChannels) channels.push(channel(ch.channel, ch.tverts, ch.tfaces, ch.numT, ch.numF, ch.at));

    const mesh: AseMesh = { timeValue, numVertex: vCount, numFaces: fCount, vertices, faces, edges, smoothing, mtlIds, channels, extras };
    if (groups.length) extras.smoothingGroupsAbove32 = groups;
    if (cvertList || cfaceList) {
      const cCount = sized(ctx, numCVert, cvertList ?? new IndexedList(3), 8, 'colour vertices', cAt);
      const cfCount = sized(ctx, numCVFaces, cfaceList ?? new IndexedList(3), 8, 'colour faces', cAt);
      mesh.cverts = (cvertList ?? new IndexedList(3)).place(new Float32Array(cCount * 3), ctx, 'MESH_VERTCOL', cAt);
      mesh.cfaces = (cfaceList ?? new IndexedList(3)).place(new Int32Array(cfCount * 3).fill(-1), ctx, 'MESH_CFACE', cAt);
    }
    if (normals) mesh.normals = placeNormals(ctx, normals, fCount);
    if (weights) mesh.weights = weights;
    return mesh;
  }
}

interface NormalLists {
  /** Text position of `*MESH_NORMALS`, for warnings. */
  at: number;
  faceIdx: Grow<Int32Array>;
  faceData: Grow<Float32Array>;
  vFace: Grow<Int32Array>;
  vIdx: Grow<Int32Array>;
  vData: Grow<Float32Array>;
}

/** `*MESH_NORMALS`: face normals by index, vertex normals in file order with the face before them. */
function readNormals(ctx: Ctx, what: string, declaredFaces: number | undefined, at: number): NormalLists {
  const tk = ctx.tk;
  // Max layout: one face normal and three vertex normals per face.
  const faces = capacityFor(tk, declaredFaces, MIN_LINE.faceNormal + 3 * MIN_LINE.vertexNormal);
  const n: NormalLists = { at, faceIdx: ints(faces), faceData: floats32(faces * 3), vFace: ints(faces * 3), vIdx: ints(faces * 3), vData: floats32(faces * 9) };
  let lastFace = -1;
  const open = openList(tk, what);
  for (;;) {
    if (tk.quickKeyword(KW_VERTEXNORMAL)) {
      n.vFace.push(lastFace);
      tk.numberInto(n.vIdx.reserve(1), n.vIdx.length++, true, 'a vertex normal index');
      tk.numbersInto(n.vData.reserve(3), n.vData.length, 3, 'a number');
      n.vData.length += 3;
      endEntry(tk);
    } else if (tk.quickKeyword(KW_FACENORMAL)) {
      lastFace = integer(tk, 'a face normal index');
      n.faceIdx.push(lastFace);
      tk.numbersInto(n.faceData.reserve(3), n.faceData.length, 3, 'a number');
      n.faceData.length += 3;
      endEntry(tk);
    } else if (listOther(tk, tk.peek(), what, open)) return n;
  }
}

function placeNormals(ctx: Ctx, n: NormalLists, faceCount: number): AseNormals {
  const faceNormals = new Float32Array(faceCount * 3).fill(NaN);
  const faceIdx = n.faceIdx.data, faceData = n.faceData.data;
  let dropped = 0;
  for (let e = 0; e < n.faceIdx.length; e++) {
    const f = faceIdx[e];
    if (f < 0 || f >= faceCount) {
      dropped++;
      continue;
    }
    faceNormals[f * 3] = faceData[e * 3];
    faceNormals[f * 3 + 1] = faceData[e * 3 + 1];
    faceNormals[f * 3 + 2] = faceData[e * 3 + 2];
  }
  if (dropped) ctx.sink.warn('ASE_BAD_INDEX', `${dropped} *MESH_FACENORMAL entries have an index outside 0..${faceCount - 1}; dropped`, ctx.tk.inputOffset(n.at));
  return {
    faceNormals,
    vertexNormalFace: n.vFace.data.slice(0, n.vFace.length),
    vertexNormalVertex: n.vIdx.data.slice(0, n.vIdx.length),
    vertexNormals: n.vData.data.slice(0, n.vData.length),
  };
}

/** Face lines: `i[:] A: a B: b C: c (AB: e BC: e CA: e)?`, then `*MESH_SMOOTHING` and `*MESH_MTLID` keywords. */
function readFaceList(ctx: Ctx, lists: FaceLists, above32: number[]): void {
  const tk = ctx.tk;
  const groups: number[] = [];
  const { index, data, smooth, mtl } = lists;
  // A B C AB BC CA of the current line (typed, so values never box); `corners` marks A B C as given.
  const slots = new Int32Array(6);
  const scratch = new Int32Array(1);
  const open = openList(tk, 'MESH_FACE_LIST');
  for (;;) {
    if (tk.quickKeyword(KW_MESH_FACE)) {
      tk.numberInto(index.reserve(1), index.length++, true, 'a face index');
      slots[3] = slots[4] = slots[5] = -1;
      let corners = 0;
      let positional = 0;
      for (;;) {
        // Fast path: `A: 12` with the label and its value in the common forms.
        let label = tk.quickLabel();
        if (label >= 0) {
          if (tk.quickInto(slots, label, true)) {
            corners |= 1 << label;
            continue;
          }
        } else {
          if (!tk.hasValue()) break;
          label = tk.faceLabel();
          if (label >= 0) tk.take();
        }
        if (label >= 0) {
          if (tk.hasValue()) {
            tk.numberInto(slots, label, true, 'a face label value');
            corners |= 1 << label;
          }
        } else if (positional < 3) {
          tk.numberInto(slots, positional, true, 'a face corner');
          corners |= 1 << positional++;
        } else tk.take();
      }
      // Missing corners break the line; out-of-range corners are dropped later with a warning.
      if ((corners & 7) !== 7) tk.fail('A: B: C: corners of *MESH_FACE', 'BAD_VALUE');
      const out = data.reserve(6);
      for (let i = 0; i < 6; i++) out[data.length++] = slots[i];
      smooth.push(0);
      mtl.push(0);
      endEntry(tk);
    } else if (tk.quickKeyword(KW_MESH_SMOOTHING)) {
      if (index.length) {
        let mask = 0;
        // The common single group first, then any (comma) list.
        if (tk.quickInto(scratch, 0, true)) {
          const g = scratch[0];
          if (g >= 1 && g <= 32) mask |= 1 << (g - 1);
          else if (g > 32) above32.push(index.length - 1, g);
        }
        if (tk.hasValue()) {
          groups.length = 0;
          tk.intList(groups);
          for (const g of groups) {
            if (g >= 1 && g <= 32) mask |= 1 << (g - 1);
            else if (g > 32) above32.push(index.length - 1, g);
          }
        }
        smooth.data[smooth.length - 1] = mask;
      }
      endEntry(tk);
    } else if (tk.quickKeyword(KW_MESH_MTLID)) {
      if (index.length) tk.numberInto(mtl.data, mtl.length - 1, true, 'a material id');
      endEntry(tk);
    } else if (listOther(tk, tk.peek(), 'MESH_FACE_LIST', open)) return;
  }
}

function readWeights(ctx: Ctx): AseSkinWeights {
  const tk = ctx.tk;
  const w: AseSkinWeights = { boneNames: [], vertices: [] };
  block(ctx, 'MESH_WEIGHTS', (kw) => {
    if (kw === 'MESH_BONE_LIST' && tk.peek() === Tok.Open) {
      block(ctx, kw, (inner) => {
        if (inner !== 'MESH_BONE_NAME') return;
        const boneAt = tk.start;
        const i = tk.int('a bone index');
        const name = tk.str();
        if (i >= 0 && i < w.boneNames.length + 256) {
          while (w.boneNames.length <= i) w.boneNames.push('');
          w.boneNames[i] = name;
        } else ctx.sink.warn('ASE_BAD_INDEX', `bone index ${i} out of range; dropped`, tk.inputOffset(boneAt));
      });
    } else if (kw === 'MESH_BONE_VERTEX_LIST' && tk.peek() === Tok.Open) {
      block(ctx, kw, (inner) => {
        if (inner !== 'MESH_BONE_VERTEX') return;
        const index = tk.int('a vertex index');
        tk.optNum(0); tk.optNum(0); tk.optNum(0); // the bind position, also in *MESH_VERTEX
        const bones: number[] = [], weights: number[] = [];
        while (tk.hasValue()) {
          bones.push(tk.int('a bone index'));
          weights.push(tk.hasValue() ? tk.num('a bone weight') : 0);
        }
        w.vertices.push({ index, bones, weights });
      });
    } // MESH_NUMVERTEX / MESH_NUMBONE are informational: the lists carry their own indices
  });
  return w;
}

/**
 * One inert instance of each class the list loops run on, held for the module's lifetime (made at
 * the first parse). A hidden class (map) that only transitions reach dies at a full GC once its last
 * instance has, and V8 then discards all optimized code built on it; between parses that happened
 * every time, and the next parse ran ~4× slower (unoptimized, then re-optimizing). No parse state.
 */
let hiddenClassKeepers: unknown[] | undefined;
function keepHiddenClasses(): void {
  hiddenClassKeepers ??= [new Tokenizer(toTextBytes(new Uint8Array(0))), ints(0), floats(0), floats32(0), new IndexedList(3, 0, true), new IndexedList(3, 0, false)];
}
