#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { processIO, runCli } from './cli/program.js';

export { runCli, processIO, formatError, defaultOutput, escapeControls, EXIT, type CliIO, type BatchReport, type BatchReportFile } from './cli/program.js';

/** True when this file is the program node was started with (the `relic3d` bin). */
function isMain(): boolean {
  try {
    const entry = process.argv[1] ? realpathSync(process.argv[1]) : '';
    return entry === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  runCli(process.argv.slice(2), processIO()).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.stderr.write(`relic3d: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
