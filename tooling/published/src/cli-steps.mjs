// Runs the README console steps in one Node process, each as the relic3d bin runs it: the installed
// package's `runCli` (what bin/relic3d.js calls), in the step's folder, standard output and error kept
// in the order written. The bin itself is spawned by published.test.ts (help, version, a usage error,
// info, convert, batch); a process per README step cost 42 Node start-ups and CLI loads (issue #30).
// Usage, from the consumer project: node cli-steps.mjs STEPS.json RESULTS.json
import { readFileSync, writeFileSync } from 'node:fs';

const [stepsFile, resultsFile] = process.argv.slice(2);
/** @type {{ cwd: string; args: string[] }[]} */
const steps = JSON.parse(readFileSync(stepsFile, 'utf8'));
const { runCli } = await import('relic3d/cli');

const results = [];
for (const step of steps) {
  process.chdir(step.cwd);
  let output = '';
  const write = (text) => void (output += text);
  const io = {
    out: write,
    err: write,
    isTTY: false,
    stdoutIsTTY: false,
    writeOut: async (bytes) => write(Buffer.from(bytes).toString('utf8')),
    // The bin's standard input in the docs test is closed ('ignore'): empty.
    readIn: async () => new Uint8Array(0),
  };
  let code;
  try {
    code = await runCli(step.args, io);
  } catch (e) {
    // As bin/relic3d.js reports what runCli throws.
    write(`relic3d: ${e instanceof Error ? e.message : String(e)}\n`);
    code = 1;
  }
  results.push({ code, output });
}
writeFileSync(resultsFile, JSON.stringify(results));
process.exit(0);
