#!/usr/bin/env node
// `check` task of a package folder: type-checks the package's tsconfig.json (as `tsc -p tsconfig.json`
// does) and lints the package: eslint.config.js's rules, run by oxlint (.oxlintrc.json) with the
// type-aware two in tsgolint. ESLint's run (its own AST of the TypeScript program, scope analysis,
// rules) was half of a check's CPU; oxlint's takes a tenth of that (issue #30).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

/**
 * The program `tsc -p tsconfig.json` builds in `cwd`, with its diagnostics printed. `declarations`
 * (check-all.mjs) shares parsed .d.ts files (lib, @types, dependencies' dist) between programs.
 * `checkedElsewhere` (check-all.mjs): files another folder of the same run has as its own (its
 * tsconfig's files); imported here, they are only read for their types, and their errors are
 * reported once, by their own folder (the viewer's program holds every package's sources).
 */
export function typecheck(cwd, declarations, checkedElsewhere = new Set()) {
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
  return { program, failed: diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error) };
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
  const run = spawnSync(process.execPath, [bin, '--type-aware', '-c', OXLINT_CONFIG, '-f', 'json', ...targets.map(runPath)], { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 });
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
