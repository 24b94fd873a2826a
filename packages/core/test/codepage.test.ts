// Code pages decode through the platform's TextDecoder (issue 30 item 14): every byte of the
// single-byte pages the formats use, and the multi-byte pages of Korean, Chinese and Japanese tools.
import { describe, expect, it } from 'vitest';
import { codePage, codePageEncoder } from '../src/index.js';

const allBytes = Uint8Array.from({ length: 256 }, (_, i) => i);

describe('codePage', () => {
  it('Windows-1252 is the WHATWG table, 0x80–0x9F included (€ at 0x80, Ÿ at 0x9F), also where TextDecoder decodes it as Latin-1', () => {
    const text = codePage('windows-1252').decode(allBytes);
    expect(text.slice(0, 0x80)).toBe(String.fromCharCode(...allBytes.subarray(0, 0x80)));
    expect(text.slice(0xa0)).toBe(String.fromCharCode(...allBytes.subarray(0xa0)));
    // The WHATWG index: 0x81, 0x8D, 0x8F, 0x90 and 0x9D stay C1 controls.
    expect([...text.slice(0x80, 0xa0)].filter((c) => c.charCodeAt(0) < 0xa0).map((c) => c.charCodeAt(0).toString(16))).toEqual(['81', '8d', '8f', '90', '9d']);
    expect(text[0x80]).toBe('€');
    expect(text[0x9f]).toBe('Ÿ');
    expect(text[0xe9]).toBe('é');
  });

  it('takes any WHATWG label and names the encoding it resolves to', () => {
    expect(codePage('cp1252').name).toBe('windows-1252');
    expect(codePage('latin1').name).toBe('windows-1252');
    expect(codePage('korean').name).toBe('euc-kr');
    expect(codePage('x-sjis').name).toBe('shift_jis');
    expect(() => codePage('klingon')).toThrow(RangeError);
  });

  it('decodes what the encoder writes, in every page the writers offer', () => {
    const samples: Record<string, string> = {
      'windows-1252': 'Crème brûlée – €5',
      'windows-1251': 'Привет мир',
      'euc-kr': '몬스터 갑옷',
      gbk: '你好世界',
      shift_jis: 'こんにちは',
      'utf-8': 'naïve 🦴',
    };
    for (const [page, text] of Object.entries(samples)) {
      const { bytes, lossy } = codePageEncoder(page).encode(text);
      expect(lossy, page).toBe(false);
      expect(codePage(page).decode(bytes), page).toBe(text);
    }
  });
});

describe('codePageEncoder', () => {
  it('writes one ? for a character the page cannot hold, surrogate pairs included', () => {
    const { bytes, lossy } = codePageEncoder('windows-1252').encode('a🦴b몬');
    expect(lossy).toBe(true);
    expect([...bytes]).toEqual([0x61, 0x3f, 0x62, 0x3f]);
  });

  it('writes the EUC-KR (CP949) bytes the Flyff client reads: 몬스터 is B8 F3 BD BA C5 CD', () => {
    expect([...codePageEncoder('euc-kr').encode('몬스터').bytes]).toEqual([0xb8, 0xf3, 0xbd, 0xba, 0xc5, 0xcd]);
  });
});
