/** What the writer's steps share while one scene is written. */
import type { ClipTiming } from './clips.js';
import { SamplingSpace } from './sampling.js';
import { FINITE_SCENE, codePage, codePageEncoder, computeWorldMatrices, createScene, keepMapAlive, topologicalOrder, type CodePageDecoder, type CodePageEncoder, type Scene, type WarningSink } from '@relic3d/core';

export interface WriteContext {
  readonly scene: Scene;
  readonly sink: WarningSink;
  readonly encoder: CodePageEncoder;
  readonly decoder: CodePageDecoder;
  /** Base name of every file written (ASCII, short enough for the client's name fields). */
  readonly base: string;
  /** World matrices of the rest pose (column-major, scene space). */
  readonly rest: Float32Array;
  /**
   * Every node, parents first (core's `topologicalOrder`), and the parent of each (-1: a root), read
   * from the nodes once per write: the clip loops read these arrays, never a node object (a reader's
   * nodes can have maps of their own each parse, and code that read them was compiled again each time).
   */
  readonly order: Int32Array;
  readonly orderParents: Int32Array;
  /** Codes already warned once per write. */
  readonly warned: Set<string>;
  /** Files beside the model (textures), by name. */
  readonly files: Record<string, Uint8Array>;
  /** The reader marked the scene FINITE_SCENE: its vertex arrays are not scanned again (scrub once). */
  readonly finite: boolean;
  /** Buffers the clip sampling reuses (sampling.ts). */
  readonly sampling: SamplingSpace;
  /** The last sampled clip's world matrices (sampling.ts), while small. */
  kept: { timing: ClipTiming; worlds: Float32Array } | undefined;
}

/** Flyff's client is Korean: names are CP949 (EUC-KR) unless told otherwise. */
export const DEFAULT_CODE_PAGE = 'euc-kr';

export function createContext(scene: Scene, sink: WarningSink, base: string, page: string): WriteContext {
  const order = Int32Array.from(topologicalOrder(scene));
  const orderParents = new Int32Array(order.length);
  for (let o = 0; o < order.length; o++) orderParents[o] = scene.nodes[order[o]].parent;
  return {
    scene,
    sink,
    encoder: codePageEncoder(page),
    decoder: codePage(page),
    base,
    rest: computeWorldMatrices(scene),
    order,
    orderParents,
    finite: (scene as { [FINITE_SCENE]?: unknown })[FINITE_SCENE] === true,
    warned: new Set(),
    files: {},
    // The nodes' rest transforms read here, once: the clip loops never read a node object.
    sampling: new SamplingSpace(scene),
    // In the literal, not added later: a property added to an object gives it a map a full GC can
    // drop, and the sampling code reading the context would be compiled again on the next write.
    kept: undefined,
  };
}

export function warnOnce(ctx: WriteContext, code: string, message: string): void {
  if (ctx.warned.has(code)) return;
  ctx.warned.add(code);
  ctx.sink.warn(code, message);
}

/** `n thing(s)` */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// One context kept, fields in the order createContext makes them: a literal's map is held by no literal
// (V8's map cache holds it weakly), and every loop reading the context was compiled again after full GCs.
keepMapAlive({ scene: {}, sink: {}, encoder: {}, decoder: {}, base: '', rest: new Float32Array(0), order: new Int32Array(0), orderParents: new Int32Array(0), finite: false, warned: new Set(), files: {}, sampling: new SamplingSpace(createScene('o3d')), kept: undefined });
