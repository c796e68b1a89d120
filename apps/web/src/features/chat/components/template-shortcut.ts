import type { ChatTemplate } from '../api/lookups-api';

/** The `/word` being typed at the caret: where it starts and ends, and what follows the slash. */
export type SlashQuery = { start: number; end: number; query: string };

/**
 * A `/` opens the template picker only at the start of the box or after a space or line break, so
 * links and fractions ("1/2", "https://…") typed mid-word never do.
 */
export function slashQueryAt(text: string, caret: number): SlashQuery | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)\/([^\s/]*)$/.exec(before);
  if (!match) return null;
  const start = caret - match[2]!.length - 1;
  return { start, end: caret, query: match[2]! };
}

/** A shortcut as admins may save it, with or without its slash, compared without case. */
export function normalizeShortcut(shortcut: string | null): string {
  return (shortcut ?? '').trim().replace(/^\/+/, '').toLowerCase();
}

/**
 * Templates for what follows the slash: an exact shortcut first, then shortcuts and names that start
 * with it, then those that contain it; at most `limit`.
 */
export function matchTemplates(templates: ChatTemplate[], query: string, limit = 8): ChatTemplate[] {
  const wanted = query.trim().toLowerCase();
  const rank = (template: ChatTemplate): number => {
    const shortcut = normalizeShortcut(template.shortcut);
    const name = template.name.toLowerCase();
    if (!wanted) return shortcut ? 1 : 2;
    if (shortcut === wanted) return 0;
    if (shortcut.startsWith(wanted)) return 1;
    if (name.startsWith(wanted)) return 2;
    if (shortcut.includes(wanted) || name.includes(wanted)) return 3;
    return -1;
  };
  return templates
    .map((template) => ({ template, rank: rank(template) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.template.name.localeCompare(b.template.name))
    .slice(0, limit)
    .map((entry) => entry.template);
}

/** Each `{{n}}` replaced by the n-th value; a placeholder without a value stays as it was. */
export function fillTemplate(content: string, values: readonly string[]): string {
  return content.replace(/\{\{(\d+)\}\}/g, (placeholder, number: string) => {
    const value = values[Number(number) - 1];
    return value === undefined || value === '' ? placeholder : value;
  });
}

/** The text split into plain runs and `{{n}}` placeholders, for showing which parts to fill. */
export function templateParts(content: string): { text: string; placeholder: number | null }[] {
  const parts: { text: string; placeholder: number | null }[] = [];
  let last = 0;
  for (const match of content.matchAll(/\{\{(\d+)\}\}/g)) {
    if (match.index > last) parts.push({ text: content.slice(last, match.index), placeholder: null });
    parts.push({ text: match[0], placeholder: Number(match[1]) });
    last = match.index + match[0].length;
  }
  if (last < content.length) parts.push({ text: content.slice(last), placeholder: null });
  return parts;
}
