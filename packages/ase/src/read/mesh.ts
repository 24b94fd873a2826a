import type { AseMapChannel, AseMesh, AseSkinWeights } from '../file.js';
import { addExtra, block, generic, values, withBlock, type Ctx } from './blocks.js';
import { faceLists as newFaceLists, readFaceList, type FaceLists } from './faces.js';
import { IndexedList, MIN_LINE, capacityFor, readList, sized } from './lists.js';
import { placeNormals, readNormals, type NormalLists } from './normals.js';
import { placeFaces } from './place.js';
import { Tok } from './tokenizer.js';
import { readWeights } from './weights.js';

/** `*MESH { … }`: counts, vertex, face, texture, colour, normal and weight lists. */
export function readMesh(ctx: Ctx, meshAt: number): AseMesh {
  const reader = meshReader(ctx, meshAt);
  block(ctx, 'MESH', reader.keyword);
  return reader.finish();
}

/** Keywords of a `*MESH` body that `meshReader` reads (others go to the mesh's extras). */
export const MESH_BODY = new Set([
  'TIMEVALUE', 'MESH_NUMVERTEX', 'MESH_NUMFACES', 'MESH_NUMTVERTEX', 'MESH_NUMTVFACES', 'MESH_NUMCVERTEX', 'MESH_NUMCVFACES',
  'MESH_VERTEX_LIST', 'MESH_FACE_LIST', 'MESH_TVERTLIST', 'MESH_TFACELIST', 'MESH_CVERTLIST', 'MESH_CFACELIST',
  'MESH_MAPPINGCHANNEL', 'MESH_NORMALS', 'MESH_WEIGHTS',
]);

/**
 * The body of a `*MESH`: `keyword` reads one keyword of it (the tokenizer after the keyword),
 * `finish` builds the mesh. Split out so a mesh body outside any `*MESH { }` can be read too.
 */
export function meshReader(ctx: Ctx, meshAt: number): { keyword: (kw: string, at: number) => void; finish: () => AseMesh } {
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
          const lists = (faceLists ??= newFaceLists(cap));
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
    const droppedFaces = faceLists
      ? placeFaces(given, faceLists.index.data, faceLists.data.data, faceLists.smooth.data, faceLists.mtl.data, fCount, faces, edges, smoothing, mtlIds)
      : 0;
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
