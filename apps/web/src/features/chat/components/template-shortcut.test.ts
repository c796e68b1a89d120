import { describe, expect, it } from 'vitest';
import type { ChatTemplate } from '../api/lookups-api';
import { fillTemplate, matchTemplates, slashQueryAt, templateParts } from './template-shortcut';

const template = (id: string, name: string, shortcut: string | null): ChatTemplate => ({
  id,
  name,
  shortcut,
  content: `${name} text`,
  isClosingRemark: false,
  active: true,
});

describe('the `/word` at the caret', () => {
  it('opens at the start of the box or after a space or line break, never mid-word', () => {
    expect(slashQueryAt('/tha', 4)).toEqual({ start: 0, end: 4, query: 'tha' });
    expect(slashQueryAt('Halo /', 6)).toEqual({ start: 5, end: 6, query: '' });
    expect(slashQueryAt('Halo\n/ter', 9)).toEqual({ start: 5, end: 9, query: 'ter' });
    expect(slashQueryAt('see https://x.test/a', 20)).toBeNull();
    expect(slashQueryAt('1/2', 3)).toBeNull();
    expect(slashQueryAt('/thanks now', 11)).toBeNull();
    // The caret decides, not the end of the text.
    expect(slashQueryAt('/th rest', 3)).toEqual({ start: 0, end: 3, query: 'th' });
  });
});

describe('matching templates', () => {
  const templates = [
    template('a', 'order_follow_up', null),
    template('b', 'Thank you', '/thanks'),
    template('c', 'Greeting', 'halo'),
    template('d', 'Payment thanks', 'pay'),
  ];

  it('puts the exact shortcut first, then shortcuts and names that start with it, then the rest', () => {
    expect(matchTemplates(templates, 'thanks').map((item) => item.id)).toEqual(['b', 'd']);
    expect(matchTemplates(templates, 'THA').map((item) => item.id)).toEqual(['b', 'd']);
    expect(matchTemplates(templates, 'order').map((item) => item.id)).toEqual(['a']);
    expect(matchTemplates(templates, 'zzz')).toEqual([]);
    // Nothing typed yet: the ones with a shortcut first.
    expect(matchTemplates(templates, '').map((item) => item.id)).toEqual(['c', 'd', 'b', 'a']);
    expect(matchTemplates(templates, '', 2)).toHaveLength(2);
  });
});

describe('filling placeholders', () => {
  it('replaces each numbered placeholder and keeps those left empty', () => {
    expect(fillTemplate('Halo {{1}}, pesanan {{2}} dikirim. {{1}}!', ['Rina', 'A-12'])).toBe(
      'Halo Rina, pesanan A-12 dikirim. Rina!',
    );
    expect(fillTemplate('Halo {{1}} {{2}}', ['Rina'])).toBe('Halo Rina {{2}}');
    expect(templateParts('Hi {{1}}.')).toEqual([
      { text: 'Hi ', placeholder: null },
      { text: '{{1}}', placeholder: 1 },
      { text: '.', placeholder: null },
    ]);
  });
});
