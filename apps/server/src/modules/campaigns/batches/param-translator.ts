import type { CampaignChannel, ParamLocale, ParamRule, ParamTranslator } from '@sapa/contracts';
import { type CountryCode, parsePhone } from '../../../lib/phone.js';
import { isUnsafeText } from '../../../platform/text-guard.js';

/**
 * The param translator (decision 0028): a row of a notification file becomes the recipient and the
 * message parameters, or a reason the row is refused. Pure and compiled once per batch, so a million
 * rows cost one pass; the reasons name the column and the value so a person can fix the file.
 */

/** A cell as the readers hand it: CSV gives text, XLSX also numbers, dates and booleans. */
export type Cell = string | number | boolean | Date | null | undefined;
export type RowCells = Record<string, Cell>;

export type TranslatorContext = {
  /** The client's country: national numbers (0812…) get its calling code. */
  country: CountryCode;
  /** How the client writes dates and numbers when a rule names no locale. */
  locale: ParamLocale;
  channel: CampaignChannel;
};

export type Translated =
  | { ok: true; recipient: string; params: Record<string, string> }
  | { ok: false; reason: string };

/** The locale a client writes in: Indonesian for Indonesia, English elsewhere. */
export function localeOfCountry(country: string): ParamLocale {
  return country === 'ID' ? 'id' : 'en';
}

const MAX_TEXT = 4096;
// A practical address check (RFC 5321 lengths, one @, a dot in the domain, nothing a mail header would
// split on); the provider has the last word.
const EMAIL = /^[^\s@<>()[\]",;:\\]{1,64}@[^\s@<>()[\]",;:\\.]+(\.[^\s@<>()[\]",;:\\.]+)+$/;
const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;
const NUMBER_FORMS: Record<ParamLocale, { grouped: RegExp; decimal: string; group: string }> = {
  id: { grouped: /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/, decimal: ',', group: '.' },
  en: { grouped: /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/, decimal: '.', group: ',' },
};
const CURRENCY_MARK = /^(rp\.?|idr|usd|us\$|\$)\s*|\s*(idr|usd|rupiah)$/gi;
const DATE_PARTS = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

type Outcome = { ok: true; value: string } | { ok: false; reason: string };
const fail = (reason: string): Outcome => ({ ok: false, reason });
const quoted = (value: string) => `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;

function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell);
}

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function readDate(value: string, rule: ParamRule, locale: ParamLocale): Outcome {
  const iso = ISO_DATE.exec(value);
  if (iso) {
    const date = isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return date ? { ok: true, value: date } : fail(`${quoted(value)} is not a calendar date`);
  }
  const format = rule.format ?? (locale === 'en' ? 'MM/DD/YYYY' : 'DD/MM/YYYY');
  const parts = DATE_PARTS.exec(value);
  const expected = `a date written ${format} or YYYY-MM-DD`;
  if (!parts) return fail(`${quoted(value)} is not ${expected}`);
  const [a, b, c] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date =
    format === 'YYYY-MM-DD'
      ? isoDate(a, b, c)
      : parts[3]!.length !== 4
        ? null
        : format === 'DD/MM/YYYY'
          ? isoDate(c, b, a)
          : isoDate(c, a, b);
  return date ? { ok: true, value: date } : fail(`${quoted(value)} is not ${expected}`);
}

function readNumber(value: string, cell: Cell, locale: ParamLocale, what: string): Outcome {
  if (typeof cell === 'number')
    return Number.isFinite(cell) ? { ok: true, value: String(cell) } : fail(`${what} is not a number`);
  const compact = value.replace(/\s/g, '');
  const form = NUMBER_FORMS[locale];
  if (!form.grouped.test(compact)) {
    const example = locale === 'id' ? '1.234.567,89' : '1,234,567.89';
    return fail(`${quoted(value)} is not ${what} written as in ${example}`);
  }
  const canonical = compact.split(form.group).join('').replace(form.decimal, '.');
  const number = Number(canonical);
  if (!Number.isFinite(number) || Math.abs(number) > Number.MAX_SAFE_INTEGER)
    return fail(`${quoted(value)} is too large`);
  return { ok: true, value: String(number) };
}

function readKind(rule: ParamRule, value: string, cell: Cell, context: TranslatorContext): Outcome {
  const locale = rule.locale ?? context.locale;
  switch (rule.kind) {
    case 'text':
      return value.length > MAX_TEXT ? fail(`has more than ${MAX_TEXT} characters`) : { ok: true, value };
    case 'phone': {
      const parsed = parsePhone(value, { defaultCountry: context.country });
      if (!parsed.ok) return fail(`${quoted(value)}: ${parsed.message}`);
      if (!parsed.phone.valid)
        return fail(
          `${quoted(value)} is not a valid phone number (${parsed.phone.invalidReason?.replaceAll('_', ' ')})`,
        );
      return { ok: true, value: parsed.phone.digits };
    }
    case 'email': {
      const email = value.toLowerCase();
      return email.length <= 254 && EMAIL.test(email)
        ? { ok: true, value: email }
        : fail(`${quoted(value)} is not an email address`);
    }
    case 'date':
      return readDate(value, rule, locale);
    case 'number':
      return readNumber(value, cell, locale, 'a number');
    case 'currency': {
      const amount = readNumber(value.replace(CURRENCY_MARK, ''), cell, locale, 'an amount');
      if (amount.ok && Number(amount.value) < 0) return fail(`${quoted(value)}: an amount is not negative`);
      return amount;
    }
  }
}

/** How the channel's recipient must look, whatever kind its rule names. */
function recipientKind(channel: CampaignChannel): ParamRule['kind'] | 'telegram' {
  if (channel === 'EMAIL') return 'email';
  if (channel === 'TELEGRAM') return 'telegram';
  return 'phone';
}

export type CompiledTranslator = {
  /** Null when the header has every column the rules need; else why the file cannot be read. */
  checkHeader(columns: readonly string[]): string | null;
  translate(cells: RowCells): Translated;
};

/**
 * Compiles a campaign's translator. File columns are matched by name, ignoring case and surrounding
 * spaces. A column a rule needs (the recipient's, or a `required` one) and has no default for must be in
 * the header: without it no row could be valid, so the file is refused as a whole.
 */
export function compileTranslator(
  translator: ParamTranslator,
  context: TranslatorContext,
): CompiledTranslator {
  const key = (column: string) => column.trim().toLowerCase();
  let columnOf = new Map<string, string>();
  const needed = (rule: ParamRule) =>
    (rule.to === translator.recipient || rule.required) && rule.default === undefined;
  const asRecipient = recipientKind(context.channel);

  return {
    checkHeader(columns) {
      columnOf = new Map(columns.map((column) => [key(column), column]));
      const missing = translator.rules.filter((rule) => needed(rule) && !columnOf.has(key(rule.from)));
      if (missing.length === 0) return null;
      return `The file has no column ${missing.map((rule) => `"${rule.from}"`).join(', ')} (its columns: ${columns
        .slice(0, 20)
        .map((column) => `"${column}"`)
        .join(', ')})`;
    },
    translate(cells) {
      const params: Record<string, string> = {};
      let recipient = '';
      for (const rule of translator.rules) {
        const column = columnOf.get(key(rule.from)) ?? rule.from;
        const cell = cells[column];
        const written = cellText(cell);
        if (isUnsafeText(written))
          return { ok: false, reason: `${rule.from}: holds a NUL byte or an unpaired surrogate` };
        let value = rule.trim ? written.trim() : written;
        let source: Cell = cell;
        if (value === '' && rule.default !== undefined) {
          value = rule.default;
          source = rule.default;
        }
        const isRecipient = rule.to === translator.recipient;
        if (value === '') {
          if (isRecipient || rule.required) return { ok: false, reason: `${rule.from}: is empty` };
          params[rule.to] = '';
          continue;
        }
        let outcome: Outcome;
        if (isRecipient && asRecipient === 'telegram')
          outcome = TELEGRAM_CHAT.test(value)
            ? { ok: true, value }
            : fail(`${quoted(value)} is not a Telegram chat id or @username`);
        else if (isRecipient && asRecipient !== 'telegram' && rule.kind === 'text')
          outcome = readKind({ ...rule, kind: asRecipient }, value, source, context);
        else outcome = readKind(rule, value, source, context);
        if (!outcome.ok) return { ok: false, reason: `${rule.from}: ${outcome.reason}` };
        params[rule.to] = outcome.value;
        if (isRecipient) recipient = outcome.value;
      }
      return { ok: true, recipient, params };
    },
  };
}
