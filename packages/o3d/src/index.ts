/**
 * @relic3d/o3d: Fly For Fun `.o3d` meshes with their `.chr` skeletons and `.ani` motions.
 */
export { o3dFormat } from './format.js';
export { parse, parseO3d, parseSync, needsSkeleton } from './parse.js';
export { readO3d, readChr, readAni, isFlyffO3d, decodeO3dName, LIMITS } from './read.js';
export { findCompanions, findInListing, skeletonNameFor, motionFileFor, motionNameOf, type Companions } from './companions.js';
export { framesPerSecond, CLIENT_TICK_HZ, ALPHA_CUTOFF } from './scene.js';
export { convertMatrix, convertQuat, convertVec3 } from './convert.js';
export * from './types.js';
