/**
 * A text-to-speech script as a campaign writes it: words with `{{param}}` placeholders, and at most one
 * `[dtmf]` (or `[dtmf:N]`, N keys up to 10) where the listener is asked to press keys. Checked before a
 * campaign is approved (spec §7 "script validation"), so nothing is found wrong at call time.
 */
export type VoiceScriptIssue =
  | { kind: 'unknown_parameter'; name: string; message: string }
  | { kind: 'unsupported_character'; character: string; index: number; message: string }
  | { kind: 'unknown_directive'; directive: string; message: string }
  | { kind: 'too_many_dtmf'; message: string };

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;
const DIRECTIVE = /\[([^\]]*)\]/g;
const DTMF = /^dtmf(?::(\d{1,2}))?$/;
/**
 * What a TTS voice reads: letters and marks of any script, digits, spaces, and ordinary punctuation.
 * Markup (`<`, `>`), emoji, symbols and control characters are read badly or not at all.
 */
const SPEAKABLE = /[\p{L}\p{M}\p{N}\s.,;:!?'"()\-–—/%&+@#*=]/u;

export type ParsedVoiceScript = { text: string; dtmfDigits: number | null };

/** The issues of a script, in order of appearance; an empty list: it can be approved. */
export function validateVoiceScript(script: string, knownParameters: readonly string[]): VoiceScriptIssue[] {
  const issues: VoiceScriptIssue[] = [];
  const known = new Set(knownParameters);
  const reported = new Set<string>();
  for (const match of script.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (known.has(name) || reported.has(name)) continue;
    reported.add(name);
    issues.push({
      kind: 'unknown_parameter',
      name,
      message: `{{${name}}} is not a parameter of this campaign (known: ${[...known].join(', ') || 'none'}).`,
    });
  }
  let dtmfCount = 0;
  for (const match of script.matchAll(DIRECTIVE)) {
    const inner = match[1]!.trim();
    const dtmf = DTMF.exec(inner);
    if (dtmf && Number(dtmf[1] ?? 1) >= 1 && Number(dtmf[1] ?? 1) <= 10) dtmfCount += 1;
    else
      issues.push({
        kind: 'unknown_directive',
        directive: match[0],
        message: `${match[0]} is not understood; a script may only ask for keys with [dtmf] or [dtmf:N] (1-10).`,
      });
  }
  if (dtmfCount > 1) issues.push({ kind: 'too_many_dtmf', message: 'A script can ask for keys once.' });
  // Placeholders and directives are checked above; the rest must be speakable.
  const words = script
    .replace(PLACEHOLDER, (m) => ' '.repeat(m.length))
    .replace(DIRECTIVE, (m) => ' '.repeat(m.length));
  let index = 0;
  for (const character of words) {
    if (!SPEAKABLE.test(character)) {
      const code = character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      issues.push({
        kind: 'unsupported_character',
        character,
        index,
        message: `The character U+${code} at position ${index + 1} cannot be spoken.`,
      });
    }
    index += character.length;
  }
  return issues;
}

/** A rendered script as the gateway takes it: the words to say, and how many keys to collect. */
export function parseVoiceScript(script: string): ParsedVoiceScript {
  let dtmfDigits: number | null = null;
  const text = script
    .replace(DIRECTIVE, (whole, inner: string) => {
      const dtmf = DTMF.exec(inner.trim());
      if (!dtmf) return whole;
      dtmfDigits = Number(dtmf[1] ?? 1);
      return ' ';
    })
    .replace(/\s+/g, ' ')
    .trim();
  return { text, dtmfDigits };
}
