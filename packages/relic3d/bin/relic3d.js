#!/usr/bin/env node
// The `relic3d` command. This file is committed (dist/ is not), so a package manager can link the
// bin when the workspace is installed, before anything is built; it runs the built CLI.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write(
    `relic3d: the CLI is not built yet (${fileURLToPath(built)} is missing).\n` +
      'Build the workspace first: npx -y pnpm@10 build\n',
  );
  process.exit(1);
}

const { runCli, processIO } = await import(built.href);
try {
  process.exitCode = await runCli(process.argv.slice(2), processIO());
} catch (e) {
  process.stderr.write(`relic3d: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
}
