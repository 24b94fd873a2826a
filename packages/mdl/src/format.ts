import type { Format } from '@relic3d/core';
import { FORMAT_ID, FORMAT_NAME, isMdl } from './detect.js';
import { parse, parseMdl } from './parse.js';
import type { MdlParseOptions } from './types.js';

/** Ultra Engine `.mdl` as a core `Format`; `test` looks at the magic only, never the file name. */
export const mdlFormat: Format<MdlParseOptions> = {
  id: FORMAT_ID,
  name: FORMAT_NAME,
  extensions: ['.mdl'],
  mimeTypes: ['model/x-ultra-mdl'],
  encoding: 'binary',
  test: isMdl,
  parse,
  parseSync: parseMdl,
};
