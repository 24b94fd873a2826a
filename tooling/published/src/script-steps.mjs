// Runs the README script examples in one Node process, one after another, each as `node example.mjs ARGS`
// would in its folder: the working folder, process.argv, page-env.mjs's web page (its folder served at
// RELIC3D_DOCS_BASE, switched per example), its output, its uncaught errors and its exit code; an
// example is done when the work it left (sockets, workers, timers) is gone. A process per example cost
// a Node start-up and the packages' load each (issue #30); docs.test.ts runs an example that fails here
// again alone, as before, so only a pass is taken from this shared process.
// Usage: node script-steps.mjs EXAMPLES.json RESULTS.json ({ dir, file, args, timeoutMs }[] in)
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';

const [examplesFile, resultsFile] = process.argv.slice(2);
/** @type {{ dir: string; file: string; args: string[]; timeoutMs: number }[]} */
const examples = JSON.parse(readFileSync(examplesFile, 'utf8'));

let serveRoot = '';
const server = http.createServer((req, res) => {
  const file = path.join(serveRoot, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  // Closed after each answer: a kept-alive socket would look like work an example left.
  res.setHeader('Connection', 'close');
  if (!serveRoot || !file.startsWith(serveRoot) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
    res.writeHead(404).end();
    return;
  }
  createReadStream(file).pipe(res.writeHead(200));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
process.env.RELIC3D_DOCS_BASE = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`;
await import('./page-env.mjs');

/** The current example's output and uncaught errors. */
let current = { stdout: '', stderr: '', errors: /** @type {unknown[]} */ ([]) };
const capture = (stream, key) => {
  stream.write = (chunk, encoding, callback) => {
    current[key] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (typeof encoding === 'function') encoding();
    else if (typeof callback === 'function') callback();
    return true;
  };
};
capture(process.stdout, 'stdout');
capture(process.stderr, 'stderr');
process.on('uncaughtException', (e) => current.errors.push(e));
process.on('unhandledRejection', (e) => current.errors.push(e));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** What keeps the process alive, by kind (no timer of ours is pending when it is read). */
const resources = () => process.getActiveResourcesInfo().sort().join();

const results = [];
for (const example of examples) {
  current = { stdout: '', stderr: '', errors: [] };
  await sleep(0);
  const idle = resources();
  process.chdir(example.dir);
  process.argv = [process.execPath, example.file, ...example.args];
  serveRoot = example.dir;
  process.exitCode = undefined;
  const deadline = Date.now() + example.timeoutMs;
  let finished = false;
  let timer;
  try {
    const late = new Promise((resolve) => (timer = setTimeout(resolve, example.timeoutMs)));
    await Promise.race([import(pathToFileURL(example.file).href), late]);
    clearTimeout(timer);
    for (;;) {
      await sleep(5);
      if (resources() === idle) {
        finished = true;
        break;
      }
      if (Date.now() > deadline) break;
    }
  } catch (e) {
    clearTimeout(timer);
    current.errors.push(e);
    finished = true;
  }
  for (const e of current.errors) current.stderr += `Uncaught ${inspect(e)}\n`;
  const code = !finished ? null : current.errors.length ? 1 : Number(process.exitCode ?? 0);
  if (!finished) current.stderr += `\n(not finished after ${example.timeoutMs} ms: ${process.getActiveResourcesInfo().join(', ')})`;
  results.push({ code, signal: null, stdout: current.stdout, stderr: current.stderr, output: '' });
}
process.exitCode = 0;
writeFileSync(resultsFile, JSON.stringify(results));
process.exit(0);
