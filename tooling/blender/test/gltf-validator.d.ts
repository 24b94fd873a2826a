declare module 'gltf-validator' {
  export interface ValidationMessage {
    code: string;
    message: string;
    severity: number;
    pointer?: string;
    offset?: number;
  }
  export interface ValidationReport {
    issues: { numErrors: number; numWarnings: number; numInfos: number; numHints: number; messages: ValidationMessage[]; truncated: boolean };
    info?: Record<string, unknown>;
  }
  export function validateBytes(data: Uint8Array, options?: Record<string, unknown>): Promise<ValidationReport>;
  export function validateString(json: string, options?: Record<string, unknown>): Promise<ValidationReport>;
  const validator: { validateBytes: typeof validateBytes; validateString: typeof validateString };
  export default validator;
}
