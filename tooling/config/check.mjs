#!/usr/bin/env node
// `check` task of `pnpm test`, run in a package folder: type-checks the package's tsconfig.json (as
// `tsc -p tsconfig.json` does) and lints the package (eslint.config.js) on that same TypeScript
// program. `tsc` and eslint's projectService each built their own program of the same files: one
// program per package instead of two saved about a third of the check time (issue #30).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

/**
 * Lints `target` (a folder or file); TypeScript files of the program get their types from it.
 * `ignore: false` lints files eslint.config.js ignores (the tests' probes).
 */
export async function lint(program, target, { ignore = true } = {}) {
  const files = program.getRootFileNames().map((f) => path.relative(root, path.resolve(f)));
  const eslint = new ESLint({
    cwd: root,
    ignore,
    overrideConfig: [{ files, languageOptions: { parserOptions: { projectService: false, project: null, programs: [program] } } }],
  });
  // The package's other files (config files, scripts) keep eslint.config.js's own settings.
  const results = await eslint.lintFiles([path.relative(root, target) || '.']);
  const output = (await eslint.loadFormatter('stylish')).format(results);
  if (output) process.stdout.write(output);
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { program, failed } = typecheck(process.cwd());
  const results = await lint(program, process.cwd());
  if (failed || results.some((r) => r.errorCount + r.warningCount > 0)) process.exitCode = 1;
}
