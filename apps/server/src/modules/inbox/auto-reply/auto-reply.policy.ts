const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a message names one of the keywords: as a whole word or phrase, ignoring case, so "harga"
 * fires on "Berapa harga?" but "art" does not fire on "start".
 */
export function matchesKeyword(text: string, keywords: string[]): boolean {
  const lower = text.toLowerCase();
  return keywords.some((keyword) =>
    new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(keyword.toLowerCase())}(?:$|[^\\p{L}\\p{N}])`, 'u').test(
      lower,
    ),
  );
}
