import { describe, expect, it } from 'vitest';
import { splitContrast } from '../../../shared/features/contrast.js';

describe('splitContrast', () => {
  it.each([
    ['want jazz clubs, not art museums and galleries', 'want jazz clubs', 'art museums and galleries'],
    ['a minivan instead of a coupe', 'a minivan', 'a coupe'],
    ['outdoor activities rather than theme parks', 'outdoor activities', 'theme parks'],
    ['laptops not tablets', 'laptops', 'tablets'],
    ['rather than renting, should i buy a house', 'should i buy a house', 'renting'],
    ['cheap flights to rome but not ryanair, any ideas?', 'cheap flights to rome, any ideas?', 'ryanair'],
    ['hiking boots as opposed to trail runners; waterproof', 'hiking boots; waterproof', 'trail runners'],
    ['need cigars, not beekeeping', 'need cigars', 'beekeeping'],
    ['ged classes for adults, not homeschooling', 'ged classes for adults', 'homeschooling'],
  ])('%j asks for %j and rules out %j', (query, wanted, excluded) => {
    expect(splitContrast(query)).toEqual({ wanted, excluded });
  });

  it.each([
    'why is my car not starting',
    'how to not overpay for flights',
    'not sure which laptop to buy',
    'is it not worth it',
    'the phone is not working',
    'instead of',
    'best running shoes',
  ])('leaves %j whole', (query) => {
    expect(splitContrast(query)).toEqual({ wanted: query, excluded: '' });
  });
});
