export function publicManifests(root?: string): string[];
export function tarballName(name: string, version: string): string;
export function packTarballs(destination: string, options?: { env?: NodeJS.ProcessEnv; root?: string }): string[];
