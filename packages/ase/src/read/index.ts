import { FormatError, WarningSink, printable, rejectForeign } from '@relic3d/core';
import { FORMAT_ID, MAGIC_KEYWORD, type AseFile, type AseFileWithWarnings, type AseObject, type AseParseOptions } from '../file.js';
import { addExtra, generic, sharedEmpty, values, withBlock, type Ctx } from './blocks.js';
import { rowScratch } from './fast-rows.js';
import { keepHiddenClasses } from './hidden-classes.js';
import { OBJECT_KINDS } from './keywords.js';
import { readMaterialList } from './materials.js';
import { MESH_BODY, meshReader, readMesh } from './mesh.js';
import { readObject } from './objects.js';
import { readSceneInfo } from './scene-info.js';
import { Tok, Tokenizer, toTextBytes } from './tokenizer.js';

/** Reads an ASE file into its raw structure, exactly as stored (Max axes, ticks, world-space vertices). */
export function readAse(bytes: Uint8Array, options: AseParseOptions = {}): AseFileWithWarnings {
  const sink = new WarningSink(FORMAT_ID, options.onWarning);
  const file = readAseWith(bytes, options, sink);
  return { ...file, warnings: sink.list };
}

/** `readAse` with a caller-owned warning sink (the scene builder shares it). */
export function readAseWith(bytes: Uint8Array, options: AseParseOptions, sink: WarningSink): AseFile {
  keepHiddenClasses();
  const text = toTextBytes(bytes);
  const tk = new Tokenizer(text, options.codePage);
  const ctx: Ctx = { tk, sink, stopped: false, repeated: new WeakSet(), none: sharedEmpty(), row: rowScratch(tk) };
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
    if (firstKeyword && kw !== MAGIC_KEYWORD) sink.warn('ASE_NO_HEADER', `file starts with *${kw}, not *3DSMAX_ASCIIEXPORT`, tk.inputOffset(at));
    firstKeyword = false;
    if (!MESH_BODY.has(kw)) endLoose();
    switch (kw) {
      case MAGIC_KEYWORD: {
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
