import { describe, expect, it } from 'vitest';
import { frameMasker } from '../../../../training/data/corpus/frames.js';
import { fixtureRegistry } from './fixture.js';

describe('frameMasker', () => {
  const frameOf = frameMasker(fixtureRegistry());

  it('masks the span and every registered name, ignoring case and punctuation', () => {
    expect(frameOf({ text: 'Is HubSpot worth it?', span: 'HubSpot' })).toBe('is <t> worth it');
    expect(frameOf({ text: 'is nordvpn worth it', span: '' })).toBe('is <t> worth it');
    expect(frameOf({ text: 'Is my Acme Widget worth it', span: 'Acme Widget' })).toBe('is my <t> worth it');
  });

  it('masks whole words only and merges adjacent masks', () => {
    expect(frameOf({ text: 'crmx tools', span: '' })).toBe('crmx tools');
    expect(frameOf({ text: 'Slack team chat pricing', span: '' })).toBe('<t> pricing');
  });
});
