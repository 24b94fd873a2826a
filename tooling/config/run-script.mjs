// `pnpm run <script>` as turbo starts each task, without pnpm's own start (bin/pnpm says why).
// Only the plain form turbo uses is run here; anything else goes to the real pnpm unchanged.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding the `pnpm` shim: turbo.mjs puts it first on PATH. */
export const SHIM_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bin');

/**
 * What `pnpm run <name>` would run in `folder`: the script's command and its package, or null where
 * pnpm must decide (other commands, flags or extra arguments, no such script, pre/post hooks).
 * @param {string[]} args
 * @param {string} folder
 * @returns {{ name: string, command: string, manifest: Record<string, unknown>, file: string } | null}
 */
export function plainScript(args, folder) {
  if (args.length !== 2 || args[0] !== 'run' || args[1].startsWith('-')) return null;
  const name = args[1];
  const file = path.join(folder, 'package.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const scripts = manifest.scripts ?? {};
  const command = scripts[name];
  if (typeof command !== 'string' || `pre${name}` in scripts || `post${name}` in scripts) return null;
  return { name, command, manifest, file };
}

/**
 * The environment pnpm gives a script: every `node_modules/.bin` from the package up to the
 * filesystem root first on PATH, and the npm_* variables it sets.
 * @param {NonNullable<ReturnType<typeof plainScript>>} script
 * @param {string} folder
 * @param {NodeJS.ProcessEnv} env
 */
export function scriptEnv(script, folder, env) {
  const bins = [];
  for (let dir = folder; ; dir = path.dirname(dir)) {
    const bin = path.join(dir, 'node_modules', '.bin');
    if (existsSync(bin)) bins.push(bin);
    if (path.dirname(dir) === dir) break;
  }
  return {
    ...env,
    PATH: [...bins, env.PATH ?? ''].join(path.delimiter),
    INIT_CWD: env.INIT_CWD ?? folder,
    PNPM_SCRIPT_SRC_DIR: folder,
    npm_command: 'run-script',
    npm_lifecycle_event: script.name,
    npm_lifecycle_script: script.command,
    npm_package_json: script.file,
    npm_package_name: String(script.manifest.name ?? ''),
    npm_package_version: String(script.manifest.version ?? ''),
  };
}

/**
 * The first `pnpm` on PATH that is not this shim.
 * @param {string | undefined} searchPath
 * @returns {string | null}
 */
export function realPnpm(searchPath) {
  const shimFolder = realpathSync(SHIM_FOLDER);
  for (const dir of (searchPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'pnpm');
    if (!existsSync(candidate)) continue;
    if (realpathSync(path.dirname(candidate)) === shimFolder) continue;
    return candidate;
  }
  return null;
}

/**
 * Runs `file` with `args`, forwarding the signals that stop a terminal's job, and ends this process
 * as the child ends (its status, or the same signal).
 * @param {string} file
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} options
 */
export function runAndExit(file, args, options) {
  const child = spawn(file, args, { stdio: 'inherit', ...options });
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  child.on('error', (error) => {
    process.stderr.write(`${path.basename(process.argv[1] ?? 'run-script')}: ${file}: ${error.message}\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeListener(name, forward);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}

/** bin/pnpm's body: a plain `run <script>` here, anything else by the real pnpm. */
export function runScriptOrDefer(args, folder = process.cwd(), env = process.env) {
  const script = plainScript(args, folder);
  if (script) {
    runAndExit('sh', ['-c', script.command], { cwd: folder, env: scriptEnv(script, folder, env) });
    return;
  }
  // A wrapper of this shim that is itself named pnpm (task-cpu.mjs's) names the real one.
  const pnpm = env.RELIC3D_REAL_PNPM || realPnpm(env.PATH);
  if (pnpm === null) {
    process.stderr.write('pnpm shim: no pnpm on PATH besides this shim (tooling/config/bin)\n');
    process.exit(1);
  }
  runAndExit(pnpm, args, { cwd: folder, env });
}
