// Our extras may name a buffer view directly (`extrasArrays: 'buffer'`, MDL's raw vertex tail).
// glTF-Transform rebuilds every buffer view, so such a reference would point at other bytes: it is
// left out, with a warning, before anything is rewritten.
import type { Document, Property } from '@gltf-transform/core';
import type { Warning } from '@relic3d/core';
import { isExtrasArrayReference } from '../io/extras-arrays.js';

/** Removes extras values that reference a buffer view; returns how many. */
export function dropExtrasArrayReferences(document: Document, warn: (w: Warning) => void): number {
  const owners = new Set<Property>([document.getRoot()]);
  for (const edge of document.getGraph().listEdges()) owners.add(edge.getChild() as Property);
  let dropped = 0;
  for (const owner of owners) {
    const extras = owner.getExtras() as Record<string, unknown>;
    if (!extras || typeof extras !== 'object') continue;
    const kept = withoutReferences(extras, () => dropped++);
    if (kept !== extras) owner.setExtras(kept as Record<string, unknown>);
  }
  if (dropped) {
    warn({ code: 'GLTF_OPTIMIZE_EXTRAS_ARRAYS_OMITTED', message: `${dropped} extras array(s) stored in buffer views left out: optimisation rewrites the buffer views they point at` });
  }
  return dropped;
}

/** `value` without its references (the same object when it has none); walked with a stack, never recursing. */
function withoutReferences(value: Record<string, unknown>, onDrop: () => void): unknown {
  if (!hasReference(value)) return value;
  const copy = structuredClone(value);
  const stack: unknown[] = [copy];
  while (stack.length) {
    const item = stack.pop();
    if (!item || typeof item !== 'object') continue;
    const entries = Array.isArray(item) ? item.map((v, i) => [i, v] as const) : Object.entries(item);
    for (const [key, child] of entries) {
      if (isExtrasArrayReference(child)) {
        onDrop();
        if (Array.isArray(item)) item[key as number] = null;
        else delete (item as Record<string, unknown>)[key as string];
      } else if (child && typeof child === 'object') stack.push(child);
    }
  }
  return copy;
}

function hasReference(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const item = stack.pop();
    if (!item || typeof item !== 'object') continue;
    if (isExtrasArrayReference(item)) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) if (child && typeof child === 'object') stack.push(child);
  }
  return false;
}
