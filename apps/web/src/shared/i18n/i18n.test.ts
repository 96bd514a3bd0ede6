import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { id } from './id.ts';

const keys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'string' ? [`${prefix}${key}`] : keys(child as object, `${prefix}${key}.`),
  );

const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();

const lookup = (catalogue: object, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue) as string;

// The shared catalogues, and every feature's own (`features/<feature>/<feature>.i18n.ts`).
const features = import.meta.glob<{ catalogue: { en: object; id: object } }>('../../features/**/*.i18n.ts', {
  eager: true,
});
const catalogues: [string, { en: object; id: object }][] = [
  ['shared', { en, id }],
  ...Object.entries(features).map(([path, module]): [string, { en: object; id: object }] => [
    path,
    module.catalogue,
  ]),
];

describe.each(catalogues)('catalogue %s', (_name, catalogue) => {
  it('has the same keys in English and Indonesian', () => {
    expect(keys(catalogue.id).sort()).toEqual(keys(catalogue.en).sort());
  });

  it('has no empty text and the same placeholders', () => {
    for (const key of keys(catalogue.en)) {
      expect(lookup(catalogue.en, key).trim(), key).not.toBe('');
      expect(lookup(catalogue.id, key).trim(), key).not.toBe('');
      expect(placeholders(lookup(catalogue.id, key)), key).toEqual(placeholders(lookup(catalogue.en, key)));
    }
  });
});
