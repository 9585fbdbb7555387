/** A small topic registry and rows for the corpus tests. */
import type { CorpusRow } from '../../../../training/data/corpus/corpus-row.js';
import { parseDomainFile, registryOf, type TopicRegistry } from '../../../../training/data/corpus/topic-registry.js';

export function fixtureRegistry(): TopicRegistry {
  return registryOf([
    parseDomainFile(
      {
        domain: 'software',
        name: 'Software',
        topics: [
          { id: 'software.crm', name: 'CRM', terms: ['crm'], brands: ['HubSpot', 'Salesforce'] },
          { id: 'software.vpn', name: 'VPN', terms: ['vpn'], brands: ['NordVPN', 'Mullvad'] },
          { id: 'software.chat', name: 'Team chat', terms: ['team chat'], brands: ['Slack'] },
        ],
      },
      'software.json',
    ),
    parseDomainFile({ domain: 'hobbies', name: 'Hobbies', topics: [{ id: 'hobbies.golf', name: 'Golf', terms: ['golf'], brands: ['Titleist'] }] }, 'hobbies.json'),
  ]);
}

export function row(text: string, overrides: Partial<CorpusRow> = {}): CorpusRow {
  return { text, intent_type: 'informational', intent_subtype: 'education', decision_phase: 'awareness', topic: 'software.crm', source: 'hand', cross: false, style: 'question', span: '', ...overrides };
}
