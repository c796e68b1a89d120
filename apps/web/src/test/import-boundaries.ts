import fs from 'node:fs';
import path from 'node:path';

/**
 * The web layers, lowest first, and what each may import (ARCHITECTURE "features never import each
 * other"; decision 0021): a layer imports only layers below it, and a feature only itself.
 */
const LAYERS = ['lib', 'components', 'entities', 'features', 'app'] as const;
type Layer = (typeof LAYERS)[number];

export type BoundaryViolation = { file: string; imports: string; rule: string };

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function place(root: string, file: string): { layer: Layer | null; feature: string | null } {
  const [top, second] = path.relative(root, file).split(path.sep);
  const layer = (LAYERS as readonly string[]).includes(top ?? '') ? (top as Layer) : null;
  return { layer, feature: layer === 'features' ? (second ?? null) : null };
}

/** Every relative import under `root` (a web `src`) that crosses a boundary it may not cross. */
export function findBoundaryViolations(root: string): BoundaryViolation[] {
  const violations: BoundaryViolation[] = [];
  for (const file of sourceFiles(root)) {
    const from = place(root, file);
    if (!from.layer || file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) continue;
      const to = place(root, path.resolve(path.dirname(file), specifier));
      if (!to.layer) continue;
      const relative = path.relative(root, file);
      if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature)
        violations.push({ file: relative, imports: specifier, rule: 'a feature imports another feature' });
      else if (LAYERS.indexOf(to.layer) > LAYERS.indexOf(from.layer))
        violations.push({ file: relative, imports: specifier, rule: `${from.layer} imports ${to.layer}` });
    }
  }
  return violations;
}
