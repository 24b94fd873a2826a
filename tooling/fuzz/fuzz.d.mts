// Types of fuzz.mjs for the tests (test/bundle-once.ts).
/** Bundles the runner and the child into `.cache/<content hash>/` and returns that folder. */
export function bundle(): Promise<string>;
