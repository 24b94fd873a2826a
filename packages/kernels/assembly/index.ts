// relic3d kernels: hot loops over raw bytes. Memory is managed by the JS side (bump allocation
// per call), so this module has no allocator of its own (--runtime stub, nothing allocates).

export * from './deinterleave';
export * from './indices';
export * from './unweld';
export * from './unweld-sorted';
export * from './unweld-by-vertex';
export * from './skin';
export * from './influences';
export * from './animation';
export * from './compact';
export * from './record-corners';
export * from './gather';

/** First free byte after static data; the JS side bump-allocates from here. */
export const HEAP_BASE: usize = __heap_base;
