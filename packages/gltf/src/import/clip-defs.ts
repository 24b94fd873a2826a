// Animations as the import phases read them: from the file's checked JSON when the input was bytes
// (glTF-Transform is given the JSON without them: its channel and sampler objects were a quarter of
// its read, each field set dispatching graph events), or from a Document given as input.
import type { Accessor, AnimationSampler as GSampler } from '@gltf-transform/core';
import type { ImportContext } from './context.js';

/** A sampler; channels that share one share this object, so their keys are read once. */
export interface SamplerDef {
  input: Accessor | null;
  output: Accessor | null;
  interpolation: unknown;
}

export interface ChannelDef {
  /** Scene node index (scene node i is glTF node i), undefined when the channel targets none. */
  node: number | undefined;
  path: unknown;
  sampler: SamplerDef | null;
  extras: unknown;
}

export interface ClipDef {
  name: unknown;
  extras: unknown;
  channels: ChannelDef[];
}

type Json = Record<string, unknown>;

/** The file's or the Document's animations, made once per import. */
export function clipDefs(ctx: ImportContext): ClipDef[] {
  return (ctx.clips ??= ctx.source ? fromJson(ctx) : fromDocument(ctx));
}

/**
 * From the JSON, as glTF-Transform's reader would read it (an interpolation that is not truthy is
 * LINEAR); check.ts made every index here an index in range and every sampler and target an object.
 */
function fromJson(ctx: ImportContext): ClipDef[] {
  const json = ctx.source!.json as unknown as Json;
  const accessors = ctx.root.listAccessors();
  const accessor = (index: unknown) => accessors[index as number] ?? null;
  return ((json.animations as Json[] | undefined) ?? []).map((def) => {
    const samplers = ((def.samplers as Json[] | undefined) ?? []).map(
      (s): SamplerDef => ({ input: accessor(s.input), output: accessor(s.output), interpolation: s.interpolation || 'LINEAR' }),
    );
    const channels = ((def.channels as Json[] | undefined) ?? []).map((c): ChannelDef => {
      const target = c.target as Json;
      return { node: target.node as number | undefined, path: target.path, sampler: samplers[c.sampler as number] ?? null, extras: c.extras };
    });
    return { name: def.name, extras: def.extras, channels };
  });
}

function fromDocument(ctx: ImportContext): ClipDef[] {
  const samplers = new Map<GSampler, SamplerDef>();
  const samplerDef = (s: GSampler | null): SamplerDef | null => {
    if (!s) return null;
    let def = samplers.get(s);
    if (!def) samplers.set(s, (def = { input: s.getInput(), output: s.getOutput(), interpolation: s.getInterpolation() }));
    return def;
  };
  return ctx.root.listAnimations().map((g) => ({
    name: g.getName(),
    extras: g.getExtras(),
    channels: g.listChannels().map((c) => {
      const target = c.getTargetNode();
      return { node: target ? ctx.nodes.get(target) : undefined, path: c.getTargetPath(), sampler: samplerDef(c.getSampler()), extras: c.getExtras() };
    }),
  }));
}
