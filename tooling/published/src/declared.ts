/**
 * What the published type declarations promise, read with the TypeScript compiler API the way a
 * consumer's compiler reads them (node16 resolution, `import` or `require` condition).
 */
import path from 'node:path';
import ts from 'typescript';

export type Condition = 'import' | 'require';

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
};

/**
 * Declaration files (lib, @types, the installed packages' .d.ts) parsed once per process and shared
 * by every program made here, as an editor's document registry does: a test file makes up to five
 * programs over the same declarations. Shared only between programs of the same target, module
 * system and strictness (what parsing and binding depend on, as the registry's key); the consumer
 * files the tests write are always read afresh.
 */
const declarations = new Map<string, ts.SourceFile | undefined>();
function sharedHost(compilerOptions: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(compilerOptions);
  const read = host.getSourceFile.bind(host);
  const { target, module, moduleResolution, strict, alwaysStrict } = compilerOptions;
  const settings = JSON.stringify([target, module, moduleResolution, strict, alwaysStrict]);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    if (!/\.d\.[cm]?ts$/.test(fileName)) return read(fileName, languageVersionOrOptions, onError, shouldCreate);
    const version = typeof languageVersionOrOptions === 'object' ? `${languageVersionOrOptions.languageVersion}:${languageVersionOrOptions.impliedNodeFormat}` : String(languageVersionOrOptions);
    const key = `${settings}:${version}:${fileName}`;
    if (!declarations.has(key)) declarations.set(key, read(fileName, languageVersionOrOptions, onError, shouldCreate));
    return declarations.get(key);
  };
  return host;
}

/** True when an export exists at runtime: a value, not a type, interface or `export type`. */
function isRuntimeValue(checker: ts.TypeChecker, symbol: ts.Symbol): boolean {
  const typeOnly = symbol.declarations?.some(
    (d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly),
  );
  if (typeOnly) return false;
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  if (target.flags & ts.SymbolFlags.ConstEnum) return false;
  return (target.flags & ts.SymbolFlags.Value) !== 0;
}

/**
 * The runtime export names each specifier's declarations declare, resolved from `projectDir` as
 * an ES module (`import`) or a CommonJS module (`require`) would.
 */
export function declaredExports(projectDir: string, specifiers: readonly string[], condition: Condition): Map<string, string[]> {
  const importer = path.join(projectDir, condition === 'import' ? 'probe.mts' : 'probe.cts');
  const mode = condition === 'import' ? ts.ModuleKind.ESNext : ts.ModuleKind.CommonJS;
  const files = new Map<string, string>();
  for (const spec of specifiers) {
    const resolved = ts.resolveModuleName(spec, importer, options, ts.sys, undefined, undefined, mode).resolvedModule;
    if (!resolved) throw new Error(`TypeScript finds no declarations for '${spec}' (${condition})`);
    files.set(spec, resolved.resolvedFileName);
  }
  const program = ts.createProgram([...files.values()], options, sharedHost(options));
  const checker = program.getTypeChecker();
  const result = new Map<string, string[]>();
  for (const [spec, file] of files) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${file} (for '${spec}') is not a module`);
    const names = checker
      .getExportsOfModule(moduleSymbol)
      .filter((symbol) => isRuntimeValue(checker, symbol))
      .map((symbol) => symbol.name)
      .sort();
    result.set(spec, names);
  }
  return result;
}

/**
 * Diagnostics of compiling `files` with `compilerOptions`, formatted; empty when it type-checks.
 * Files matching `ignore` (third-party declarations whose errors are not ours) are not checked at
 * all rather than checked and filtered: with skipLibCheck off, @types/node and @types/three were
 * most of the checker's work. Errors with no file (options, globals) are always kept.
 */
export function typeErrors(files: readonly string[], compilerOptions: ts.CompilerOptions, ignore?: RegExp): string[] {
  const all = { noEmit: true, strict: true, target: ts.ScriptTarget.ES2022, ...compilerOptions };
  const program = ts.createProgram(files, all, sharedHost(all));
  const diagnostics = ignore ? ownDiagnostics(program, ignore) : ts.getPreEmitDiagnostics(program);
  return diagnostics.map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const at = d.file ? `${d.file.fileName}${where ? `:${where.line + 1}:${where.character + 1}` : ''}: ` : '';
    return `${at}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** getPreEmitDiagnostics (noEmit: no declaration diagnostics) without the files matching `ignore`. */
function ownDiagnostics(program: ts.Program, ignore: RegExp): ts.Diagnostic[] {
  const checked = program.getSourceFiles().filter((file) => !ignore.test(file.fileName));
  const diagnostics = [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...checked.flatMap((file) => program.getSyntacticDiagnostics(file)),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((file) => program.getSemanticDiagnostics(file)),
  ];
  return ts.sortAndDeduplicateDiagnostics(diagnostics).filter((d) => !d.file || !ignore.test(d.file.fileName));
}
