export { walkFolder, readInside, readHead, isInside, type FolderResolverOptions } from '@relic3d/core/node';
export { ARCHIVES, folderResolver, parseFile, type ParseFileOptions } from './parse-file.js';
export { writeFile, type WriteFileOptions, type WriteFileResult, type WrittenFile } from './write-file.js';
export * from './index.js';
