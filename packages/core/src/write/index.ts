// Writing: the contract every format writer follows, its error, and what writers share.
export type { WriteOptions, WriteResult, FormatWriter } from './types.js';
export { WriteError, isWriteError, type WriteErrorCode, type WriteErrorInit } from './errors.js';
export { outputBaseName, fixedName } from './names.js';
export { WRITE_BUDGET_BASE, WRITE_BUDGET_FACTOR, checkBudget, checkDrawnCopies, drawnCopies, sampledFrames, sceneDataBytes, writeBudget, type DrawnCopies } from './budget.js';
export { checkNameTypes } from './scene-check.js';
