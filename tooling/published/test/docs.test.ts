// Every README example, run as a user would: TypeScript/JavaScript blocks against the installed
// tarballs (src/install.ts; every example in one Node process, src/script-steps.mjs, and one that fails
// there again in a process of its own), `console` blocks through the installed CLI (src/cli-steps.mjs:
// the bin's runCli, every step in one process), each in a fresh folder
// holding the corpus files the example names (src/fixtures.ts). Blocks are found automatically;
// see src/markdown.ts for the rare `<!-- no-run: why -->` and the other directives.
import { copyFileSync, createReadStream, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { corpusNotice, corpusRoot } from '@relic3d/test-harness';
import { firstMismatch, matches, normaliseLine, outputLines, sessions } from '../src/console.js';
import { placeFixtures } from '../src/fixtures.js';
import { typeErrors } from '../src/declared.js';
import { codeBlocks, readmeFiles, type CodeBlock } from '../src/markdown.js';
import { repoRoot } from '../src/packages.js';
import { describeRun, run, userEnv, type RunResult } from '../src/run.js';

const published = inject('published');
const pageEnv = fileURLToPath(new URL('../src/page-env.mjs', import.meta.url));
const haveCorpus = corpusNotice('ms3d');

const blocks = readmeFiles(repoRoot).flatMap((file) => codeBlocks(readFileSync(path.join(repoRoot, file), 'utf8'), file));
const tested = blocks.filter((b) => b.kind !== 'other');
const title = (b: CodeBlock) => `${b.file}:${b.line} (${b.lang || 'console'})${b.noRun !== undefined ? ` not run: ${b.noRun}` : ''}`;

/** One folder per example, inside the consumer project so its imports resolve to the tarballs. */
let serial = 0;
function workDir(block: CodeBlock): string {
  const slug = `${block.file.replace(/[^\w]+/g, '_')}_${block.line}_${serial++}`;
  const dir = path.join(published.dir, 'docs', slug);
  mkdirSync(dir, { recursive: true });
  return dir;
}

// A static server over the current example's folder, for examples written for a web page.
let serveRoot = '';
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const file = path.join(serveRoot, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!serveRoot || !file.startsWith(serveRoot) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    createReadStream(file).pipe(res.writeHead(200));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => server?.close());

/** An example's folder with its fixtures and its code as JavaScript (example.mjs). */
function prepareScript(block: CodeBlock): string {
  const dir = workDir(block);
  placeFixtures(`${block.code}\n${block.args.join(' ')}`, dir, corpusRoot());
  const js = ts.transpileModule(block.code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    fileName: 'example.ts',
  }).outputText;
  writeFileSync(path.join(dir, 'example.mjs'), js);
  return dir;
}

/** `node example.mjs ARGS` in a fresh folder, a process of its own (as a user runs it). */
async function runScriptAlone(block: CodeBlock): Promise<{ dir: string; result: RunResult }> {
  const dir = prepareScript(block);
  serveRoot = dir;
  const result = await run(process.execPath, ['--import', pageEnv, 'example.mjs', ...block.args], {
    cwd: dir,
    env: userEnv({ RELIC3D_DOCS_BASE: base }),
    timeoutMs: 120_000,
  });
  return { dir, result };
}

/**
 * Every script example in one Node process (src/script-steps.mjs; issue #30: a Node start-up and the
 * packages' load per example were most of this suite's CPU), each in its own fresh folder.
 */
async function runScriptBlocks(blocks: CodeBlock[]): Promise<Map<CodeBlock, { dir: string; result: RunResult }>> {
  const examples = blocks.map((block) => {
    const dir = prepareScript(block);
    return { block, dir, file: path.join(dir, 'example.mjs'), args: block.args, timeoutMs: 120_000 };
  });
  const examplesFile = path.join(published.dir, 'script-steps.json');
  const resultsFile = path.join(published.dir, 'script-steps-results.json');
  writeFileSync(examplesFile, JSON.stringify(examples.map(({ dir, file, args, timeoutMs }) => ({ dir, file, args, timeoutMs }))));
  const runner = fileURLToPath(new URL('../src/script-steps.mjs', import.meta.url));
  const result = await run(process.execPath, [runner, examplesFile, resultsFile], { cwd: published.dir, env: userEnv(), timeoutMs: 900_000 });
  if (result.code !== 0) throw new Error(describeRun(`node ${runner}`, result));
  const results: RunResult[] = JSON.parse(readFileSync(resultsFile, 'utf8'));
  return new Map(examples.map(({ block, dir }, i) => [block, { dir, result: results[i]! }]));
}

/** Whether a run ended as the block says: an uncaught error with its text, or exit 0. */
const endedAsShown = (block: CodeBlock, result: RunResult) =>
  block.throws !== undefined ? result.code !== 0 && result.code !== null && result.stderr.includes(block.throws) : result.code === 0;

/** Examples the shared process did not run as shown (each then ran alone). */
const ranAlone: string[] = [];

/** The shared process's run of an example; one that did not end as shown runs again alone, and that run decides. */
async function checkScript(block: CodeBlock, shared: { dir: string; result: RunResult }): Promise<void> {
  let { dir, result } = shared;
  if (!endedAsShown(block, result)) {
    console.warn(`relic3d docs: ${title(block)} did not end as shown in the shared process (exit ${result.code}); running it alone`);
    ranAlone.push(title(block));
    ({ dir, result } = await runScriptAlone(block));
  }
  const account = describeRun(`the example at ${block.file}:${block.line} (run in ${dir})`, result);
  if (block.throws !== undefined) {
    expect(result.code, account).not.toBe(0);
    expect(result.stderr, account).toContain(block.throws);
  } else {
    expect(result.code, account).toBe(0);
  }
}

/** A console block's folder, its steps, and what each step printed (exit code, output). */
interface ConsoleRun {
  dir: string;
  steps: ReturnType<typeof sessions>;
  results: { code: number | null; output: string }[];
}

/**
 * Every console block's steps, run in one process by src/cli-steps.mjs with the installed package's
 * runCli, as the bin runs them (issue #30: one process instead of one per step; the bin's own
 * process is tested in published.test.ts). A step that is not a relic3d command is not run.
 */
async function runConsoleBlocks(blocks: CodeBlock[]): Promise<Map<CodeBlock, ConsoleRun>> {
  const runs = new Map<CodeBlock, ConsoleRun>();
  const all: { cwd: string; args: string[] }[] = [];
  for (const block of blocks) {
    const dir = workDir(block);
    const steps = sessions(block.code);
    placeFixtures(steps.map((s) => s.commandLine).join('\n'), dir, corpusRoot());
    runs.set(block, { dir, steps, results: [] });
    for (const step of steps) if (step.words[0] === 'relic3d') all.push({ cwd: dir, args: step.words.slice(1) });
  }
  const runner = path.join(published.dir, 'cli-steps.mjs');
  copyFileSync(fileURLToPath(new URL('../src/cli-steps.mjs', import.meta.url)), runner);
  const stepsFile = path.join(published.dir, 'cli-steps.json');
  const resultsFile = path.join(published.dir, 'cli-steps-results.json');
  writeFileSync(stepsFile, JSON.stringify(all));
  const result = await run(process.execPath, [runner, stepsFile, resultsFile], { cwd: published.dir, timeoutMs: 600_000 });
  if (result.code !== 0) throw new Error(describeRun(`node ${runner}`, result));
  const results: ConsoleRun['results'] = JSON.parse(readFileSync(resultsFile, 'utf8'));
  for (const consoleRun of runs.values()) for (const step of consoleRun.steps) if (step.words[0] === 'relic3d') consoleRun.results.push(results.shift()!);
  return runs;
}

function checkConsole(block: CodeBlock, { dir, steps, results }: ConsoleRun): void {
  expect(steps.length, 'a console block without a $ command').toBeGreaterThan(0);
  for (const [i, step] of steps.entries()) {
    expect(step.words[0], `only relic3d commands are run: '${step.commandLine}'`).toBe('relic3d');
    const result = results[i]!;
    const actual = outputLines(result.output.split(`${dir}${path.sep}`).join(''));
    if (!matches(step.expected, actual)) {
      expect.fail(
        `$ ${step.commandLine} (in ${dir}, exit ${result.code}) printed something else than ${block.file}:${block.line} shows: ` +
          `${firstMismatch(step.expected, actual)}\n\n--- printed (timings normalised)\n${actual.map(normaliseLine).join('\n')}`,
      );
    }
  }
}

describe.skipIf(Boolean(published.skipped) || !haveCorpus)('README examples', () => {
  it('finds the READMEs and their examples', () => {
    expect(readmeFiles(repoRoot)).toEqual(expect.arrayContaining(['README.md', 'packages/relic3d/README.md', 'packages/core/README.md']));
    expect(tested.filter((b) => b.kind === 'script').length).toBeGreaterThan(10);
    expect(tested.filter((b) => b.kind === 'console').length).toBeGreaterThan(3);
  });

  it('every example that is not run says why', () => {
    for (const block of tested) if (block.noRun !== undefined) expect(block.noRun.trim(), title(block)).not.toBe('');
  });

  it('the TypeScript examples type-check against the published declarations (strict, node16)', () => {
    const files = tested
      .filter((b) => b.kind === 'script' && b.noRun === undefined && /^(ts|typescript|mts)$/i.test(b.lang))
      .map((block) => {
        const file = path.join(workDir(block), 'example.mts');
        writeFileSync(file, block.code);
        return file;
      });
    expect(files.length).toBeGreaterThan(10);
    const errors = typeErrors(files, {
      module: ts.ModuleKind.Node16,
      moduleResolution: ts.ModuleResolutionKind.Node16,
      skipLibCheck: true,
      types: ['node'],
    });
    expect(errors.map((e) => e.split(`${published.dir}${path.sep}docs${path.sep}`).join(''))).toEqual([]);
  });

  describe('script examples, in one Node process', () => {
    const blocks = tested.filter((b) => b.kind === 'script');
    let runs: Map<CodeBlock, { dir: string; result: RunResult }>;
    beforeAll(async () => {
      runs = await runScriptBlocks(blocks.filter((b) => b.noRun === undefined));
    });

    for (const block of blocks) {
      const test = block.noRun !== undefined ? it.skip : it;
      test(title(block), () => checkScript(block, runs.get(block)!));
    }

    // The shared process must run every example as its own process does: a fallback hides a cost, not a failure.
    it('every example ended in the shared process as shown (none had to run again alone)', () => {
      expect(ranAlone).toEqual([]);
    });
  });

  describe('console blocks, through the installed CLI', () => {
    const blocks = tested.filter((b) => b.kind === 'console');
    let runs: Map<CodeBlock, ConsoleRun>;
    beforeAll(async () => {
      runs = await runConsoleBlocks(blocks.filter((b) => b.noRun === undefined));
    });

    for (const block of blocks) {
      const test = block.noRun !== undefined ? it.skip : it;
      test(title(block), () => checkConsole(block, runs.get(block)!));
    }
  });
});
