import { describe, expect, it } from 'vitest';
import { AD_CONTENT_TEMPLATES, buildAdContentRows, otherNumber, spokenName } from '../../../training/data/ad-content-rows.js';
import { splitContrast } from '../../../shared/features/contrast.js';
import { normaliseText } from '../../../shared/text.js';
import { taxonomyFixture } from '../../helpers/training-fixture.js';

// Fixture taxonomy: 1 Technology, 2 Technology > Laptops, 3 Travel, 4 Travel > Hotels.
const { taxonomy, annotations } = taxonomyFixture();
const rows = buildAdContentRows(taxonomy, annotations);
const templated = (id: string) => rows.filter((r) => r.ad_content_id === id && r.source === 'template').map((r) => r.text);

describe('otherNumber', () => {
  it.each([
    ['Auto Body Styles', 'Auto Body Style'],
    ['Green Vehicles', 'Green Vehicle'],
    ['Hobbies', 'Hobby'],
    ['Minivan', 'Minivans'],
    ['Technology', 'Technologies'],
    ['Sandwich', 'Sandwiches'],
    ['Fitness', undefined],
    ['Business', undefined],
    ['TV', undefined],
  ])('%s -> %s', (name, expected) => expect(otherNumber(name)).toBe(expected));
});

describe('buildAdContentRows', () => {
  it('keeps every hand-written query once, split by hash, and puts templated texts in train only', () => {
    const annotated = rows.filter((r) => r.source === 'annotation');
    expect(annotated).toHaveLength([...annotations.nodes.values()].reduce((n, a) => n + a.queries.length, 0));
    expect(rows.filter((r) => r.source === 'template').every((r) => r.split === 'train')).toBe(true);
  });

  it('templates the name, its other number, the parent-qualified name and the aliases', () => {
    const texts = templated('2').join('\n');
    const fills = (subject: string) => AD_CONTENT_TEMPLATES.some((t) => texts.includes(t.replace('{a}', subject)));
    for (const subject of ['laptops', 'laptop', 'technology laptops', 'laptops technology', 'notebook computer', 'macbook']) expect(fills(subject), subject).toBe(true);
  });

  it('spells "&" as "and" the way people type a name', () => {
    expect(spokenName('Style & Fashion')).toBe('Style and Fashion');
    expect(spokenName('Bed&Breakfast')).toBe('Bed and Breakfast');
    expect(spokenName('Travel')).toBe('Travel');
  });

  it('adds contrastive queries that want the node and rule out another one', () => {
    const contrastive = templated('4').map(splitContrast).filter((split) => split.excluded);
    expect(contrastive.length).toBeGreaterThanOrEqual(2);
    for (const { wanted, excluded } of contrastive) {
      expect(wanted).toMatch(/hotel|motel/u);
      expect(excluded).not.toMatch(/hotel/u);
    }
  });

  it('drops a templated text that two nodes would claim, and is deterministic', () => {
    const owners = new Map<string, Set<string>>();
    for (const row of rows.filter((r) => r.source === 'template')) owners.set(normaliseText(row.text), (owners.get(normaliseText(row.text)) ?? new Set()).add(row.ad_content_id));
    expect([...owners.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(buildAdContentRows(taxonomy, annotations)).toEqual(rows);
  });
});
