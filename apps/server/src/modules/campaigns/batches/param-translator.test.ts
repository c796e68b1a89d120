import { ParamTranslatorSchema } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import { compileTranslator, localeOfCountry } from './param-translator.js';

const translator = (rules: object[], recipient = 'phone') =>
  ParamTranslatorSchema.parse({ recipient, rules });
const sms = { country: 'ID' as const, locale: 'id' as const, channel: 'SMS' as const };

describe('the param translator', () => {
  it('renames columns (any case), trims, fills defaults and normalises the phone with the client country', () => {
    const compiled = compileTranslator(
      translator([
        { from: 'Phone', to: 'phone', kind: 'phone' },
        { from: 'Name', to: 'name', default: 'customer' },
        { from: 'Note', to: 'note', trim: false },
      ]),
      sms,
    );
    expect(compiled.checkHeader([' PHONE ', 'name', 'Note'])).toBeNull();
    expect(compiled.translate({ ' PHONE ': ' 0812-1000-0001 ', name: '  Budi ', Note: ' x ' })).toEqual({
      ok: true,
      recipient: '6281210000001',
      params: { phone: '6281210000001', name: 'Budi', note: ' x ' },
    });
    expect(compiled.translate({ ' PHONE ': '+62 812 1000 0001', name: '' })).toMatchObject({
      params: { name: 'customer', note: '' },
    });
    // A Malaysian client's national number gets +60.
    const malaysia = compileTranslator(translator([{ from: 'Phone', to: 'phone', kind: 'phone' }]), {
      ...sms,
      country: 'MY',
    });
    malaysia.checkHeader(['Phone']);
    expect(malaysia.translate({ Phone: '012-345 6789' })).toMatchObject({ recipient: '60123456789' });
  });

  it('refuses a file without the recipient column, naming the columns it has', () => {
    const compiled = compileTranslator(translator([{ from: 'Phone', to: 'phone' }]), sms);
    expect(compiled.checkHeader(['Mobile', 'Name'])).toBe(
      'The file has no column "Phone" (its columns: "Mobile", "Name")',
    );
  });

  it('gives each bad cell a reason that names the column and the value', () => {
    const compiled = compileTranslator(
      translator([
        { from: 'Phone', to: 'phone' },
        { from: 'Due', to: 'dueDate', kind: 'date', required: true },
        { from: 'Amount', to: 'amount', kind: 'currency' },
      ]),
      sms,
    );
    compiled.checkHeader(['Phone', 'Due', 'Amount']);
    const reason = (row: object) => {
      const result = compiled.translate(row as never);
      return result.ok ? null : result.reason;
    };
    expect(reason({ Phone: '', Due: '01/12/2026' })).toBe('Phone: is empty');
    expect(reason({ Phone: '0812abc', Due: '01/12/2026' })).toMatch(
      /^Phone: "0812abc": A phone number has only digits/,
    );
    expect(reason({ Phone: '0812', Due: '01/12/2026' })).toMatch(
      /^Phone: "0812": A phone number has at least 8/,
    );
    expect(reason({ Phone: '08121000000199', Due: '01/12/2026' })).toMatch(/is not a valid phone number/);
    expect(reason({ Phone: '081210000001', Due: '' })).toBe('Due: is empty');
    expect(reason({ Phone: '081210000001', Due: '31/02/2026' })).toBe(
      'Due: "31/02/2026" is not a date written DD/MM/YYYY or YYYY-MM-DD',
    );
    expect(reason({ Phone: '081210000001', Due: '2026-13-01' })).toBe(
      'Due: "2026-13-01" is not a calendar date',
    );
    expect(reason({ Phone: '081210000001', Due: '01/12/2026', Amount: '1,234.50' })).toBe(
      'Amount: "1,234.50" is not an amount written as in 1.234.567,89',
    );
    expect(reason({ Phone: '081210000001', Due: '01/12/2026', Amount: 'Rp -5.000' })).toMatch(/not negative/);
    expect(reason({ Phone: '0812\u00001000001', Due: '01/12/2026' })).toBe(
      'Phone: holds a NUL byte or an unpaired surrogate',
    );
  });

  it('reads dates and amounts as the locale writes them and keeps one canonical form', () => {
    const rules = [
      { from: 'Phone', to: 'phone' },
      { from: 'Due', to: 'dueDate', kind: 'date' },
      { from: 'Amount', to: 'amount', kind: 'currency' },
      { from: 'Qty', to: 'qty', kind: 'number' },
    ];
    const id = compileTranslator(translator(rules), sms);
    id.checkHeader(['Phone', 'Due', 'Amount', 'Qty']);
    expect(
      id.translate({ Phone: '081210000001', Due: '5/1/2027', Amount: 'Rp 1.250.000,50', Qty: '1.234' }),
    ).toMatchObject({ params: { dueDate: '2027-01-05', amount: '1250000.5', qty: '1234' } });
    const en = compileTranslator(translator(rules), { ...sms, locale: 'en' });
    en.checkHeader(['Phone', 'Due', 'Amount', 'Qty']);
    expect(
      en.translate({ Phone: '081210000001', Due: '5/1/2027', Amount: '$1,250,000.50', Qty: '1.5' }),
    ).toMatchObject({
      params: { dueDate: '2027-05-01', amount: '1250000.5', qty: '1.5' },
    });
    // XLSX hands numbers and dates as values, and ISO dates are read in any locale.
    expect(
      en.translate({
        Phone: 6281210000001,
        Due: new Date(Date.UTC(2027, 0, 5)),
        Amount: 99.5,
        Qty: '2027-01-05',
      }),
    ).toMatchObject({ ok: false, reason: 'Qty: "2027-01-05" is not a number written as in 1,234,567.89' });
    expect(
      en.translate({ Phone: 6281210000001, Due: new Date(Date.UTC(2027, 0, 5)), Amount: 99.5, Qty: 3 }),
    ).toEqual({
      ok: true,
      recipient: '6281210000001',
      params: { phone: '6281210000001', dueDate: '2027-01-05', amount: '99.5', qty: '3' },
    });
    // A rule may name its own form.
    const iso = compileTranslator(
      translator([
        { from: 'Phone', to: 'phone' },
        { from: 'D', to: 'd', kind: 'date', format: 'MM/DD/YYYY' },
      ]),
      sms,
    );
    iso.checkHeader(['Phone', 'D']);
    expect(iso.translate({ Phone: '081210000001', D: '12/31/2026' })).toMatchObject({
      params: { d: '2026-12-31' },
    });
    expect(localeOfCountry('ID')).toBe('id');
    expect(localeOfCountry('SG')).toBe('en');
  });

  it('checks the recipient as the channel needs it: an email address, a Telegram chat', () => {
    const email = compileTranslator(translator([{ from: 'Email', to: 'email' }], 'email'), {
      ...sms,
      channel: 'EMAIL',
    });
    email.checkHeader(['Email']);
    expect(email.translate({ Email: ' Budi@Example.CO.id ' })).toMatchObject({
      recipient: 'budi@example.co.id',
    });
    expect(email.translate({ Email: 'budi@localhost' })).toEqual({
      ok: false,
      reason: 'Email: "budi@localhost" is not an email address',
    });
    const telegram = compileTranslator(translator([{ from: 'Chat', to: 'chat' }], 'chat'), {
      ...sms,
      channel: 'TELEGRAM',
    });
    telegram.checkHeader(['Chat']);
    expect(telegram.translate({ Chat: '-100123456' })).toMatchObject({ recipient: '-100123456' });
    expect(telegram.translate({ Chat: 'drop table' })).toMatchObject({ ok: false });
  });

  it('keeps old translators valid: rules without the new fields parse as text or phone', () => {
    const old = ParamTranslatorSchema.parse({
      recipient: 'phone',
      rules: [
        { from: 'Phone', to: 'phone', kind: 'phone' },
        { from: 'Name', to: 'name', default: 'x' },
      ],
    });
    expect(old.rules[1]).toEqual({
      from: 'Name',
      to: 'name',
      default: 'x',
      trim: true,
      kind: 'text',
      required: false,
    });
  });
});
