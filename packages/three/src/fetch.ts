/** Fetch answers that are not the file asked for (no three.js import: workers use it too). */

/**
 * Whether a response is an HTML page where a model file was asked for: dev servers and single-page
 * hosts answer a missing path with their index page and a 200. Looks at the content type, and at
 * the first bytes when they are given.
 */
export function isHtmlPage(response: Response, bytes?: Uint8Array): boolean {
  if (/^\s*text\/html\b/i.test(response.headers.get('content-type') ?? '')) return true;
  if (!bytes) return false;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 64)).replace(/^\ufeff|^\u00ef\u00bb\u00bf/, '').trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

/** Why a fetched model is not there, or undefined when the response holds it. */
export function missingReason(url: string, response: Response, bytes?: Uint8Array): string | undefined {
  if (response.status === 404 || response.status === 410) return `${url} was not found (${response.status} ${response.statusText || 'Not Found'})`;
  if (!response.ok) return `${url} could not be fetched (${response.status} ${response.statusText})`;
  if (isHtmlPage(response, bytes)) return `${url} was not found: the server answered with an HTML page (dev servers and single-page hosts do that for missing files)`;
  return undefined;
}

/** Node's file reader, loaded only when a `file:` URL is met (browsers cannot read those). */
const nodeFs = 'node:fs/promises';
const nodeUrl = 'node:url';

/**
 * `fetch`, plus `file:` URLs in Node, where `fetch` refuses them: the file is read from disk and
 * answered as a Response (404 when it does not exist), so callers treat both the same way. In a
 * browser a `file:` URL goes to `fetch` as it is.
 */
export async function fetchUrl(url: string, init?: RequestInit): Promise<Response> {
  if (!url.startsWith('file:') || typeof globalThis.process?.versions?.node !== 'string') return fetch(url, init);
  const { readFile } = (await import(/* @vite-ignore */ nodeFs)) as typeof import('node:fs/promises');
  const { fileURLToPath } = (await import(/* @vite-ignore */ nodeUrl)) as typeof import('node:url');
  try {
    const bytes = await readFile(fileURLToPath(url));
    return new Response(bytes, { status: 200, headers: { 'content-length': String(bytes.length) } });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return new Response(null, { status: 404, statusText: 'Not Found' });
    throw error;
  }
}

/**
 * The names of the files beside a `file:` URL, read from disk in Node (a folder listing lets a
 * format find companions it cannot name, such as Flyff motions); undefined for any other URL.
 */
export async function listBesideFileUrl(url: string): Promise<string[] | undefined> {
  if (!url.startsWith('file:') || typeof globalThis.process?.versions?.node !== 'string') return undefined;
  const { readdir } = (await import(/* @vite-ignore */ nodeFs)) as typeof import('node:fs/promises');
  const { fileURLToPath } = (await import(/* @vite-ignore */ nodeUrl)) as typeof import('node:url');
  try {
    const entries = await readdir(fileURLToPath(new URL('.', url)), { withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return undefined;
  }
}

/**
 * Fetches files beside a URL once each: `get(relative)` resolves to their bytes, or undefined when
 * the server has no such file (an error status, an HTML page in its place, a network error).
 */
export function besideUrl(base: string | URL, init?: RequestInit): (relative: string) => Promise<Uint8Array | undefined> {
  const fetched = new Map<string, Promise<Uint8Array | undefined>>();
  return (relative) => {
    let found = fetched.get(relative);
    if (!found) {
      found = fetchUrl(new URL(relative, base).href, init)
        .then(async (response) => {
          if (!response.ok || isHtmlPage(response)) return undefined;
          const bytes = new Uint8Array(await response.arrayBuffer());
          return isHtmlPage(response, bytes) ? undefined : bytes;
        })
        .catch(() => undefined);
      fetched.set(relative, found);
    }
    return found;
  };
}
