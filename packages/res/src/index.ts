// @relic3d/res: Flyff client `.res` packs (docs/formats/res.md).
export { openRes, resArchive, type ResPack } from './open.js';
export { writeRes, type ResInputFile, type WriteResOptions } from './write.js';
export { readResHeader } from './read/header.js';
export { identifyVariant } from './read/variants.js';
export { entryNameProblem } from './names.js';
export { decipher, decipherTable, encipherTable } from './cipher.js';
export { MAX_ENTRIES, MAX_NAME_BYTES, type ResEntry, type ResHeader, type ResInput } from './file.js';
