// optimizeDocument: glTF-Transform's functions on a Document, as the plan says. Compression is
// applied when the document is written: write it with createOptimizeIO({ compress }).
import type { Document } from '@gltf-transform/core';
import type { Warning } from '@relic3d/core';
import { dropExtrasArrayReferences } from './extras-references.js';
import { optimizePlan, type OptimizeOptions, type OptimizePlan } from './options.js';
import { transformsFor } from './transforms.js';
import { warningLogger } from './warnings.js';

/**
 * Runs the optimisation steps on `document` (in place) and returns the plan it ran. glTF-Transform's
 * warnings reach `options.onWarning`; errors are glTF-Transform's own (optimizeGlb types them).
 */
export async function optimizeDocument(document: Document, options: OptimizeOptions = {}): Promise<OptimizePlan> {
  const plan = optimizePlan(options);
  const warn = (w: Warning) => options.onWarning?.({ ...w, format: 'gltf' });
  document.setLogger(warningLogger(warn));
  dropExtrasArrayReferences(document, warn);
  dropInputCompression(document, plan);
  await document.transform(...(await transformsFor(plan, warn)));
  return plan;
}

const COMPRESSION_EXTENSIONS: Record<string, OptimizePlan['compress']> = { EXT_meshopt_compression: 'meshopt', KHR_draco_mesh_compression: 'draco' };

/** The input's compression (decoded on read) is not written again unless the plan asks for it. */
function dropInputCompression(document: Document, plan: OptimizePlan): void {
  for (const extension of document.getRoot().listExtensionsUsed()) {
    const compression = COMPRESSION_EXTENSIONS[extension.extensionName];
    if (compression && compression !== plan.compress) extension.dispose();
  }
}
