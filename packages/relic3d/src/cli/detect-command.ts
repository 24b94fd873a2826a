import path from 'node:path';
import type { Command } from 'commander';
import { requireFormat } from '@relic3d/core';
import { readHead } from '@relic3d/core/node';
import { inputFormats } from '@relic3d/formats';
import { EXIT, Exit, formatError, type CliContext } from './io.js';

/** `relic3d detect <file>`: the format of a file, by content (the five and glTF). */
export function addDetectCommand(program: Command, ctx: CliContext): void {
  program
    .command('detect')
    .description('name the format of a file (by content)')
    .argument('<file>')
    .action(async (file: string) => {
      // The first bytes decide; a 3 GB file is not read whole to say it is not a model.
      const bytes = readHead(file, 4096);
      try {
        const format = requireFormat(bytes, path.basename(file), inputFormats);
        ctx.io.out(`${file}: ${format.id} (${format.name})\n`);
      } catch (e) {
        ctx.io.err(formatError(file, e, ctx.verbose));
        throw new Exit(EXIT.FAILED);
      }
    });
}
