/** Typed arrays use the host's byte order; the file is little-endian. */
export const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
