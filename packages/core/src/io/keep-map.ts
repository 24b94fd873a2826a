// V8 reaches a class's map (the hidden class of its instances) from the constructor only weakly:
// when every instance dies in a full GC the map goes, and with it the optimised code of every loop
// that saw it, compiled again on the next parse or write (bench/README.md, issue 25: the skinned
// MS3D write spent more CPU compiling than writing). One inert instance per class, held here, keeps
// the map. Held from a closure, not a top-level variable: a bundle's unreferenced `var keeper = new X()`
// is dropped by V8 after the module runs, and keeps nothing.
const kept: object[] = [];

/** Holds `instance` for the life of the process, so its class's map (and the code that saw it) survives full GCs. */
export function keepMapAlive<T extends object>(instance: T): T {
  kept.push(instance);
  return instance;
}
