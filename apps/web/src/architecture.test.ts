import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBoundaryViolations } from './test/import-boundaries';

const tempRoots: string[] = [];
afterAll(() => {
  for (const root of tempRoots) fs.rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-boundaries-'));
  tempRoots.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('web import boundaries', () => {
  it('holds for the web app: no feature imports another, no layer imports one above it', () => {
    expect(findBoundaryViolations(path.dirname(new URL(import.meta.url).pathname))).toEqual([]);
  });

  it('names a feature that imports another, and a shared layer that imports a feature', () => {
    const root = tree({
      'features/users/pages/list.tsx': "import { useClientChoices } from '../../clients/api/clients-api';\n",
      'features/clients/api/clients-api.ts':
        "import { http } from '../../../lib/http';\nexport const x = http;\n",
      'features/clients/pages/page.tsx':
        "import { x } from '../api/clients-api';\nconst y = () => import('../../../entities/client');\n",
      'entities/client/index.ts': "export { x } from '../../features/clients/api/clients-api';\n",
      'lib/http/index.ts': 'export const http = 1;\n',
      'app/routes.tsx': "const users = () => import('../features/users/pages/list');\n",
    });
    expect(findBoundaryViolations(root)).toEqual([
      {
        file: path.join('entities', 'client', 'index.ts'),
        imports: '../../features/clients/api/clients-api',
        rule: 'entities imports features',
      },
      {
        file: path.join('features', 'users', 'pages', 'list.tsx'),
        imports: '../../clients/api/clients-api',
        rule: 'a feature imports another feature',
      },
    ]);
  });
});
