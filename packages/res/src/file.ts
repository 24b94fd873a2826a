import type { ByteSource } from '@relic3d/core';

/** One file of a pack, as its header lists it. */
export interface ResEntry {
  /** The name as stored (the client lowercases it when it looks it up). */
  readonly name: string;
  /** Body length in bytes. */
  readonly size: number;
  /** The stored `time_t`: seconds since 1970 (UTC). */
  readonly time: number;
  /** Absolute offset of the body in the pack. */
  readonly offset: number;
}

/** The directory of a retail pack. */
export interface ResHeader {
  /** The cipher key (byte 0). */
  readonly key: number;
  /** Whether bodies are enciphered (byte 1); the header always is. */
  readonly encrypted: boolean;
  /** Bytes of the enciphered header after the 6-byte preamble. */
  readonly headerSize: number;
  /** The 7-byte version field, up to its first NUL. */
  readonly version: string;
  /** Width of each entry's `time_t`: 4 in the retail client's build, 8 where `time_t` is 64-bit. */
  readonly timeBytes: 4 | 8;
  readonly entries: readonly ResEntry[];
}

/** Where a pack's bytes come from: all of them, or a positional reader (a file handle). */
export type ResInput = Uint8Array | ByteSource;

/** Preamble: key u8, encrypted flag u8, header size i32. */
export const PREAMBLE_BYTES = 6;
/** Header start: version char[7], file count u16. */
export const HEADER_START_BYTES = 9;
/** The client copies names into `char[_MAX_FNAME]` (256 with its NUL). */
export const MAX_NAME_BYTES = 255;
/** The client stores the count in a `short` copied into a zeroed `int`: at most 65,535 entries. */
export const MAX_ENTRIES = 0xffff;
/** Format id named in errors. */
export const RES_FORMAT = 'res';
