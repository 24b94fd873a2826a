// A dropped or picked folder handed to the thumbnail workers as FileSystemHandles: they list it and
// read its files on their own threads (folder-handles.ts), the first of them tells the page the
// paths (the grid opens from them) and each file's size and time (the cache's key). The page's thread
// makes no File of it, so none of Chromium's synchronous per-File calls to the browser process
// lands on it (issue 31). The files come to the page, in parts, once every one is read.
import type { ArrivingFolder, FileFacts } from '../arriving-files.js';
import type { FileSet } from '../files.js';
import type { FolderHandles } from './folder-handles.js';
import type { ThumbService } from './thumb-service.js';
import type { ToThumbWorker } from './thumb-protocol.js';

let folders = 0;

/**
 * The folder under `handles`, once the workers have listed it (rejected when it cannot be listed);
 * `names`: its files' paths when the page listed them already (a drop's entries: names only, fast).
 */
export function handedFolder(service: ThumbService, handles: FolderHandles, names?: readonly string[]): Promise<ArrivingFolder> {
  const id = ++folders;
  const workers = service.handWorkers();
  const reporter = workers[0];
  const files: FileSet = new Map();
  const sized = new Map<string, FileFacts>();
  let allRead!: () => void;
  const read = new Promise<void>((resolve) => (allRead = resolve));
  let allHere!: () => void;
  const here = new Promise<void>((resolve) => (allHere = resolve));
  let folder: ArrivingFolder | undefined;
  return new Promise<ArrivingFolder>((resolve, reject) => {
    service.onFolderMessage = (message) => {
      if (message.folder !== id) return;
      if (message.type === 'listed') {
        if (message.error !== undefined) return reject(new Error(`the folder could not be listed: ${message.error}`));
        performance.mark('relic3d:listed');
        resolve((folder = {
          paths: message.paths,
          files,
          sized,
          readByWorkers: true,
          prioritise(paths) {
            reporter.postMessage({ type: 'want', paths: [...paths] } satisfies ToThumbWorker);
          },
          complete: read.then(() => {
            reporter.postMessage({ type: 'send-files', folder: id } satisfies ToThumbWorker);
            return here.then(() => files);
          }),
        }));
      } else if (message.type === 'facts') {
        const part = new Map(message.files.map(([path, size, lastModified]) => [path, { size, lastModified }]));
        for (const [path, facts] of part) sized.set(path, facts);
        if (part.size) folder?.onSizes?.(part);
        if (message.done) allRead();
      } else {
        const part: FileSet = new Map(Object.entries(message.files) as [string, File][]);
        for (const [path, file] of part) files.set(path, file);
        if (part.size) folder?.onFiles?.(part);
        if (message.done) allHere();
      }
    };
    for (const [i, worker] of workers.entries()) worker.postMessage({ type: 'handles', folder: id, handles: [...handles], report: i === 0, names } satisfies ToThumbWorker);
  });
}
