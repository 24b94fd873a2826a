export { optimizeGlb, optimizeGlbWithSizes, optimizeGlbToGltf, type OptimizeGlbResult } from './optimize-glb.js';
export { optimizeDocument } from './optimize-document.js';
export { createOptimizeIO, type OptimizeCodecs } from './io.js';
export { optimizePlan, OPTIMIZE_PRESETS, OPTIMIZE_PRESET_NAMES, OPTIMIZE_COMPRESSIONS, type OptimizeOptions, type OptimizePlan, type OptimizePreset, type OptimizeCompression, type OptimizeSteps } from './options.js';
export { optimizeBudget, declaredAccessorBytes } from './budget.js';
