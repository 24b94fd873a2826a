import validator, { type ValidationMessage } from 'gltf-validator';

/** Runs the Khronos validator; returns the errors (severity 0) and warnings (severity 1). */
export async function validateGltf(
  bytes: Uint8Array,
  resources: Record<string, Uint8Array> = {},
): Promise<{ errors: ValidationMessage[]; warnings: ValidationMessage[]; info: Record<string, unknown> | undefined }> {
  const report = await validator.validateBytes(bytes, {
    maxIssues: 200,
    externalResourceFunction: (uri: string) => {
      const data = resources[decodeURIComponent(uri)];
      return data ? Promise.resolve(data) : Promise.reject(new Error(`missing resource ${uri}`));
    },
  });
  const messages = report.issues.messages;
  return {
    errors: messages.filter((m) => m.severity === 0),
    warnings: messages.filter((m) => m.severity === 1),
    info: report.info,
  };
}

/** A readable list of issues for assertion messages. */
export const describeIssues = (issues: ValidationMessage[]): string =>
  issues.map((i) => `${i.code} ${i.pointer ?? ''}: ${i.message}`).join('\n');
