// assimpjs (assimp compiled to WASM) end to end: bytes in, its JSON scene out.
import { createRequire } from 'node:module';

type Ajs = {
  FileList: new () => { AddFile(name: string, bytes: Uint8Array): void };
  ConvertFileList(list: unknown, format: string): { IsSuccess(): boolean; FileCount(): number; GetFile(i: number): { GetContent(): Uint8Array }; GetErrorCode(): string };
};
let instance: Promise<Ajs> | undefined;

export function assimp(): Promise<Ajs> {
  if (!instance) {
    const require = createRequire(import.meta.url);
    instance = (require('assimpjs') as () => Promise<Ajs>)();
  }
  return instance;
}

/** Imports `bytes` as `name` and serialises the scene to assimp's JSON; returns the JSON size. */
export async function assimpImport(name: string, bytes: Uint8Array): Promise<number> {
  const ajs = await assimp();
  const list = new ajs.FileList();
  list.AddFile(name, bytes);
  const result = ajs.ConvertFileList(list, 'assjson');
  if (!result.IsSuccess() || result.FileCount() === 0) throw new Error(`assimp failed on ${name}: ${result.GetErrorCode()}`);
  return result.GetFile(0).GetContent().length;
}
