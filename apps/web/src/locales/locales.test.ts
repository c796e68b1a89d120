import { FEATURE_FLAGS, ROLE_CODES } from '@sapa/contracts';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import id from './id.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

/** Namespaces a feature loads with its screens (`locales/<namespace>/<lang>.json`), not with the login page. */
const lazy = (lang: string) =>
  Object.fromEntries(
    Object.entries(import.meta.glob<Tree>('./*/*.json', { import: 'default', eager: true }))
      .filter(([file]) => file.endsWith(`/${lang}.json`))
      .map(([file, tree]) => [file.split('/')[1] as string, tree]),
  );

const english = flatten({ ...en, ...lazy('en') });
const indonesian = flatten({ ...id, ...lazy('id') });

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Literal keys passed to `t('…')` or `i18n.t('…')` anywhere in the app. */
function usedKeys(): Set<string> {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) keys.add(match[1] as string);
  }
  return keys;
}

describe('translations', () => {
  it('have the same keys in English and Indonesian', () => {
    expect([...indonesian.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('leave no Indonesian text empty', () => {
    expect([...indonesian].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it('keep the same placeholders in both languages', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
    for (const [key, text] of english) {
      expect(placeholders(indonesian.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('cover every key the screens ask for', () => {
    // A key asked with a count may exist only in its plural forms (i18next: `key_one`, `key_other`).
    const known = (key: string) => english.has(key) || english.has(`${key}_other`);
    const missing = [...usedKeys()].filter((key) => !known(key));
    expect(usedKeys().size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('give every lazy namespace both languages, a name of its own and a module that adds it', () => {
    const files = Object.keys(import.meta.glob('./*/*.json'));
    const namespaces = [...new Set(files.map((file) => file.split('/')[1] as string))];
    expect(namespaces.length).toBeGreaterThan(5);
    const loaders = Object.values(sources).join('\n');
    for (const namespace of namespaces) {
      expect(files, namespace).toContain(`./${namespace}/en.json`);
      expect(files, namespace).toContain(`./${namespace}/id.json`);
      // Its keys are `<namespace>.…`: the main bundle (loaded with the login page) must not hold them too.
      expect(Object.keys(en), namespace).not.toContain(namespace);
      expect(Object.keys(id), namespace).not.toContain(namespace);
      // Joined to i18next by a feature module (`addNamespace('<namespace>', …)` or its own bundle calls).
      expect(loaders, namespace).toMatch(
        new RegExp(`addNamespace\\('${namespace}'|addResourceBundle\\([^)]*\\{ ${namespace}: `),
      );
    }
  });

  it('name every role and feature of the contracts', () => {
    for (const role of ROLE_CODES) expect(english.has(`roles.${role}`), role).toBe(true);
    for (const feature of FEATURE_FLAGS) expect(english.has(`features.${feature}`), feature).toBe(true);
  });
});
