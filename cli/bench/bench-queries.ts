/** Realistic queries the benchmarks cycle through (one per intent family). */
export const BENCH_QUERIES: readonly string[] = [
  'which laptop should i buy for college',
  'hubspot vs salesforce for a team of 10',
  'my router keeps dropping wifi every hour',
  'book a table for two tonight in austin',
  'write a short poem about the sea',
  'i feel stuck in my career lately',
  'any promo code for hellofresh',
  'how do index funds work',
  'best running shoes for flat feet under 100 dollars',
  'cancel my spotify subscription',
];
