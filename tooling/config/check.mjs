#!/usr/bin/env node
// `check` task of a package folder: type-checks the package's tsconfig.json (as `tsc -p tsconfig.json`
// does) and lints the package: eslint.config.js's rules, run by oxlint (.oxlintrc.json) with the
// type-aware two in tsgolint. ESLint's run (its own AST of the TypeScript program, scope analysis,
// rules) was half of a check's CPU; oxlint's takes a tenth of that (issue #30). The type check runs
// TypeScript 7's native compiler (`typescript-native`, tooling/config's devDependency): the same
// diagnostics as 5.9 on every folder and on planted errors (test/check.test.ts), and the three
// `pnpm test` groups took 147 → 58 CPU-s (base 62.5 → 26.8, scene 52.2 → 18.9, cli 32.5 → 12.0,
// interleaved pairs at load 15–26); `RELIC3D_TSC=5` runs 5.9's (the `typescript` tsup, vitest and
// the published tests use) through its API instead.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import ts from 'typescript';
import { nativeTsc } from './native-tsc.js';

export { nativeTsc };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

let warnedNoNative = false;

/** The type checker a check runs: 'native' (TypeScript 7), or 'typescript' (5.9) with RELIC3D_TSC=5 or without a native binary. */
export function typeChecker(env = process.env) {
  if (env.RELIC3D_TSC === '5') return 'typescript';
  if (nativeTsc()) return 'native';
  if (!warnedNoNative) process.stderr.write(`check: no TypeScript 7 binary for ${process.platform}-${process.arch}; type-checking with TypeScript ${ts.version}\n`);
  warnedNoNative = true;
  return 'typescript';
}

/**
 * Type-checks `cwd`'s tsconfig.json as `tsc -p` does, with `checker` (typeChecker()), printing the
 * diagnostics; `failed` on any error. `checkedElsewhere` (check-all.mjs): files another folder of
 * the same run has as its own (its tsconfig's files); imported here, they are only read for their
 * types, and their errors are reported once, by their own folder (the viewer's program holds every
 * package's sources). `declarations` (5.9 only) shares parsed .d.ts files between programs.
 */
export function typecheck(cwd, declarations, checkedElsewhere = new Set(), checker = typeChecker()) {
  return checker === 'native' ? typecheckNative([cwd], checkedElsewhere).get(cwd) : typecheckApi(cwd, declarations, checkedElsewhere);
}

/**
 * The native compiler's check of `folders`, each with its own tsconfig.json, in one `tsc -b` process
 * (start-up, lib and @types parsing paid once: the three groups' checks 49.8 → 42.2 CPU-s, base 22.8 →
 * 17.4, scene 16.6 → 14.4, cli 10.4 → 10.4; three interleaved pairs at load 7–12). Returns each folder's
 * { diagnostics, failed }. `tsc -b` writes a .tsbuildinfo next to
 * each tsconfig, so each is checked through a config extending it in the folder's node_modules (git
 * ignores it; type roots resolve as from the folder), removed afterwards; `--force`: never up to date.
 * Single-threaded: on a loaded 2-core machine its parallel checkers cost CPU (the viewer's program 6.6
 * → 4.7 CPU-s, core's 1.25 → 0.95).
 */
export function typecheckNative(folders, checkedElsewhere = new Set()) {
  const solution = mkdtempSync(path.join(os.tmpdir(), 'relic3d-check-'));
  const wrappers = folders.map((folder) => path.join(folder, 'node_modules', '.cache', `relic3d-check-${process.pid}`));
  const configs = folders.map((folder) => parseConfig(folder));
  try {
    folders.forEach((folder, i) => {
      mkdirSync(wrappers[i], { recursive: true });
      // `tsc -b --noEmit` skips the declaration diagnostics `tsc -p --noEmit` reports: emit the declarations there instead.
      const emit = configs[i].options.declaration ? { noEmit: false, emitDeclarationOnly: true, outDir: path.join(wrappers[i], 'out'), rootDir: path.parse(folder).root } : { noEmit: true };
      const config = { extends: path.join(folder, 'tsconfig.json'), compilerOptions: { ...emit, tsBuildInfoFile: path.join(wrappers[i], 'tsconfig.tsbuildinfo') } };
      writeFileSync(path.join(wrappers[i], 'tsconfig.json'), JSON.stringify(config));
    });
    writeFileSync(path.join(solution, 'tsconfig.json'), JSON.stringify({ files: [], references: wrappers.map((w) => ({ path: path.join(w, 'tsconfig.json') })) }));
    const args = ['-b', path.join(solution, 'tsconfig.json'), '--pretty', 'false', '--singleThreaded', '--verbose', '--force'];
    const run = spawnSync(nativeTsc(), args, { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 });
    if (run.error) throw run.error;
    const sections = buildSections(run.stdout, root);
    const found = [...sections.values()].reduce((n, all) => n + all.length, 0);
    return new Map(folders.map((folder, i) => {
      const all = sections.get(path.join(wrappers[i], 'tsconfig.json'));
      const own = new Set(configs[i].fileNames.map((f) => path.resolve(f)));
      const diagnostics = (all ?? []).filter((d) => d.file === undefined || own.has(d.file) || !checkedElsewhere.has(d.file));
      for (const d of diagnostics) process.stdout.write(`${d.text}\n`);
      // A folder the compiler did not build, or a compiler failing without a diagnostic (a crash, a signal), fails.
      const crashed = all === undefined || (run.status !== 0 && found === 0);
      if (crashed) process.stdout.write(`TypeScript ${folder}: exit ${run.status ?? run.signal}, ${all ? 'no diagnostic' : 'not checked'}\n${run.stdout}${run.stderr}`);
      return [folder, { diagnostics, failed: crashed || diagnostics.some((d) => d.category === 'error') }];
    }));
  } finally {
    rmSync(solution, { recursive: true, force: true });
    for (const w of wrappers) rmSync(w, { recursive: true, force: true });
  }
}

/**
 * `tsc -b --verbose`'s output split by project: each `… - Building project '<tsconfig>'...` line and
 * the diagnostics after it (nativeDiagnostics), by the project's absolute tsconfig path.
 */
export function buildSections(output, cwd) {
  const sections = new Map();
  const parts = output.split(/^.* - Building project '(.+)'\.\.\.\r?$/m);
  for (let i = 1; i < parts.length; i += 2) sections.set(path.resolve(cwd, parts[i]), nativeDiagnostics(parts[i + 1], cwd));
  return sections;
}

/**
 * The diagnostics `tsc --pretty false` prints: `file(line,col): error TS2322: …` or `error TS5023: …`,
 * each followed by its indented continuation lines; `file` absolute (undefined for a global one).
 */
export function nativeDiagnostics(output, cwd) {
  const diagnostics = [];
  for (const line of output.split(/\r?\n/)) {
    const located = /^(.+?)\((\d+),(\d+)\): (error|warning|message) TS(\d+): /.exec(line);
    const global = located ? null : /^(error|warning|message) TS(\d+): /.exec(line);
    if (located) diagnostics.push({ file: path.resolve(cwd, located[1]), line: Number(located[2]), category: located[4], code: Number(located[5]), text: line });
    else if (global) diagnostics.push({ file: undefined, category: global[1], code: Number(global[2]), text: line });
    else if (diagnostics.length && /^\s/.test(line)) diagnostics.at(-1).text += `\n${line}`;
  }
  return diagnostics;
}

/**
 * TypeScript 5.9's check: the program `tsc -p tsconfig.json` builds in `cwd`, with its diagnostics
 * printed (and its declaration diagnostics, which 7 reports under noEmit and 5.9's `tsc` does not).
 */
function typecheckApi(cwd, declarations, checkedElsewhere) {
  const config = parseConfig(cwd);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences, configFileParsingDiagnostics: config.errors, host: declarations && sharingHost(config.options, declarations) });
  const own = new Set(config.fileNames.map((f) => path.resolve(f)));
  const files = program.getSourceFiles().filter((f) => own.has(path.resolve(f.fileName)) || !checkedElsewhere.has(path.resolve(f.fileName)));
  // getPreEmitDiagnostics(program), with its per-file parts for `files` only.
  const diagnostics = ts.sortAndDeduplicateDiagnostics([
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...files.flatMap((f) => program.getSemanticDiagnostics(f)),
    ...(ts.getEmitDeclarations(config.options) ? files.flatMap((f) => program.getDeclarationDiagnostics(f)) : []),
  ]);
  if (diagnostics.length) {
    process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => cwd, getNewLine: () => '\n' }));
  }
  return { program, diagnostics: diagnostics.map(plainDiagnostic), failed: diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error) };
}

/** A 5.9 diagnostic as typecheckNative gives one: file (absolute), line, category and code. */
function plainDiagnostic(d) {
  const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : undefined;
  return { file: d.file && path.resolve(d.file.fileName), line, category: ts.DiagnosticCategory[d.category].toLowerCase(), code: d.code, text: ts.flattenDiagnosticMessageText(d.messageText, '\n') };
}

/** `cwd`'s tsconfig.json as `tsc -p` reads it: its files and options. */
export function parseConfig(cwd) {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } };
  return ts.getParsedCommandLineOfConfigFile(path.join(cwd, 'tsconfig.json'), {}, host);
}

/** A compiler host that parses each .d.ts once per process (they do not change during a check). */
function sharingHost(options, declarations) {
  const host = ts.createCompilerHost(options, true);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    if (!fileName.endsWith('.d.ts')) return parse(fileName, languageVersion, ...rest);
    const key = `${JSON.stringify(languageVersion)}|${fileName}`;
    if (!declarations.has(key)) declarations.set(key, parse(fileName, languageVersion, ...rest));
    return declarations.get(key);
  };
  return host;
}

/** The linter's config: eslint.config.js's rules for oxlint (test/oxlint-mirror.test.ts keeps them equal). */
export const OXLINT_CONFIG = path.join(root, '.oxlintrc.json');

/**
 * Lints `targets` (folders or files) with oxlint and its type-aware part tsgolint (typescript-go, on
 * each file's tsconfig.json): the rules of eslint.config.js, which took ESLint ~10 CPU-s a package
 * (its AST conversion, scope analysis and rules) and take oxlint a tenth of that. One run for many
 * targets starts the linters once. Returns ESLint-like results, one per file with a message (rule
 * ids as oxlint names them: `eslint/no-unused-vars`, `typescript/no-floating-promises`,
 * `relic3d/no-restricted-syntax`; `null` for a file that does not parse); a linter that fails
 * without a report throws.
 */
export function lint(targets) {
  // oxlint takes paths below its working folder relative to it, others absolute.
  const runPath = (target) => (path.relative(root, path.resolve(target)).startsWith('..') ? path.resolve(target) : path.relative(root, path.resolve(target)) || '.');
  const bin = path.join(path.dirname(require.resolve('oxlint/package.json')), 'bin/oxlint');
  // One thread each for oxlint and tsgolint (Go: GOMAXPROCS), as tsc's --singleThreaded: on a loaded 2-core machine
  // their parallel workers cost CPU (check:base's lint 8.2 → 7.6 CPU-s, mean of 9 interleaved pairs at load 6–25, 8 of 9 lower).
  const env = { ...process.env, GOMAXPROCS: '1' };
  const run = spawnSync(process.execPath, [bin, '--type-aware', '--threads=1', '-c', OXLINT_CONFIG, '-f', 'json', ...targets.map(runPath)], { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20, env });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    throw new Error(`oxlint failed (exit ${run.status ?? run.signal}): ${run.stderr || run.stdout}`);
  }
  if (run.status !== 0 && !report.diagnostics.length) throw new Error(`oxlint failed (exit ${run.status ?? run.signal}) with no message: ${run.stderr}`);
  const byFile = new Map();
  for (const d of report.diagnostics) {
    const filePath = path.resolve(root, d.filename);
    if (!byFile.has(filePath)) byFile.set(filePath, { filePath, messages: [], errorCount: 0, warningCount: 0 });
    const result = byFile.get(filePath);
    const span = d.labels?.[0]?.span;
    const error = d.severity === 'error';
    result.messages.push({ ruleId: d.code ? d.code.replace(/^([\w-]+)\((.*)\)$/, '$1/$2') : null, message: d.message, line: span?.line ?? 0, column: span?.column ?? 0, severity: error ? 2 : 1 });
    if (error) result.errorCount++;
    else result.warningCount++;
  }
  const results = [...byFile.values()];
  for (const r of results) {
    process.stdout.write(`\n${r.filePath}\n${r.messages.map((m) => `  ${m.line}:${m.column}  ${m.severity === 2 ? 'error' : 'warning'}  ${m.message}  ${m.ruleId ?? '(parse)'}\n`).join('')}`);
  }
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { failed } = typecheck(process.cwd());
  const results = lint([process.cwd()]);
  if (failed || results.some((r) => r.errorCount + r.warningCount > 0)) process.exitCode = 1;
}
