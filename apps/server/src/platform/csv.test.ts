import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvStream, neutraliseCell, writeCsv } from './csv.js';

describe('the CSV writer', () => {
  it('prefixes every OWASP formula start with a single quote and leaves other text alone', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(neutraliseCell(`${start}x`)).toBe(`'${start}x`);
    expect(neutraliseCell('Rina')).toBe('Rina');
    expect(neutraliseCell('')).toBe('');
  });

  it('quotes quotes, commas and line breaks so a cell stays one cell', () => {
    const text = writeCsv([{ name: 'a "b", c\nd', n: 3, at: new Date('2026-01-02T03:04:05Z'), none: null }]);
    expect(text).toBe('name,n,at,none\n"a ""b"", c\nd",3,2026-01-02T03:04:05.000Z,\n');
    expect(parse(text, { columns: true })).toEqual([
      { name: 'a "b", c\nd', n: '3', at: '2026-01-02T03:04:05.000Z', none: '' },
    ]);
  });

  it('writes the header alone for no records when columns are given, and streams alike', async () => {
    expect(writeCsv([], ['a', 'b'])).toBe('a,b\n');
    const stream = csvStream(['a']);
    stream.end({ a: '=1' });
    let text = '';
    for await (const chunk of stream) text += chunk;
    expect(text).toBe("a\n'=1\n");
  });
});
