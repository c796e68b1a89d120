/** A `LIKE`/`ILIKE` pattern matching the text anywhere, with the text's own `%`, `_` and `\` escaped. */
export const likePattern = (value: string) => `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** A `LIKE`/`ILIKE` pattern matching text that starts with the value, its `%`, `_` and `\` escaped. */
export const likePrefix = (value: string) => `${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
