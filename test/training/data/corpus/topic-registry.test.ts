import { describe, expect, it } from 'vitest';
import { parseDomainFile, registeredNames, registryOf } from '../../../../training/data/corpus/topic-registry.js';
import { fixtureRegistry } from './fixture.js';

describe('topic registry', () => {
  it('indexes topics by id, sorted, with their domain', () => {
    const registry = fixtureRegistry();
    expect(registry.topics.map((t) => t.id)).toEqual(['hobbies.golf', 'software.chat', 'software.crm', 'software.vpn']);
    expect(registry.byId.get('software.vpn')?.domain).toBe('software');
    expect(registry.domains.map((d) => d.id)).toEqual(['hobbies', 'software']);
  });

  it('refuses ids outside the domain, missing terms and duplicates, naming the file', () => {
    expect(() => parseDomainFile({ domain: 'auto', name: 'Auto', topics: [{ id: 'cars.new', name: 'x', terms: ['car'] }] }, 'auto.json')).toThrow(/auto.json: topics\[0\]: id "cars.new" must be "auto.<slug>"/);
    expect(() => parseDomainFile({ domain: 'auto', name: 'Auto', topics: [{ id: 'auto.new', name: 'x', terms: 'car' }] }, 'auto.json')).toThrow(/terms: must be a list/);
    const part = parseDomainFile({ domain: 'auto', name: 'Auto', topics: [{ id: 'auto.new', name: 'x', terms: ['car'] }] }, 'auto.json');
    expect(() => registryOf([part, part])).toThrow(/auto.new is defined twice/);
  });

  it('lists every registered name once, longest first', () => {
    const names = registeredNames(fixtureRegistry());
    expect(names[0]).toBe('salesforce');
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('team chat');
  });
});
