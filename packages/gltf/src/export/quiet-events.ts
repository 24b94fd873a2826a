import { Property, type Document } from '@gltf-transform/core';

/**
 * glTF-Transform's property graph (property-graph's GraphNode) dispatches an event for every
 * attribute set, building two copies of it (`{ ...event, target }` and a `node:<type>` copy for the
 * graph) whether or not anything listens. On Node 20 such a spread, which overwrites a key, takes
 * ~1.7 µs (a field-by-field copy: ~50 ns), and building a document dispatches ~6 events per
 * accessor: they were over half the cost of the exporter's document. For the documents the exporter
 * builds, events reach the same listeners with the same fields (copied field by field) and are not
 * built when no one listens; every other graph keeps the original method.
 */
interface Listeners {
  _listeners: Record<string, unknown[] | undefined>;
  dispatchEvent(event: { type: string; target?: unknown }): unknown;
}
interface Node extends Listeners {
  graph: Listeners;
}
type Dispatch = (this: Node, event: { type: string }) => Node;

const quietGraphs = new WeakSet<object>();
const NODE_TYPE: Record<string, string> = { create: 'node:create', change: 'node:change', dispose: 'node:dispose' };
let installed = false;

function install(): void {
  installed = true;
  const graphNode = Object.getPrototypeOf(Property.prototype) as { dispatchEvent: Dispatch };
  const eventDispatcher = Object.getPrototypeOf(graphNode) as { dispatchEvent: (this: Listeners, event: object) => unknown };
  const original = graphNode.dispatchEvent;
  if (typeof original !== 'function' || typeof eventDispatcher.dispatchEvent !== 'function') return;
  graphNode.dispatchEvent = function dispatchEvent(this: Node, event: { type: string }): Node {
    const graph = this.graph;
    if (!graph || !quietGraphs.has(graph)) return original.call(this, event);
    const own = this._listeners?.[event.type];
    if (own !== undefined && own.length > 0) eventDispatcher.dispatchEvent.call(this, copyEvent(event, this, event.type));
    const type = NODE_TYPE[event.type] ?? `node:${event.type}`;
    const onGraph = graph._listeners?.[type];
    if (onGraph !== undefined && onGraph.length > 0) graph.dispatchEvent(copyEvent(event, this, type));
    return this;
  };
}

/** `{ ...event, target, type }`, field by field. */
function copyEvent(event: { type: string }, target: unknown, type: string): { type: string; target: unknown } {
  const copy: Record<string, unknown> & { type: string; target: unknown } = { type, target };
  for (const key of Object.keys(event)) if (key !== 'type' && key !== 'target') copy[key] = (event as Record<string, unknown>)[key];
  return copy;
}

/** Skips building events no listener will receive, for this document only. */
export function quietEvents(doc: Document): Document {
  if (!installed) install();
  quietGraphs.add(doc.getGraph());
  return doc;
}
