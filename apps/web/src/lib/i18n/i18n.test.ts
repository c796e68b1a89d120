import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh copy of the module, as a browser starts it: only the stored language's strings, none loaded yet.
async function freshI18n() {
  vi.resetModules();
  return import('./i18n');
}

afterEach(() => {
  vi.doUnmock('../../locales/id.json');
  vi.resetModules();
  localStorage.clear();
});

describe('locale loading (issue 19: one language in the login page)', () => {
  it('loads only the stored language before the first render, and the other one on the switch', async () => {
    const { i18n, i18nReady, changeLocale } = await freshI18n();
    await i18nReady;
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('id', 'translation')).toBe(false);
    expect(i18n.t('locale.label')).toBe('Language');
    expect(i18n.resolvedLanguage).toBe('en');

    // The language changes only once its strings are in: no moment shows keys.
    const seen: string[] = [];
    i18n.on('languageChanged', () => seen.push(i18n.t('locale.label')));
    expect(await changeLocale('id')).toBe(true);
    expect(seen).toEqual(['Bahasa']);
    expect(i18n.resolvedLanguage).toBe('id');
    expect(localStorage.getItem('sapa.locale')).toBe('id');
    expect(document.documentElement.lang).toBe('id');
  });

  it('starts in the stored language', async () => {
    localStorage.setItem('sapa.locale', 'id');
    const { i18n, i18nReady } = await freshI18n();
    await i18nReady;
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.resolvedLanguage).toBe('id');
    expect(i18n.t('locale.label')).toBe('Bahasa');
  });

  it('keeps the current language when the other one cannot be fetched', async () => {
    vi.doMock('../../locales/id.json', () => {
      throw new Error('offline');
    });
    const { i18n, i18nReady, changeLocale } = await freshI18n();
    await i18nReady;
    expect(await changeLocale('id')).toBe(false);
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('locale.label')).toBe('Language');
    expect(localStorage.getItem('sapa.locale')).toBeNull();
  });

  it('adds a feature namespace in both languages', async () => {
    const { i18n, i18nReady, addNamespace, changeLocale } = await freshI18n();
    await i18nReady;
    addNamespace('sample', { en: { title: 'Sample' }, id: { title: 'Contoh' } });
    expect(i18n.t('sample.title')).toBe('Sample');
    await changeLocale('id');
    expect(i18n.t('sample.title')).toBe('Contoh');
    expect(i18n.t('locale.label')).toBe('Bahasa');
  });
});
