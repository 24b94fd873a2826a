// Test-only: the facts of a scene a round trip must keep, and their comparison.
export { sceneFacts, POSE_FRACTIONS, type SceneFacts } from './facts.js';
export { compareSceneFacts, type CompareOptions, type FactName } from './compare.js';
