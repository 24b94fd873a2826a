export * from './corpus.js';
export * from './fuzz.js';
export * from './random.js';
export * from './diff.js';
export * from './byte-writer.js';
export * from './budget.js';
export * from './seeds.js';
export * from './jit.js';
