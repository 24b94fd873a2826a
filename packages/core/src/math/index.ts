/** The `math` namespace of `@relic3d/core`: matrix and quaternion helpers shared by loaders and scene utilities. */
export * from './matrix.js';
export * from './quaternion.js';
export * from './hypot.js';
