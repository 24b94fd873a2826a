// Whether V8 keeps a method's optimised code across full GCs (issue 25: a class's map is held only
// weakly, so once every instance dies in a full GC the code that saw it is dropped; core's
// keepMapAlive keeps one instance). V8's own %-functions, switched on at runtime in this worker.
import v8 from 'node:v8';
import vm from 'node:vm';

type Native = (f: unknown) => number;
let natives: { prepare: Native; optimizeNext: Native; status: Native; gc: () => void } | undefined;

function v8Natives() {
  if (natives) return natives;
  v8.setFlagsFromString('--allow-natives-syntax');
  v8.setFlagsFromString('--expose-gc');
  natives = {
    prepare: new Function('f', '%PrepareFunctionForOptimization(f)') as Native,
    optimizeNext: new Function('f', '%OptimizeFunctionOnNextCall(f)') as Native,
    status: new Function('f', 'return %GetOptimizationStatus(f)') as Native,
    gc: vm.runInNewContext('gc') as () => void,
  };
  return natives;
}

/** V8's OptimizationStatus bit for optimised code (src/runtime/runtime.h). */
const OPTIMIZED = 1 << 4;

export interface OptimisedAcrossGc<T> {
  /** What `use` returned on its two calls. */
  results: [T, T];
  optimisedBefore: boolean;
  /** After `gcs` full GCs with every instance `use` made dropped. */
  optimisedAfter: boolean;
}

/**
 * Optimises `method` through `use` (which makes its own instances and drops them), then runs `gcs`
 * full GCs (eight: V8 keeps a map its optimised code saw for a few) and says whether it is still optimised.
 */
export function optimisedAcrossGc<T>(method: unknown, use: () => T, gcs = 8): OptimisedAcrossGc<T> {
  const { prepare, optimizeNext, status, gc } = v8Natives();
  // From a finished full GC: marking that the worker's earlier files started (isolate: false) could
  // end inside `use` and drop the code just made (seen once in a loaded run: optimisedBefore false).
  gc();
  prepare(method);
  const first = use();
  let second = first;
  let optimisedBefore = false;
  // Fresh code may still deoptimise once in a call (feedback another file's inputs left); the claim
  // is about the GCs after, so the optimisation is asked for again, at most three times in all.
  for (let attempt = 0; attempt < 3 && !optimisedBefore; attempt++) {
    optimizeNext(method);
    second = use();
    optimisedBefore = (status(method) & OPTIMIZED) === OPTIMIZED;
  }
  for (let i = 0; i < gcs; i++) gc();
  return { results: [first, second], optimisedBefore, optimisedAfter: (status(method) & OPTIMIZED) === OPTIMIZED };
}
