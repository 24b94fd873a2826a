// A dropped or opened Flyff client folder with .res packs (issue 27): entries appear beside their
// pack, loose files win, enciphered bodies are deciphered on the page and, after postMessage, in the worker.
import { describe, expect, it } from 'vitest';
import { writeRes } from '@relic3d/res';
import { expandPacks, modelsIn, type FileSet } from '../src/files.js';
import { companionResolver } from '../src/resolver.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (b: Uint8Array | ArrayBuffer | undefined) => (b ? new TextDecoder().decode(b) : undefined);

function clientFolder(): FileSet {
  const packed = writeRes(
    [
      { name: 'mvr_Bat.o3d', bytes: bytes('packed model') },
      { name: 'mvr_bat.chr', bytes: bytes('packed skeleton') },
      { name: 'MVR_LOOSE.CHR', bytes: bytes('shadowed') },
    ],
    { key: 0x5a, encrypted: true },
  );
  return new Map([
    ['Client/Model/model.res', new File([packed as Uint8Array<ArrayBuffer>], 'model.res')],
    ['Client/Model/mvr_Loose.o3d', new File([bytes('loose model')], 'mvr_Loose.o3d')],
    ['Client/Model/mvr_loose.chr', new File([bytes('loose skeleton')], 'mvr_loose.chr')],
    ['Client/Model/broken.res', new File([Uint8Array.of(1, 2, 3)], 'broken.res')],
  ]);
}

describe('client folders with .res packs in the viewer', () => {
  it('lists packed models beside loose ones; a loose file wins over a packed one in any case; a broken pack is skipped', async () => {
    const set = await expandPacks(clientFolder());
    expect(modelsIn(set)).toEqual(['Client/Model/mvr_Bat.o3d', 'Client/Model/mvr_Loose.o3d']);
    expect(set.has('Client/Model/MVR_LOOSE.CHR')).toBe(false);
    expect(text(await set.get('Client/Model/mvr_Bat.o3d')!.arrayBuffer())).toBe('packed model');
  });

  it('the worker deciphers a packed companion it receives as a plain Blob (postMessage drops the subclass)', async () => {
    const set = await expandPacks(clientFolder());
    const posted = Object.fromEntries([...set].map(([k, f]) => [k, structuredClone(f) as Blob]));
    const resolve = companionResolver({ files: posted, modelPath: 'Client/Model/mvr_Bat.o3d' });
    expect(text((await resolve('MVR_BAT.CHR')) as Uint8Array)).toBe('packed skeleton');
    // On the page, the same resolver over the File objects reads each body once, deciphered once.
    const onPage = companionResolver({ files: Object.fromEntries(set), modelPath: 'Client/Model/mvr_Loose.o3d' });
    expect(text((await onPage('mvr_bat.chr')) as Uint8Array)).toBe('packed skeleton');
    expect(text((await onPage('mvr_loose.chr')) as Uint8Array)).toBe('loose skeleton');
  });
});
