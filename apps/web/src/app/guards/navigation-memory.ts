/**
 * The page the user is on, as last rendered. A refused navigation returns there (spec §6: the user
 * stays on the previous page); loaders run before the new page renders, so this is still the old one.
 */
let settledPath: string | null = null;

export function rememberSettledPath(path: string): void {
  settledPath = path;
}

export function getSettledPath(): string | null {
  return settledPath;
}

export function forgetSettledPath(): void {
  settledPath = null;
}
