// Preloaded (`node --import`) into README examples: they run as if on a web page served from their
// folder, so `fetch('/models/jeep1.ms3d')` and `new RelicLoader().loadAsync('models/Woman4.ms3d')`
// work as in a browser. The docs test serves the folder at $RELIC3D_DOCS_BASE.
const base = process.env.RELIC3D_DOCS_BASE;
if (base) {
  globalThis.location = new URL(base);
  const nodeFetch = globalThis.fetch;
  const absolute = (input) => (typeof input === 'string' || input instanceof URL ? new URL(String(input), base) : input);
  globalThis.fetch = (input, init) => nodeFetch(absolute(input), init);
}
