/**
 * Informational, exploratory and commercial queries: education (awareness / research), open-ended
 * exploration, product discovery, comparison, evaluation, deal seeking and provider selection.
 *
 * Three slot sources:
 *  - the shared VERTICALS (products, brands, providers, concepts, qualifiers), filtered and inflected
 *    here so that templates stay grammatical ("a heloc", "car insurance", "running shoes");
 *  - PACKS, defined in this file: coherent product categories with brands that are really compared
 *    with each other (business software, ML / AI tools and a few consumer categories);
 *  - global pools (cities, destinations, medications, legal and ML terms, hobbies, ...).
 * Each template is its own split group; every filling of a template picks its own vertical or pack.
 */
import { seedFromString, typeLikeAPerson, type IntentGenerator, type IntentRow, type Labels, type NoiseOptions, type Rng } from '../lib.js';
import { VERTICALS } from '../lexicon/verticals.js';
import type { Vertical } from '../lexicon/types.js';

const SOURCE = 'gen/commercial';

// ---------------------------------------------------------------------------------------------
// Inflection helpers for the shared vocabulary
// ---------------------------------------------------------------------------------------------

/** Uncountable product names: no article, no plural. */
const MASS_PRODUCTS = new Set([
  'accounting software', 'hr software', 'help desk software', 'invoicing software', 'tax software', 'photo editing software',
  'identity theft protection', 'endpoint protection', 'encrypted email', 'git hosting', 'fiber internet', 'cable internet',
  '5g home internet', 'satellite internet', 'travel insurance', 'car insurance', 'home insurance', 'renters insurance',
  'pet insurance', 'disability insurance', 'dental insurance', 'rental car insurance', 'title insurance', 'bitcoin', 'ethereum',
  'physical therapy', 'online therapy', 'couples therapy', 'allergy medicine', 'generic medication', 'protein powder', 'creatine',
  'grocery delivery', 'prepared meal delivery', 'interior paint', 'vinyl plank flooring', 'cat litter', 'dog food', 'cat food',
  'flea and tick treatment', 'baby formula', 'fertilizer', 'potting soil', 'printer paper', 'toner', 'photo printing',
  'car detailing', 'transmission service', 'water service', 'natural gas service', 'llc formation', 'trademark registration',
  'power of attorney', 'daycare', 'workwear', 'packing supplies', 'car shipping', 'music lessons', 'antivirus', 'sunscreen',
  'shampoo', 'mascara', 'foundation', 'lipstick', 'moisturizer', 'cleanser', 'eye cream', 'paper shredder',
]);

/** Products that already are plural. */
const PLURAL_PRODUCTS = new Set([
  'wireless earbuds', 'noise cancelling headphones', 'serverless functions', 'adjustable dumbbells', 'resistance bands',
  'contact lenses', 'bulk pantry staples', 'new tires', 'solar panels', 'replacement windows', 'curtains', 'moving boxes',
  'studio headphones', 'golf clubs', 'skis', 'season tickets', 'jeans', 'leggings', 'running shoes', 'sneakers', 'hiking boots',
  'dress shoes', 'sandals', 'work boots', 'kids shoes', 'slip-on shoes', 'winter boots', 'trail runners', 'orthotic insoles',
  'diamond earrings', 'diapers', 'hiking poles', 'wedding invitations', 'soccer cleats',
]);

/** Products that read badly in shopping templates ("best amended return", "best checked bag"). */
const NOT_SHOPPABLE = new Set([
  'refinance', 'state tax return', 'amended return', 'tax extension', 'estimated tax payment', 'payroll tax filing', 'checked bag',
  'seat upgrade', 'group order', 'pickup order', 'takeout order', 'food delivery order', 'catering order', 'grocery pickup order',
  'weekly grocery haul', 'store brand item', 'bulk pantry staples', 'dinner reservation', 'date night idea', 'dating profile',
  'college application', 'book club pick', 'resume', 'cover letter', 'job posting', 'salary negotiation', 'resume template',
  'roommate', 'sublet', 'prescription refill', 'annual physical', 'blood test', 'allergy test', 'eye exam', 'dental cleaning',
  'dermatologist appointment', 'urgent care visit', 'state inspection', 'brake job', 'wheel alignment', 'happy hour',
  'private dining room', 'parking pass', 'campsite reservation', 'photo printing', 'lease review', 'small claims case', 'appraisal',
  'home inspection', 'flu shot', 'gift card', 'library card', 'vinyl record', 'box set', 'game ticket', 'playoff ticket',
  'resale ticket', 'one-way flight', 'round-trip ticket', 'multi-city ticket', 'lounge pass', 'language exchange', 'phrasebook', 'grammar workbook', 'bottle', 'range', 'suite', 'will', 'controller',
  'suit', 'foundation', 'hybrid', 'house', 'apartment', 'one bedroom', 'scholarship', 'internship', 'remote job', 'divorce lawyer',
  'immigration attorney', 'tax preparer', 'cpa', 'caterer', 'florist', 'dj', 'wedding planner', 'personal trainer', 'career coach',
  'online tutor', 'wedding photographer', 'tutoring session', 'movie rental', 'family plan', 'annual subscription', 'concert ticket',
  'suite package', 'vip package', 'festival pass', 'checking account', 'joint account', 'debit card', 'oil change', 'new car',
  'used car', 'mortgage', 'student loan', 'car detailing', 'transmission service', 'water service', 'natural gas service',
  'prenup', 'estate plan', 'power of attorney', 'living trust', 'llc formation', 'trademark registration', 'home energy audit', 'textbook', 'ebook', 'hardcover', 'paperback', 'planner', 'flight', 'hostel bed',
]);

/** Products worth a first-contact "what is ..." question (everyday things like laptops are not). */
const UNFAMILIAR_PRODUCTS = new Set([
  'heloc', 'fha loan', 'va loan', 'roth ira', 'traditional ira', 'index fund', 'etf', 'robo-advisor', '401k', 'treasury bond',
  '529 plan', 'target date fund', 'umbrella policy', 'whole life policy', 'term life policy', 'disability insurance', 'stablecoin',
  'hardware wallet', 'bitcoin etf', 'crypto savings account', 'software wallet', 'mail order pharmacy', 'pilates reformer',
  'smart scale', 'meal replacement shake', 'electrolyte mix', 'creatine', 'therapy subscription', 'warehouse club membership',
  'tasting menu', 'sous vide', 'dutch oven', 'certified pre-owned car', 'plug-in hybrid', 'car lease', 'extended warranty',
  'home ev charger', 'charging subscription', 'heat pump', 'vinyl plank flooring', 'induction cooktop', 'dehumidifier',
  'title insurance', 'new construction home', 'furnished rental', 'short term lease', 'storage pod', 'moving container',
  'coding bootcamp', 'certificate program', 'immersion program', 'proficiency exam', 'live tv streaming service',
  'ad-supported plan', 'audio interface', 'audiobook subscription', 'mesh wifi system', 'smart display', 'smart plug',
  'e-signature tool', 'applicant tracking system', 'crm', 'help desk software', 'ci/cd pipeline', 'managed database',
  'container registry', 'cdn', 'virtual private server', 'vpn', 'password manager', 'identity theft protection',
  'security key', 'endpoint protection', 'data removal service', '5g home internet', 'mobile hotspot', 'lounge pass',
  'multi-city ticket', 'extended stay hotel', 'one-way rental', 'rental car insurance', 'certificate of deposit',
  'money market account', 'high-yield savings account', 'secured credit card', 'balance transfer card', 'travel rewards card',
  'home equity loan', 'debt consolidation loan', 'foldable phone', 'streaming stick', 'soundbar', 'vr headset', 'docking station',
  'graphics card', 'robot vacuum', 'video doorbell', 'smart lock', 'smart thermostat', 'home battery',
  'community solar subscription', 'fixed rate energy plan', 'green energy plan', 'home energy audit', 'smart meter',
  'lab-grown diamond', 'dive watch', 'gps pet tracker', 'pet insurance', 'drip irrigation kit', 'grow light', 'living trust',
  'llc formation', 'trademark registration', 'prenup', 'power of attorney', 'estate plan', 'matchmaking service', 'mirrorless camera',
  'gimbal', 'action camera', 'rooftop tent', 'label maker', 'laminator', 'monitor arm', 'meal kit subscription',
  'delivery subscription', 'clothing subscription box', 'beauty subscription box', 'retinol serum', 'orthotic insoles',
  'masterclass', 'language app', 'mba program', 'study abroad program', 'capture card', 'seed starter kit', 'ring light',
]);

/** Verticals whose brand lists are all the same kind of thing, so "brand A vs brand B" reads naturally. */
const COMPARABLE_BRAND_VERTICALS = new Set([
  'smartphones', 'banking', 'credit_cards', 'loans_mortgages', 'insurance', 'tax_accounting', 'streaming_entertainment', 'dating',
  'hotels_lodging', 'car_rental', 'travel_flights', 'fashion_apparel', 'shoes', 'automotive_buying',
  'education_online_courses', 'language_learning', 'rentals', 'moving', 'jobs_careers', 'sports_tickets_events', 'mental_health_apps',
  'real_estate_buying',
]);

/** Verticals whose brands are physical products sold by retailers ("cheapest place to buy the LG C3"). */
const RETAIL_BRAND_VERTICALS = new Set([
  'consumer_tech', 'smartphones', 'computers', 'smart_home', 'cooking_kitchen', 'appliances', 'furniture_decor', 'shoes',
  'fashion_apparel', 'beauty_skincare', 'sports_equipment', 'outdoor_camping', 'photography_cameras', 'gaming', 'baby_kids',
  'gardening', 'office_supplies', 'jewelry_watches', 'music',
]);

/** Verticals where one picks a company or plan rather than a physical product. */
const SERVICE_VERTICALS = [
  'telecom_internet', 'banking', 'credit_cards', 'loans_mortgages', 'investing', 'insurance', 'energy_utilities', 'tax_accounting',
  'mental_health_apps', 'moving', 'car_rental', 'streaming_entertainment', 'cybersecurity_vpn', 'developer_tools_cloud',
  'business_software', 'food_delivery', 'crypto',
];

/** Verticals where choosing between two named companies and then signing up reads naturally. */
const PROVIDER_CHOICE_VERTICALS = [...SERVICE_VERTICALS, 'hotels_lodging', 'travel_flights', 'rentals', 'real_estate_buying', 'automotive_buying', 'weddings', 'pets', 'fitness', 'education_online_courses', 'language_learning', 'legal_services'];

/** Verticals whose providers are the same kind of company, so "provider A vs provider B" reads naturally. */
const PROVIDER_CMP_VERTICALS = VERTICALS.map((v) => v.id).filter((id) => !['higher_education', 'health_medical', 'jobs_careers', 'music', 'weddings', 'restaurants'].includes(id));

/** Verticals whose brands are durable goods (things that last, break, carry warranties). */
const DURABLE_VERTICALS = [
  'consumer_tech', 'smartphones', 'computers', 'smart_home', 'cooking_kitchen', 'appliances', 'furniture_decor', 'sports_equipment',
  'photography_cameras', 'jewelry_watches',
];

/** Verticals sold as subscriptions or memberships ("first month free"). */
const SUBSCRIPTION_VERTICALS = [
  'streaming_entertainment', 'mental_health_apps', 'fitness', 'food_delivery', 'groceries', 'language_learning', 'education_online_courses',
  'cybersecurity_vpn', 'developer_tools_cloud', 'business_software', 'music', 'books', 'dating', 'telecom_internet', 'nutrition_diet',
];

/** Software categories with credible open-source options. */
const OSS_CATS = ['vector database', 'experiment tracking tool', 'web analytics tool', 'password manager', 'llm observability tool', 'project management tool', 'crm', 'help desk tool', 'note taking app', 'scheduling tool', 'data labeling platform'];

/** AI categories where "how accurate" makes sense. */
const ACCURACY_CATS = ['embedding api', 'llm api', 'speech to text api', 'ocr api', 'ai coding assistant', 'ai chatbot subscription'];

/** Verticals with products one browses and buys in a shop. */
const RETAIL_VERTICALS = [...RETAIL_BRAND_VERTICALS];

const AN_INITIALISMS = new Set(['suv', 'fha', 'llc', 'mba', 'hsa', 'etf', 'ssd', 'rv', 'ev', 'hoa', 'fsa', 'nas', 'seo', 'mri', 'hdr', 'rmd', 'nda', 'sat', 'lvp', 'obd-ii', 'efc', 'fdic', 'hiit', 'isbn', 'ats', 'ach', 'a1c', 'ira', 'llm', 'api', 'f1', 'roc', 'nlp', 'ocr', 'sdk', 'ml', 'mlops', 'rlhf', 'rag', 'lstm', 'rnn', 'hvac']);

function article(phrase: string): string {
  const first = (phrase.split(/[\s-]/)[0] ?? '').toLowerCase();
  if (AN_INITIALISMS.has(first)) return `an ${phrase}`;
  if (/^(u[bcdfgjklmnpqrstvwxz][aeiou]|use|usa|uni|one|eu)/i.test(first)) return `a ${phrase}`;
  if (/^(hour|honest|heir)/i.test(first)) return `an ${phrase}`;
  if (/^8/.test(first)) return `an ${phrase}`;
  return /^[aeiou]/i.test(first) ? `an ${phrase}` : `a ${phrase}`;
}

function pluralise(phrase: string): string {
  if (PLURAL_PRODUCTS.has(phrase)) return phrase;
  const of = phrase.indexOf(' of ');
  if (of > 0) return `${pluralise(phrase.slice(0, of))}${phrase.slice(of)}`;
  const words = phrase.split(' ');
  const last = words[words.length - 1] as string;
  let plural: string;
  if (/[^aeiou]y$/.test(last)) plural = `${last.slice(0, -1)}ies`;
  else if (/(s|x|z|ch|sh)$/.test(last)) plural = `${last}es`;
  else if (/fe$/.test(last)) plural = `${last.slice(0, -2)}ves`;
  else if (/lf$/.test(last)) plural = `${last.slice(0, -1)}ves`;
  else plural = `${last}s`;
  return [...words.slice(0, -1), plural].join(' ');
}

const PLURAL_CONCEPTS = new Set(['the 4 cs of diamonds', 'the cefr levels', 'music theory basics', 'latency and ping', 'matter and thread']);
const SINGULAR_CONCEPTS = new Set(['kubernetes', 'kwh per 100 miles', 'mindfulness', 'dashpass', 'hiit', 'iso']);

function conceptIsPlural(concept: string): boolean {
  if (PLURAL_CONCEPTS.has(concept)) return true;
  if (SINGULAR_CONCEPTS.has(concept) || /^(a|an|the) /.test(concept)) return false;
  const last = concept.split(' ').pop() as string;
  return /[^su]s$/.test(last);
}

/** Gerund or list-like concepts that do not read after "what is". */
function conceptIsAwkward(concept: string): boolean {
  const words = concept.split(' ');
  if (words.length >= 3 && /ing$/.test(words[0] as string)) return true;
  return /^(scale and proportion|sizing conversions|a tip for|protein per|spaying|rear-facing|safe sleep|password sharing|developmental|decibel ratings|water resistance|blood pressure readings|cholesterol numbers|home automation)/.test(concept);
}

/** Brand names that are also ordinary words ("budget coupon") and read as ambiguous on their own. */
const AMBIGUOUS_NAMES = new Set(['Budget', 'Dollar', 'Match', 'Joy', 'Balance', 'Rethink', 'Article', 'Burrow', 'Bench', 'Brilliant', 'Factor', 'Aura', 'Thrifty', 'Render', 'Alma', 'National', 'Fortnite', 'Minecraft', 'Adobe Lightroom']);
const isNamed = (provider: string) => /^[A-Z0-9]/.test(provider) && !AMBIGUOUS_NAMES.has(provider);
const isPriceQualifier = (q: string) => /\$|^under |^around |budget|^on a /.test(q);

interface VSlots {
  id: string;
  lists: Record<string, readonly string[]>;
}

function verticalSlots(v: Vertical): VSlots {
  const shoppable = v.products.filter((p) => !NOT_SHOPPABLE.has(p));
  const singularOrMass = shoppable.filter((p) => !PLURAL_PRODUCTS.has(p));
  const countable = shoppable.filter((p) => !MASS_PRODUCTS.has(p));
  const unfamiliar = v.products.filter((p) => UNFAMILIAR_PRODUCTS.has(p));
  const concepts = v.concepts.filter((c) => !conceptIsAwkward(c));
  const conceptVs = v.concepts.filter((c) => c.includes(' vs '));
  const conceptNp = concepts.filter((c) => !c.includes(' vs '));
  const named = v.providers.filter(isNamed);
  const brands = v.brands.filter((b) => !AMBIGUOUS_NAMES.has(b));
  const lists: Record<string, readonly string[]> = {
    vname: [v.name],
    product: shoppable,
    a_product: singularOrMass.map((p) => (MASS_PRODUCTS.has(p) ? p : article(p))),
    a_cproduct: singularOrMass.filter((p) => !MASS_PRODUCTS.has(p)).map(article),
    products: countable.map(pluralise),
    products_any: shoppable.map((p) => (MASS_PRODUCTS.has(p) ? p : pluralise(p))),
    u_product: unfamiliar.filter((p) => !PLURAL_PRODUCTS.has(p)).map((p) => (MASS_PRODUCTS.has(p) ? p : article(p))),
    u_cproduct: unfamiliar.filter((p) => !PLURAL_PRODUCTS.has(p) && !MASS_PRODUCTS.has(p)).map(article),
    u_products: unfamiliar.filter((p) => !MASS_PRODUCTS.has(p)).map(pluralise),
    brand: brands,
    cbrand: COMPARABLE_BRAND_VERTICALS.has(v.id) ? brands : [],
    rbrand: RETAIL_BRAND_VERTICALS.has(v.id) ? brands : [],
    provider: named,
    gprovider: v.providers.filter((p) => /^(a|an) /.test(p)),
    concept: v.concepts.filter((c) => !conceptIsAwkward(c) || /^(seasoning|hardening|layering)/.test(c)),
    concept_np: conceptNp,
    concept_sg: conceptNp.filter((c) => !conceptIsPlural(c)),
    concept_vs: conceptVs,
    qualifier: v.qualifiers,
    qual_np: v.qualifiers.filter((q) => !isPriceQualifier(q)),
    qual_for: v.qualifiers.filter((q) => q.startsWith('for ')),
  };
  return { id: v.id, lists };
}

// ---------------------------------------------------------------------------------------------
// Packs: coherent categories whose brands people compare head to head
// ---------------------------------------------------------------------------------------------

type PackKind = 'ent' | 'sw' | 'ai' | 'sub' | 'consumer' | 'service';

interface Pack {
  /** Singular category noun as people type it. */
  cat: string;
  /** Plural form. */
  cats: string;
  brands: readonly string[];
  /** Audience / use-case phrases, each starting with "for", "with", "that" or similar. */
  aud: readonly string[];
  kind: PackKind;
}

const PACKS: readonly Pack[] = [
  // business software
  { kind: 'ent', cat: 'crm', cats: 'crms', brands: ['HubSpot', 'Salesforce', 'Pipedrive', 'Zoho CRM', 'Close CRM', 'Copper CRM', 'Attio', 'Freshsales'], aud: ['for a 5 person sales team', 'for a real estate agent', 'for a b2b saas startup', 'for a solo consultant', 'for a small agency', 'for a nonprofit', 'that works well with gmail'] },
  { kind: 'ent', cat: 'project management tool', cats: 'project management tools', brands: ['Asana', 'Monday.com', 'ClickUp', 'Jira', 'Linear', 'Trello', 'Basecamp', 'Wrike', 'Smartsheet'], aud: ['for a remote team of 20', 'for a marketing agency', 'for a small dev team', 'for construction projects', 'for freelancers', 'for a team that hates jira'] },
  { kind: 'ent', cat: 'accounting software', cats: 'accounting software options', brands: ['QuickBooks Online', 'Xero', 'FreshBooks', 'Wave', 'Zoho Books', 'Sage Accounting', 'NetSuite'], aud: ['for an etsy shop', 'for a one person llc', 'for a restaurant', 'for a uk small business', 'for a growing startup', 'for a landlord with 3 rentals'] },
  { kind: 'sw', cat: 'vpn', cats: 'vpns', brands: ['NordVPN', 'ExpressVPN', 'Surfshark', 'Proton VPN', 'Mullvad', 'Private Internet Access', 'CyberGhost'], aud: ['for streaming abroad', 'for torrenting', 'for travel in china', 'for a family', 'for a small remote team', 'for gaming', 'for an iphone'] },
  { kind: 'sw', cat: 'password manager', cats: 'password managers', brands: ['1Password', 'Bitwarden', 'Dashlane', 'Keeper', 'LastPass', 'NordPass', 'Proton Pass'], aud: ['for a family of 4', 'for a small business', 'for a team of 30', 'for someone who uses iphone and windows', 'for my elderly parents', 'with passkey support'] },
  { kind: 'sw', cat: 'web analytics tool', cats: 'web analytics tools', brands: ['Google Analytics 4', 'Plausible', 'Fathom', 'Matomo', 'Mixpanel', 'Amplitude', 'PostHog', 'Heap analytics'], aud: ['for a small blog', 'for a saas product', 'that is gdpr compliant', 'for an online store', 'without cookie banners', 'for a mobile app'] },
  { kind: 'ent', cat: 'payroll provider', cats: 'payroll providers', brands: ['Gusto', 'Rippling', 'ADP', 'Paychex', 'Justworks', 'Deel', 'OnPay'], aud: ['for a 10 person company', 'with contractors in other countries', 'for a restaurant with hourly staff', 'for a startup in california', 'for a 50 person company'] },
  { kind: 'ent', cat: 'hr platform', cats: 'hr platforms', brands: ['BambooHR', 'Rippling', 'Gusto', 'HiBob', 'Workday', 'Personio', 'Namely'], aud: ['for a 50 person company', 'for a fast growing startup', 'for a company with european staff', 'for a small nonprofit', 'for a 200 person company'] },
  { kind: 'ent', cat: 'email marketing platform', cats: 'email marketing platforms', brands: ['Mailchimp', 'Klaviyo', 'ConvertKit', 'Brevo', 'Constant Contact', 'MailerLite', 'beehiiv', 'ActiveCampaign'], aud: ['for a shopify store', 'for a newsletter with 5k subscribers', 'for a nonprofit', 'for a local bakery', 'for a course creator', 'for b2b drip campaigns'] },
  { kind: 'sw', cat: 'website builder', cats: 'website builders', brands: ['Squarespace', 'Wix', 'Shopify', 'Webflow', 'WordPress.com', 'Framer', 'Carrd'], aud: ['for a photographer portfolio', 'for a small online store', 'for a restaurant', 'for a wedding site', 'for a startup landing page', 'for a therapist'] },
  { kind: 'ent', cat: 'help desk tool', cats: 'help desk tools', brands: ['Zendesk', 'Intercom', 'Freshdesk', 'Help Scout', 'Front app', 'Gorgias'], aud: ['for an ecommerce brand', 'for a saas startup', 'for a 3 person support team', 'with a good live chat widget', 'for b2b support'] },
  { kind: 'sw', cat: 'video conferencing app', cats: 'video conferencing apps', brands: ['Zoom', 'Google Meet', 'Microsoft Teams', 'Webex', 'Whereby'], aud: ['for webinars', 'for a remote company', 'for telehealth sessions', 'for online classes', 'for client calls'] },
  { kind: 'sw', cat: 'note taking app', cats: 'note taking apps', brands: ['Notion', 'Obsidian', 'Evernote', 'OneNote', 'Bear notes', 'Apple Notes', 'Logseq'], aud: ['for grad school', 'for a team wiki', 'for someone with adhd', 'that works offline', 'for linking ideas together'] },
  { kind: 'sw', cat: 'cloud storage service', cats: 'cloud storage services', brands: ['Dropbox', 'Google Drive', 'OneDrive', 'iCloud', 'Box.com', 'pCloud', 'Sync.com'], aud: ['for 2tb of photos', 'for a small law firm', 'for sharing big video files', 'for a family', 'with end to end encryption'] },
  { kind: 'ent', cat: 'e-signature tool', cats: 'e-signature tools', brands: ['DocuSign', 'Dropbox Sign', 'PandaDoc', 'Adobe Acrobat Sign', 'SignNow'], aud: ['for a real estate office', 'for freelance contracts', 'for a small law firm', 'for hr onboarding paperwork'] },
  { kind: 'sw', cat: 'scheduling tool', cats: 'scheduling tools', brands: ['Calendly', 'Cal.com', 'Acuity Scheduling', 'SavvyCal', 'Microsoft Bookings'], aud: ['for a hair salon', 'for a tutoring business', 'for sales demos', 'for a therapy practice'] },
  { kind: 'sw', cat: 'web host', cats: 'web hosts', brands: ['Bluehost', 'SiteGround', 'Hostinger', 'DreamHost', 'Kinsta', 'WP Engine', 'Cloudways'], aud: ['for a wordpress blog', 'for a woocommerce store', 'for an agency with 20 client sites', 'for a low traffic portfolio'] },
  // ML / AI tools and services
  { kind: 'ai', cat: 'embedding api', cats: 'embedding apis', brands: ['OpenAI text-embedding-3-large', 'Cohere Embed', 'Voyage AI', 'Jina Embeddings', 'Mistral Embed', 'Nomic Embed', 'Google Gemini embeddings'], aud: ['for semantic search', 'for multilingual documents', 'for a rag chatbot', 'for clustering support tickets', 'for code search'] },
  { kind: 'ai', cat: 'llm api', cats: 'llm apis', brands: ['OpenAI API', 'Anthropic Claude API', 'Gemini API', 'Mistral API', 'Together AI', 'Groq', 'Fireworks AI'], aud: ['for a customer support bot', 'for summarizing legal documents', 'for structured data extraction', 'for a high volume classification job', 'for a coding agent'] },
  { kind: 'ai', cat: 'vector database', cats: 'vector databases', brands: ['Pinecone', 'Weaviate', 'Qdrant', 'Milvus', 'Chroma', 'pgvector', 'LanceDB', 'Elasticsearch'], aud: ['for a rag app', 'for 50 million vectors', 'for a small side project', 'that we can self host', 'with hybrid search'] },
  { kind: 'ai', cat: 'data labeling platform', cats: 'data labeling platforms', brands: ['Labelbox', 'Scale AI', 'Label Studio', 'SuperAnnotate', 'Snorkel', 'Encord', 'V7', 'CVAT'], aud: ['for medical images', 'for bounding boxes on video', 'for nlp text classification', 'for a small research lab', 'for lidar point clouds'] },
  { kind: 'ai', cat: 'experiment tracking tool', cats: 'experiment tracking tools', brands: ['Weights & Biases', 'MLflow', 'Comet ML', 'Neptune.ai', 'ClearML', 'TensorBoard'], aud: ['for a small ml team', 'for a phd student', 'that we can self host', 'for hyperparameter sweeps'] },
  { kind: 'ai', cat: 'gpu cloud', cats: 'gpu clouds', brands: ['Lambda', 'RunPod', 'CoreWeave', 'Vast.ai', 'Paperspace', 'Modal Labs', 'AWS EC2'], aud: ['for fine tuning a 7b model', 'for cheap h100 hours', 'for a hobbyist', 'for batch inference', 'for training diffusion models'] },
  { kind: 'ai', cat: 'model hosting service', cats: 'model hosting services', brands: ['Hugging Face Inference Endpoints', 'Replicate', 'Baseten', 'Modal Labs', 'SageMaker', 'Vertex AI', 'Together AI'], aud: ['for a fine tuned llama', 'for a stable diffusion api', 'with autoscaling to zero', 'for low latency inference'] },
  { kind: 'ai', cat: 'speech to text api', cats: 'speech to text apis', brands: ['OpenAI Whisper API', 'Deepgram', 'AssemblyAI', 'Rev AI', 'Google Speech-to-Text', 'Speechmatics'], aud: ['for call center recordings', 'for podcasts', 'for medical dictation', 'for accented english', 'for real time captions'] },
  { kind: 'ai', cat: 'ai coding assistant', cats: 'ai coding assistants', brands: ['GitHub Copilot', 'Cursor', 'Codeium', 'Tabnine', 'Amazon Q Developer', 'Sourcegraph Cody', 'Claude Code'], aud: ['for a python team', 'for a big monorepo', 'for a beginner programmer', 'for an enterprise with strict privacy rules'] },
  { kind: 'ai', cat: 'ai chatbot subscription', cats: 'ai chatbot subscriptions', brands: ['ChatGPT Plus', 'Claude Pro', 'Gemini Advanced', 'Perplexity Pro', 'Copilot Pro'], aud: ['for writing', 'for research papers', 'for coding help', 'for a small business owner', 'for studying'] },
  { kind: 'ai', cat: 'ai image generator', cats: 'ai image generators', brands: ['Midjourney', 'DALL-E 3', 'Stable Diffusion', 'Adobe Firefly', 'Ideogram', 'Leonardo AI', 'Flux 1.1 Pro'], aud: ['for product photos', 'for logos', 'for commercial use', 'for book covers', 'for concept art'] },
  { kind: 'ai', cat: 'llm observability tool', cats: 'llm observability tools', brands: ['LangSmith', 'Langfuse', 'Arize Phoenix', 'Helicone', 'Braintrust', 'Weights & Biases Weave'], aud: ['for a production rag app', 'for prompt evals', 'that we can self host', 'for a small startup'] },
  { kind: 'ent', cat: 'ml platform', cats: 'ml platforms', brands: ['Databricks', 'SageMaker', 'Vertex AI', 'Azure Machine Learning', 'DataRobot', 'Snowflake Cortex'], aud: ['for a mid size bank', 'for a team of 5 data scientists', 'for tabular models', 'for a company already on aws'] },
  { kind: 'ai', cat: 'ocr api', cats: 'ocr apis', brands: ['Google Document AI', 'AWS Textract', 'Azure Document Intelligence', 'Mistral OCR', 'ABBYY'], aud: ['for invoices', 'for handwritten forms', 'for scanned contracts', 'for receipts'] },
  // consumer categories with coherent brands
  { kind: 'consumer', cat: 'phone', cats: 'phones', brands: ['iPhone 15', 'Pixel 8', 'Galaxy S24', 'OnePlus 12', 'iPhone 15 Pro', 'Pixel 8a', 'Galaxy A55'], aud: ['for a teenager', 'for my mom', 'for photography', 'with the best battery', 'for someone switching from android'] },
  { kind: 'consumer', cat: 'laptop', cats: 'laptops', brands: ['MacBook Air M3', 'Dell XPS 13', 'ThinkPad X1 Carbon', 'HP Spectre x360', 'Surface Laptop', 'Framework 13', 'ASUS Zenbook 14'], aud: ['for college', 'for programming', 'for video editing', 'for a writer', 'for travel'] },
  { kind: 'consumer', cat: 'pair of noise cancelling headphones', cats: 'noise cancelling headphones', brands: ['Sony WH-1000XM5', 'Bose QuietComfort Ultra', 'AirPods Max', 'Sennheiser Momentum 4', 'Sonos Ace'], aud: ['for flights', 'for the office', 'for small ears', 'for working from home'] },
  { kind: 'consumer', cat: 'robot vacuum', cats: 'robot vacuums', brands: ['Roomba j7+', 'Roborock S8', 'Eufy X10', 'Shark AI Ultra', 'Dreame L10s'], aud: ['for pet hair', 'for hardwood floors', 'for a small apartment', 'for thick carpet'] },
  { kind: 'consumer', cat: 'mattress', cats: 'mattresses', brands: ['Casper', 'Purple', 'Saatva', 'Tempur-Pedic', 'Helix', 'Nectar', 'Avocado'], aud: ['for side sleepers', 'for back pain', 'for hot sleepers', 'for a couple with different preferences'] },
  { kind: 'sub', cat: 'meal kit', cats: 'meal kits', brands: ['HelloFresh', 'Blue Apron', 'Home Chef', 'Green Chef', 'EveryPlate', 'Factor'], aud: ['for a family of 4', 'for a picky eater', 'for someone who is vegetarian', 'for two busy people'] },
  { kind: 'consumer', cat: 'electric car', cats: 'electric cars', brands: ['Tesla Model 3', 'Hyundai Ioniq 6', 'Tesla Model Y', 'Kia EV6', 'Chevy Equinox EV', 'Ford Mustang Mach-E', 'Polestar 2'], aud: ['for a long commute', 'for a family with two kids', 'for cold winters', 'for road trips'] },
  { kind: 'consumer', cat: 'family suv', cats: 'family suvs', brands: ['Toyota Highlander', 'Honda Pilot', 'Kia Telluride', 'Hyundai Palisade', 'Mazda CX-90', 'Subaru Ascent'], aud: ['for a family of six', 'for towing a small boat', 'for snowy winters', 'with good gas mileage'] },
  { kind: 'consumer', cat: 'brokerage', cats: 'brokerages', brands: ['Fidelity', 'Vanguard', 'Charles Schwab', 'Robinhood', 'E*TRADE', 'Interactive Brokers'], aud: ['for a first roth ira', 'for a beginner investor', 'for options trading', 'for a kid\'s custodial account'] },
  { kind: 'consumer', cat: 'travel credit card', cats: 'travel credit cards', brands: ['Chase Sapphire Preferred', 'Amex Gold', 'Capital One Venture X', 'Amex Platinum', 'Citi Strata Premier'], aud: ['for someone who flies twice a year', 'for dining and groceries', 'for a first travel card', 'for international trips'] },
  { kind: 'sub', cat: 'budgeting app', cats: 'budgeting apps', brands: ['YNAB', 'Monarch Money', 'Copilot Money', 'Rocket Money', 'EveryDollar', 'Goodbudget'], aud: ['for couples', 'for someone paid irregularly', 'for paying off debt', 'for a college student'] },
  { kind: 'sub', cat: 'language app', cats: 'language apps', brands: ['Duolingo', 'Babbel', 'Rosetta Stone', 'Pimsleur', 'Busuu', 'Memrise'], aud: ['for learning spanish fast', 'for japanese', 'for a trip to italy', 'for kids'] },
  { kind: 'consumer', cat: 'fitness tracker', cats: 'fitness trackers', brands: ['Apple Watch', 'Garmin Forerunner 265', 'Whoop 4.0', 'Oura Ring', 'Fitbit Charge 6', 'Polar Pacer'], aud: ['for sleep tracking', 'for marathon training', 'for weight lifting', 'without a subscription'] },
  { kind: 'consumer', cat: 'espresso machine', cats: 'espresso machines', brands: ['Breville Barista Express', 'De\'Longhi Dedica', 'Gaggia Classic Pro', 'Rancilio Silvia', 'Nespresso Vertuo'], aud: ['for a beginner', 'for lattes every morning', 'for a tiny kitchen', 'for an office'] },
  { kind: 'consumer', cat: 'air purifier', cats: 'air purifiers', brands: ['Coway Airmega', 'Levoit Core 300', 'Blueair Blue Pure', 'Winix 5500', 'Dyson Purifier'], aud: ['for allergies', 'for wildfire smoke', 'for a nursery', 'for a 400 sq ft living room'] },
  { kind: 'consumer', cat: 'home security system', cats: 'home security systems', brands: ['SimpliSafe', 'Ring Alarm', 'ADT', 'Abode', 'Cove Smart', 'Vivint'], aud: ['for renters', 'without a contract', 'for a house with pets', 'for a vacation home'] },
  { kind: 'sub', cat: 'streaming service', cats: 'streaming services', brands: ['Netflix', 'Hulu', 'Max', 'Disney+', 'Peacock', 'Paramount+', 'Apple TV+'], aud: ['for kids', 'for someone who loves prestige dramas', 'for live sports', 'for a family on a budget'] },
  { kind: 'consumer', cat: 'e-reader', cats: 'e-readers', brands: ['Kindle Paperwhite', 'Kobo Clara', 'Kindle Scribe', 'Kobo Libra', 'Boox Palma'], aud: ['for reading in bed', 'for library books', 'for manga', 'for taking notes'] },
  { kind: 'sub', cat: 'online therapy service', cats: 'online therapy services', brands: ['BetterHelp', 'Talkspace', 'Cerebral', 'Brightside', 'Headway'], aud: ['for anxiety', 'that takes insurance', 'for couples', 'for teens'] },
  { kind: 'consumer', cat: 'dna test', cats: 'dna tests', brands: ['23andMe', 'AncestryDNA', 'MyHeritage DNA', 'FamilyTreeDNA'], aud: ['for ancestry', 'for health insights', 'for finding relatives', 'as a gift'] },
  { kind: 'service', cat: 'cell carrier', cats: 'cell carriers', brands: ['Verizon', 'T-Mobile', 'AT&T', 'Mint Mobile', 'Visible', 'Google Fi', 'US Mobile'], aud: ['for a family of 4', 'for rural coverage', 'for international travel', 'for a single line'] },
  { kind: 'service', cat: 'internet provider', cats: 'internet providers', brands: ['Xfinity', 'AT&T Fiber', 'Verizon Fios', 'T-Mobile Home Internet', 'Starlink', 'Google Fiber', 'Spectrum'], aud: ['for gaming', 'for working from home', 'for a rural house', 'for a big family that streams'] },
  { kind: 'service', cat: 'car insurance company', cats: 'car insurance companies', brands: ['Geico', 'Progressive', 'State Farm', 'Allstate', 'USAA', 'Root Insurance', 'Liberty Mutual'], aud: ['for a new driver', 'for a teen driver', 'for a driver with a speeding ticket', 'for two cars'] },
  { kind: 'service', cat: 'pet insurance company', cats: 'pet insurance companies', brands: ['Trupanion', 'Lemonade Pet', 'Healthy Paws', 'Embrace Pet Insurance', 'Fetch Pet', 'Pumpkin Pet Insurance'], aud: ['for a puppy', 'for an older cat', 'for a breed with hip problems', 'for two dogs'] },
  { kind: 'service', cat: 'moving company', cats: 'moving companies', brands: ['U-Pack', 'PODS', 'Two Men and a Truck', 'Allied Van Lines', 'North American Van Lines', 'International Van Lines'], aud: ['for a cross country move', 'for a 1 bedroom apartment', 'for a move with a piano', 'for a move in august'] },
  { kind: 'service', cat: 'tax prep service', cats: 'tax prep services', brands: ['TurboTax', 'H&R Block', 'FreeTaxUSA', 'TaxAct', 'Cash App Taxes'], aud: ['for freelancers', 'for a simple w-2', 'for rental income', 'for crypto trades'] },
  { kind: 'service', cat: 'telehealth service', cats: 'telehealth services', brands: ['Teladoc', 'One Medical', 'MDLIVE', 'Amwell', 'Doctor on Demand'], aud: ['for quick prescriptions', 'for my kids', 'without insurance', 'for a chronic condition'] },
];

// ---------------------------------------------------------------------------------------------
// Global pools
// ---------------------------------------------------------------------------------------------

type Rec = Readonly<Record<string, string>>;

const POOLS: Readonly<Record<string, readonly string[]>> = {
  city: ['denver', 'chicago', 'austin', 'seattle', 'boston', 'miami', 'phoenix', 'atlanta', 'portland', 'nashville', 'san diego', 'toronto', 'london', 'manchester', 'dublin', 'sydney', 'vancouver', 'columbus', 'minneapolis', 'raleigh', 'brooklyn', 'oakland', 'houston', 'dallas', 'charlotte', 'pittsburgh', 'sacramento', 'tampa', 'salt lake city', 'philly'],
  dest: ['lisbon', 'tokyo', 'cancun', 'iceland', 'bali', 'rome', 'paris', 'barcelona', 'hawaii', 'new york', 'orlando', 'vegas', 'costa rica', 'mexico city', 'amsterdam', 'seoul', 'nashville', 'puerto rico', 'amalfi coast', 'banff', 'denver', 'new orleans', 'scotland', 'cape town', 'bangkok', 'montreal', 'croatia', 'greece', 'outer banks', 'san juan'],
  beach: ['cancun', 'punta cana', 'jamaica', 'aruba', 'costa rica', 'turks and caicos', 'the dominican republic', 'cabo', 'st lucia', 'mexico'],
  month: ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  when: ['this weekend', 'next friday', 'over thanksgiving', 'for spring break', 'in march', 'the first week of june', 'over christmas', 'for labor day weekend', 'in mid october', 'next month', 'for new years', 'the week of july 4th'],
  state: ['california', 'texas', 'new york', 'florida', 'ohio', 'washington state', 'illinois', 'georgia', 'michigan', 'arizona', 'massachusetts', 'colorado', 'pennsylvania', 'north carolina', 'oregon', 'ontario', 'the uk'],
  year: ['2024', '2025'],
  holiday: ['black friday', 'prime day', 'cyber monday', 'memorial day', 'labor day', 'presidents day', 'the 4th of july', 'boxing day'],
  retailer: ['amazon', 'costco', 'best buy', 'target', 'walmart', 'b&h'],
  fare: ['$200', '300 bucks', '$450', '$600 round trip', '500'],
  age: ['25', '30', '35', '40', '45', '50', '55'],
  salary: ['60k', '$85,000 a year', '45k', '120k', '$70k'],
  hobby: ['cycling', 'photography', 'pottery', 'rock climbing', 'woodworking', 'birdwatching', 'sailing', 'running', 'chess', 'gardening', 'baking bread', 'knitting', 'skiing', 'surfing', 'fishing', 'golf', 'homebrewing', '3d printing', 'flying drones', 'playing guitar', 'astronomy', 'podcasting', 'yoga', 'camping', 'kayaking', 'collecting vinyl', 'film photography', 'bouldering', 'tennis', 'pickleball', 'scuba diving', 'journaling', 'watercolor painting', 'sourdough', 'mountain biking', 'trail running'],
  trend: ['cold plunges', 'ai agents', 'van life', 'smart rings', 'mushroom coffee', 'the 4 day work week', 'tiny houses', 'buy now pay later', 'foldable phones', 'digital nomad visas', 'lab grown meat', 'heat pumps', 'e-bikes', 'zone 2 training', 'glp-1 drugs', 'passkeys', 'solar balcony panels', 'ai pcs', 'vertical farming', 'open source llms', 'humanoid robots', 'sleep tourism'],
  life: ['moving abroad', 'going back to school at 35', 'switching careers into tech', 'working remotely from another country', 'buying my first home', 'going freelance', 'starting a small online business', 'retiring early', 'living in a van for a year', 'going vegan', 'moving to the suburbs', 'homeschooling my kids', 'becoming a landlord', 'learning a second language as an adult', 'taking a sabbatical', 'selling my car and biking everywhere', 'moving somewhere with no state income tax'],
  career: ['ux design', 'data science', 'nursing', 'real estate', 'product management', 'cybersecurity', 'teaching english abroad', 'machine learning engineering', 'electrician work', 'technical writing', 'physical therapy', 'game development'],
  giftee: ['my dad who likes fishing', 'a coworker under $25', 'a new mom', 'a teenager who games', 'my wife for our 10th anniversary', 'someone who loves cooking', 'a college grad', 'a coffee nerd', 'a runner', 'my in-laws', 'a 5 year old', 'my boss', 'a friend moving into a new apartment', 'a guy who has everything', 'my grandma', 'a teacher at the end of the year'],
  occasion: ['a rainy sunday', 'a bachelorette weekend', 'a family reunion', 'a 5th anniversary', 'date night at home', 'a team offsite', "a kid's science fair", 'a small backyard wedding', 'a 30th birthday', 'a staycation', 'a retirement party', 'a long layover in doha', 'a snow day with kids'],
  travelers: ['a couple in their 60s', 'a family with toddlers', 'a group of college friends', 'a solo traveler on a budget', 'people who hate beaches', 'a family with teenagers', 'someone who uses a wheelchair', 'foodies'],
  tripkind: ['a long weekend in october', 'a cheap spring break', 'a honeymoon in may', 'a ski trip', 'a girls trip', 'a first trip to europe', 'a road trip with a dog', 'a week in the sun in february', 'a fall foliage trip'],
  aiuse: ['writing', 'video editing', 'studying', 'small business admin', 'marketing', 'music production', 'photo editing', 'research papers', 'making slides', 'customer support', 'meeting notes', 'learning to code'],
  appuse: ['budgeting', 'meal planning', 'habit tracking', 'learning languages', 'meditation', 'to-do lists', 'splitting bills', 'tracking workouts', 'reading more', 'saving recipes'],
  med: ['ibuprofen', 'metformin', 'lisinopril', 'sertraline', 'amoxicillin', 'melatonin', 'zyrtec', 'prednisone', 'omeprazole', 'tylenol', 'atorvastatin', 'levothyroxine', 'gabapentin', 'adderall', 'ozempic', 'the pill', 'benadryl', 'magnesium glycinate'],
  cond: ['type 2 diabetes', 'high blood pressure', 'sleep apnea', 'celiac disease', 'adhd', 'migraine', 'shingles', 'anemia', 'hypothyroidism', 'gout', 'endometriosis', 'plantar fasciitis', 'long covid', 'pcos', 'tinnitus', 'vertigo', 'eczema', 'acid reflux', 'seasonal depression', 'lyme disease'],
  staple: ['eggs', 'coffee', 'beef', 'rent', 'car insurance', 'concert tickets', 'used cars', 'childcare', 'groceries', 'chocolate', 'home insurance', 'college textbooks', 'dental work', 'streaming subscriptions'],
  costitem: ['a wedding', 'daycare', 'a one bedroom apartment', 'a kitchen remodel', 'a dog walker', 'a root canal', 'an hour of tutoring', 'moving a 2 bedroom apartment', 'a new roof', 'a divorce lawyer', 'a week at a summer camp', 'a personal trainer'],
  taxable: ['stock dividends', 'crypto gains', 'rental income', 'lottery winnings', 'side hustle income', 'unemployment benefits', 'social security benefits', 'the profit from selling a house', 'hsa withdrawals', 'tips', 'inherited ira withdrawals', 'gambling winnings'],
  acct: ['401k', 'hsa', 'fsa', 'roth ira', 'pension', 'employee stock options'],
  lifeevent: ['quit my job', 'move abroad', 'get divorced', 'retire early', 'get laid off', 'change jobs', 'start my own business'],
  crediteven: ['closing an old credit card', 'a hard inquiry', 'paying off a car loan', 'a 30 day late payment', 'checking my own score', 'a balance transfer', 'becoming an authorized user', 'a collection account', 'opening a new card'],
  legalact: ['record a phone call without telling the other person', 'break a lease early', 'fly a drone over my neighborhood', 'rent out my house on airbnb', 'keep chickens in city limits', 'sublet my apartment', 'homeschool without a teaching license', 'post a bad review of a business', 'carry pepper spray', 'work two jobs while on unemployment', 'install a doorbell camera that faces the street'],
  legalproc: ['small claims court', 'probate', 'an eviction', 'a no-fault divorce', 'expunging a record', 'a legal name change', 'child custody mediation', 'filing for bankruptcy', 'contesting a will', 'jury selection'],
  tenantissue: ['the landlord keeps the deposit', 'the heat has been broken for a week', 'the landlord enters without notice', 'rent goes up 20%', 'there is mold in the bathroom', 'the lease is sold to a new owner'],
  empact: ['fire me without a reason', 'make me work unpaid overtime', 'ban talking about salaries', 'skip my lunch break', 'read my work email', 'cut my pay without notice'],
  legalwhat: ['you die without a will', 'you miss jury duty', 'you ignore a debt collector', "you don't file taxes for a year", 'a tenant stops paying rent', 'you get sued in small claims and do not show up', 'your car gets towed from your own apartment lot'],
  mltopic: ['ai', 'robotics', 'self driving cars', 'computer vision', 'open source llms', 'quantum computing', 'battery tech', 'ai safety', 'speech recognition', 'ai chips', 'protein folding', 'generative video', 'ai agents'],
  mech: ['a transformer model', 'attention', 'backpropagation', 'a diffusion model', 'a tokenizer', 'gradient descent', 'dropout', 'a vector database', 'quantization', 'rlhf', 'a random forest', 'beam search', 'retrieval augmented generation', 'a convolutional neural network', 'k-means clustering', 'lora fine tuning', 'batch normalization', 'word2vec', 'a recommendation algorithm', 'speculative decoding', 'a mixture of experts model', 'contrastive learning', 'knowledge distillation', 'gradient boosting', 'a kv cache'],
  mlpair: ['precision and recall', 'bagging and boosting', 'supervised and unsupervised learning', 'l1 and l2 regularization', 'a validation set and a test set', 'batch norm and layer norm', 'an rnn and a transformer', 'fine tuning and prompt engineering', 'classification and regression', 'parameters and hyperparameters', 'an encoder and a decoder', 'ai and machine learning', 'machine learning and deep learning', 'cosine similarity and dot product', 'pretraining and fine tuning', 'a model and an algorithm'],
  mlmetric: ['a confusion matrix', 'an roc curve', 'a precision-recall curve', 'perplexity', 'a loss curve', 'an f1 score', 'auc', 'shap values', 'a bleu score', 'calibration plots', 'a learning curve', 'mean average precision'],
  mlsymptom: ['validation loss goes up while training loss goes down', "my model's accuracy is high but recall is terrible", 'the loss suddenly becomes nan', 'training accuracy hits 100% but test accuracy is 60%', 'my embeddings all have really high cosine similarity', 'the model just predicts the majority class', 'my llm keeps repeating itself'],
  pricewhy: ['robot vacuums', 'hearing aids', 'ev batteries', 'wedding venues', 'dental implants', 'concert tickets', 'gpus', 'textbooks', 'car repairs', 'braces', 'ski passes', 'designer handbags', 'insulin', 'private school', 'new cars'],
};

const RECORDS: Readonly<Record<string, readonly Rec[]>> = {
  ml: [
    ['a confusion matrix', 'confusion matrix'], ['an embedding', 'embeddings'], ['a transformer', 'transformers'], ['a tokenizer', 'tokenization'],
    ['a learning rate', 'learning rate'], ['an epoch', 'epoch'], ['an attention mechanism', 'attention'], ['a vector database', 'vector database'],
    ['fine-tuning', 'fine-tuning'], ['RAG', 'retrieval augmented generation'], ['LoRA', 'lora'], ['quantization', 'quantization'],
    ['overfitting', 'overfitting'], ['cross-validation', 'cross validation'], ['a loss function', 'loss function'], ['backpropagation', 'backprop'],
    ['inference', 'inference'], ['a context window', 'context window'], ['few-shot prompting', 'few shot prompting'], ['RLHF', 'rlhf'],
    ['a knowledge graph', 'knowledge graph'], ['gradient boosting', 'gradient boosting'], ['a random forest', 'random forest'],
    ['an activation function', 'activation function'], ['a neural network', 'neural network'], ['a foundation model', 'foundation model'],
    ['a hallucination', 'hallucination'], ['a reranker', 'reranking'], ['a softmax', 'softmax'], ['an f1 score', 'f1 score'],
    ['data drift', 'data drift'], ['a benchmark like mmlu', 'mmlu'], ['a system prompt', 'system prompt'], ['temperature', 'sampling temperature'],
    ['a GAN', 'gans'], ['an autoencoder', 'autoencoder'], ['transfer learning', 'transfer learning'], ['a feature store', 'feature store'],
  ].map(([a, bare]) => ({ a: a as string, bare: bare as string })),
  legal: [
    ['probate', 'probate'], ['a living trust', 'living trust'], ['power of attorney', 'power of attorney'], ['a non-compete agreement', 'non-compete'],
    ['small claims court', 'small claims'], ['a lien', 'lien'], ['tenancy in common', 'tenancy in common'], ['a cease and desist letter', 'cease and desist'],
    ['an easement', 'easement'], ['joint custody', 'joint custody'], ['a deposition', 'deposition'], ['an affidavit', 'affidavit'],
    ['a statute of limitations', 'statute of limitations'], ['common law marriage', 'common law marriage'], ['an executor', 'executor of a will'],
    ['a quitclaim deed', 'quitclaim deed'], ['adverse possession', 'adverse possession'], ['at-will employment', 'at will employment'],
    ['a class action lawsuit', 'class action'], ['a restraining order', 'restraining order'], ['fair use', 'fair use'], ['an llc operating agreement', 'operating agreement'],
  ].map(([a, bare]) => ({ a: a as string, bare: bare as string })),
  fin: [
    ['an index fund', 'index funds'], ['a roth ira', 'roth ira'], ['APR', 'apr'], ['a credit score', 'credit score'], ['an HSA', 'hsa'],
    ['escrow', 'escrow'], ['a bond', 'bonds'], ['an ETF', 'etfs'], ['compound interest', 'compound interest'], ['a 401k match', '401k match'],
    ['a CD', 'cds'], ['a money market account', 'money market accounts'], ['amortization', 'amortization'], ['a capital gain', 'capital gains'],
    ['an annuity', 'annuities'], ['a credit union', 'credit unions'], ['a hard inquiry', 'hard inquiries'], ['a reverse mortgage', 'reverse mortgages'],
    ['PMI', 'pmi'], ['inflation', 'inflation'], ['a recession', 'recessions'], ['a mutual fund', 'mutual funds'], ['a stock split', 'stock splits'],
    ['an expense ratio', 'expense ratios'], ['a dividend', 'dividends'], ['a 1099', '1099 forms'], ['a tax bracket', 'tax brackets'],
    ['a FICO score', 'fico scores'], ['a brokerage account', 'brokerage accounts'], ['a treasury bill', 't-bills'], ['net worth', 'net worth'],
  ].map(([a, bare]) => ({ a: a as string, bare: bare as string })),
  term: [
    ['a heat pump', 'heat pumps'], ['5G', '5g'], ['a blockchain', 'blockchain'], ['an API', 'apis'], ['cloud computing', 'cloud computing'],
    ['a smart contract', 'smart contracts'], ['a NAS drive', 'nas drives'], ['quantum computing', 'quantum computing'], ['an NFT', 'nfts'],
    ['a browser cookie', 'browser cookies'], ['DNS', 'dns'], ['open source software', 'open source'], ['a deepfake', 'deepfakes'],
    ['a solar inverter', 'solar inverters'], ['NFC', 'nfc'], ['a carbon offset', 'carbon offsets'], ['a franchise', 'franchising'],
    ['venture capital', 'venture capital'], ['a QR code', 'qr codes'], ['an ai agent', 'ai agents'], ['a mesh network', 'mesh networks'],
    ['a passkey', 'passkeys'], ['a chatbot', 'chatbots'], ['the gig economy', 'gig work'], ['a hybrid car', 'hybrid cars'],
    ['a dehumidifier', 'dehumidifiers'], ['a smart grid', 'smart grids'], ['an e-bike', 'e-bikes'], ['a mirrorless camera', 'mirrorless cameras'],
  ].map(([a, bare]) => ({ a: a as string, bare: bare as string })),
  pro: [
    ['a plumber', 'plumber'], ['an electrician', 'electrician'], ['a roofer', 'roofer'], ['a moving company', 'moving company'], ['a dentist', 'dentist'],
    ['an accountant', 'accountant'], ['a real estate agent', 'real estate agent'], ['a wedding photographer', 'wedding photographer'],
    ['a dog groomer', 'dog groomer'], ['a daycare', 'daycare'], ['a mechanic', 'mechanic'], ['an hvac company', 'hvac company'],
    ['a landscaper', 'landscaper'], ['a tax preparer', 'tax preparer'], ['a divorce lawyer', 'divorce lawyer'], ['an estate planning attorney', 'estate planning attorney'],
    ['a pediatrician', 'pediatrician'], ['a therapist who takes my insurance', 'therapist who takes my insurance'], ['a personal trainer', 'personal trainer'],
    ['a contractor for a kitchen remodel', 'contractor for a kitchen remodel'], ['a house painter', 'house painter'], ['a house cleaner', 'house cleaner'],
    ['a solar installer', 'solar installer'], ['a pest control company', 'pest control company'], ['an immigration lawyer', 'immigration lawyer'],
    ['a piano teacher', 'piano teacher'], ['a dermatologist', 'dermatologist'], ['an orthodontist', 'orthodontist'], ['a vet', 'vet'],
    ['a locksmith', 'locksmith'], ['a tailor', 'tailor'], ['a wedding dj', 'wedding dj'], ['a financial advisor', 'financial advisor'],
  ].map(([a, bare]) => ({ a: a as string, bare: bare as string })),
  ptype: [
    ['an internet provider', 'internet provider'], ['an electricity supplier', 'electricity supplier'], ['a cell carrier', 'cell carrier'],
    ['a car insurance company', 'car insurance company'], ['a bank', 'bank'], ['a broker for my ira', 'broker for my ira'],
    ['a mortgage lender', 'mortgage lender'], ['a health insurance plan', 'health insurance plan'], ['a home security company', 'home security company'],
    ['a gym', 'gym'], ['a daycare', 'daycare'], ['a vet clinic', 'vet clinic'],
  ].map(([a, bare]) => ({ a: a as string, bare: bare as string })),
  mt: [
    ['shows', 'severance'], ['shows', 'the bear'], ['books', 'project hail mary'], ['shows', 'succession'], ['shows', 'ted lasso'],
    ['movies', 'dune'], ['games', 'stardew valley'], ['podcasts', 'serial'], ['games', 'the last of us'], ['books', 'normal people'],
    ['games', 'hades'], ['shows', 'the white lotus'], ['books', 'the seven husbands of evelyn hugo'], ['movies', 'everything everywhere all at once'],
    ['podcasts', 'hardcore history'], ['books', 'atomic habits'], ['games', 'baldurs gate 3'], ['movies', 'knives out'],
  ].map(([m, t]) => ({ m: m as string, t: t as string })),
  pair: [
    ['a laptop', 'a tablet', 'laptop vs tablet', 'for college'], ['an e-bike', 'a regular bike', 'e-bike vs regular bike', 'for a 6 mile commute'],
    ['a gas dryer', 'an electric dryer', 'gas vs electric dryer', 'for a new house'], ['a heat pump', 'a new furnace', 'heat pump vs furnace', 'in minnesota'],
    ['term life', 'whole life', 'term vs whole life insurance', 'for a 35 year old with kids'], ['a hybrid', 'a full ev', 'hybrid vs ev', 'for someone without a garage'],
    ['a used car', 'a new car', 'new vs used car', 'for a first car'], ['a condo', 'a townhouse', 'condo vs townhouse', 'for a first home'],
    ['a robot vacuum', 'a cordless stick vacuum', 'robot vacuum vs stick vacuum', 'for a house with a dog'], ['a mirrorless camera', 'a newer iphone', 'mirrorless camera vs iphone', 'for travel photos'],
    ['a peloton', 'a gym membership', 'peloton vs gym membership', 'for someone who works from home'], ['a mesh system', 'a range extender', 'mesh wifi vs extender', 'for a 3 story house'],
    ['an air fryer', 'a toaster oven', 'air fryer vs toaster oven', 'for a small kitchen'], ['a standing desk', 'a desk converter', 'standing desk vs converter', 'for a small home office'],
    ['a memory foam mattress', 'a hybrid mattress', 'memory foam vs hybrid mattress', 'for a side sleeper'], ['a kindle', 'an ipad', 'kindle vs ipad', 'for reading'],
    ['an ira', 'a regular brokerage account', 'ira vs brokerage account', 'for extra savings'], ['a hotel', 'an airbnb', 'hotel vs airbnb', 'for a family of 5 in orlando'],
    ['a cruise', 'an all inclusive', 'cruise vs all inclusive', 'for a first family vacation'], ['a smartwatch', 'a fitness band', 'smartwatch vs fitness band', 'for a beginner runner'],
    ['a gaming pc', 'a ps5', 'gaming pc vs ps5', 'for a 14 year old'], ['a bootcamp', 'a cs degree', 'coding bootcamp vs cs degree', 'for a career changer'],
    ['fiber', 'cable', 'fiber vs cable internet', 'for working from home'], ['a prepaid plan', 'a postpaid plan', 'prepaid vs postpaid phone plan', 'for my teenager'],
    ['solar with a battery', 'solar without a battery', 'solar with or without battery', 'in california'], ['a financial advisor', 'a robo advisor', 'financial advisor vs robo advisor', 'for a 200k portfolio'],
    ['a dslr', 'a mirrorless', 'dslr vs mirrorless', 'for a beginner'], ['a crib', 'a bassinet', 'crib vs bassinet', 'for a newborn'],
    ['a gas grill', 'a pellet grill', 'gas vs pellet grill', 'for weekend bbqs'], ['a chromebook', 'a cheap windows laptop', 'chromebook vs windows laptop', 'for a 10 year old'],
    ['a lease', 'a loan', 'leasing vs financing a car', 'if i drive 15k miles a year'], ['a heat pump water heater', 'a tankless water heater', 'heat pump vs tankless water heater', 'for a family of 4'],
    ['a dog walker', 'doggy daycare', 'dog walker vs doggy daycare', 'for a high energy puppy'], ['an llc', 'a sole proprietorship', 'llc vs sole proprietorship', 'for a freelance designer'],
    ['self hosting an llm', 'paying for an api', 'self hosting vs api', 'for 1 million requests a month'], ['a local model', 'a hosted model', 'local vs hosted llm', 'for a privacy sensitive app'],
  ].map(([a, b, short, use]) => ({ a: a as string, b: b as string, short: short as string, use: use as string })),
};

// ---------------------------------------------------------------------------------------------
// Template engine: each filling picks its own vertical or pack
// ---------------------------------------------------------------------------------------------

const VERTICAL_SLOTS = new Set(['vname', 'product', 'a_product', 'a_cproduct', 'products', 'products_any', 'u_product', 'u_cproduct', 'u_products', 'brand', 'cbrand', 'rbrand', 'provider', 'gprovider', 'concept', 'concept_np', 'concept_sg', 'concept_vs', 'qualifier', 'qual_np', 'qual_for']);
const PACK_SLOTS = new Set(['cat', 'cats', 'a_cat', 'pb', 'aud']);

interface TemplateSet {
  labels: Labels;
  per: number;
  /** Restrict pack templates to these kinds. */
  kinds?: readonly PackKind[];
  /** Restrict pack templates to these categories. */
  packCats?: readonly string[];
  /** Restrict vertical templates to these vertical ids. */
  verticals?: readonly string[];
  noise?: NoiseOptions;
  templates: readonly string[];
}

interface SlotRef {
  full: string;
  base: string;
  index: number;
  field?: string;
}

function parseSlots(template: string): SlotRef[] {
  return [...template.matchAll(/\{(\w+?)([23])?(?:\.(\w+))?\}/g)].map((m) => ({
    full: m[0].slice(1, -1),
    base: m[1] as string,
    index: m[2] ? Number(m[2]) : 1,
    field: m[3],
  }));
}

const V_SLOTS = VERTICALS.map(verticalSlots);

function packLists(p: Pack): Record<string, readonly string[]> {
  return { cat: [p.cat], cats: [p.cats], a_cat: [p.cat.startsWith('accounting') ? p.cat : article(p.cat)], pb: p.brands, aud: p.aud };
}
const P_SLOTS = PACKS.map((p) => ({ kind: p.kind, cat: p.cat, lists: packLists(p) }));

function fillOnce(template: string, refs: readonly SlotRef[], lists: Readonly<Record<string, readonly string[]>>, rng: Rng): string {
  const chosen = new Map<string, string | Rec>();
  const picked = new Map<string, Array<string | Rec>>();
  const value = (ref: SlotRef): string => {
    const key = `${ref.base}${ref.index}`;
    if (!chosen.has(key)) {
      const pool: readonly (string | Rec)[] = RECORDS[ref.base] ?? lists[ref.base] ?? POOLS[ref.base] ?? [];
      const taken = picked.get(ref.base) ?? [];
      const free = pool.filter((item) => !taken.includes(item));
      const item = rng.pick(free.length > 0 ? free : pool);
      chosen.set(key, item);
      picked.set(ref.base, [...taken, item]);
    }
    const item = chosen.get(key) as string | Rec;
    if (typeof item === 'string') return item;
    return item[ref.field ?? 'a'] as string;
  };
  // resolve in order of index so that {x2} is always distinct from {x}
  for (const ref of [...refs].sort((a, b) => a.index - b.index)) value(ref);
  return template.replace(/\{(\w+?)([23])?(?:\.(\w+))?\}/g, (_, base: string, index: string | undefined, field: string | undefined) =>
    value({ full: '', base, index: index ? Number(index) : 1, field }),
  );
}

function expandSet(set: TemplateSet, rng: Rng): IntentRow[] {
  const rows: IntentRow[] = [];
  for (const template of set.templates) {
    const refs = parseSlots(template);
    const usesV = refs.some((r) => VERTICAL_SLOTS.has(r.base));
    const usesP = refs.some((r) => PACK_SLOTS.has(r.base));
    if (usesV && usesP) throw new Error(`template mixes vertical and pack slots: ${template}`);
    for (const r of refs) {
      if (!VERTICAL_SLOTS.has(r.base) && !PACK_SLOTS.has(r.base) && !POOLS[r.base] && !RECORDS[r.base]) throw new Error(`unknown slot {${r.full}} in "${template}"`);
    }
    const need = new Map<string, number>();
    for (const r of refs) need.set(r.base, Math.max(need.get(r.base) ?? 0, r.index));
    const eligible = (lists: Readonly<Record<string, readonly string[]>>) =>
      [...need].every(([base, n]) => !(base in lists) || (lists[base]?.length ?? 0) >= n) &&
      [...need.keys()].every((base) => !(VERTICAL_SLOTS.has(base) || PACK_SLOTS.has(base)) || (lists[base]?.length ?? 0) > 0);
    let sources: Array<Readonly<Record<string, readonly string[]>>> = [{}];
    if (usesV) sources = V_SLOTS.filter((v) => !set.verticals || set.verticals.includes(v.id)).map((v) => v.lists).filter(eligible);
    if (usesP) sources = P_SLOTS.filter((p) => (!set.kinds || set.kinds.includes(p.kind)) && (!set.packCats || set.packCats.includes(p.cat))).map((p) => p.lists).filter(eligible);
    if (sources.length === 0) throw new Error(`no vertical or pack can fill "${template}"`);
    const group = `${SOURCE}#${seedFromString(template).toString(16)}`;
    const seen = new Set<string>();
    for (let attempt = 0; attempt < set.per * 20 && seen.size < set.per; attempt++) {
      const text = fillOnce(template, refs, rng.pick(sources), rng);
      if (seen.has(text)) continue;
      seen.add(text);
      rows.push({ text: typeLikeAPerson(text, rng, { typo: 0.05, ...set.noise }), ...set.labels, source: SOURCE, group });
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------------------------

const INFO_AWARE: Labels = { intent_type: 'informational', intent_subtype: 'education', decision_phase: 'awareness' };
const INFO_RESEARCH: Labels = { intent_type: 'informational', intent_subtype: 'education', decision_phase: 'research' };
const EXPL_AWARE: Labels = { intent_type: 'exploratory', intent_subtype: 'education', decision_phase: 'awareness' };
const EXPL_RESEARCH: Labels = { intent_type: 'exploratory', intent_subtype: 'education', decision_phase: 'research' };
const EXPL_DISCOVERY: Labels = { intent_type: 'exploratory', intent_subtype: 'product_discovery', decision_phase: 'research' };
const DISCOVERY_RESEARCH: Labels = { intent_type: 'commercial', intent_subtype: 'product_discovery', decision_phase: 'research' };
const DISCOVERY_CONSIDER: Labels = { intent_type: 'commercial', intent_subtype: 'product_discovery', decision_phase: 'consideration' };
const COMPARISON: Labels = { intent_type: 'commercial', intent_subtype: 'comparison', decision_phase: 'consideration' };
const EVAL_CONSIDER: Labels = { intent_type: 'commercial', intent_subtype: 'evaluation', decision_phase: 'consideration' };
const EVAL_RESEARCH: Labels = { intent_type: 'commercial', intent_subtype: 'evaluation', decision_phase: 'research' };
const DEAL_CONSIDER: Labels = { intent_type: 'commercial', intent_subtype: 'deal_seeking', decision_phase: 'consideration' };
const DEAL_DECIDE: Labels = { intent_type: 'commercial', intent_subtype: 'deal_seeking', decision_phase: 'decision' };
const PROVIDER: Labels = { intent_type: 'commercial', intent_subtype: 'provider_selection', decision_phase: 'decision' };

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

const SETS: readonly TemplateSet[] = [
  // ---- informational / education / awareness: first contact, "what is X" ----
  {
    labels: INFO_AWARE, per: 5, templates: [
      'what is {u_product}',
      "what's {u_product} exactly?",
      'what does {u_product} actually do',
      'can someone explain what {u_product} is',
      'never heard of {u_product} before, what is it?',
      "what's the point of {u_cproduct}",
      'what are {u_products}?',
      'my friend keeps talking about {u_products}, what are those',
      'what is {concept_sg}',
      'what does {concept_sg} mean',
      'can you explain {concept_np} in simple terms',
      'eli5 {concept_np}',
      'i keep hearing about {concept_sg}, what is that',
      "what's {concept_sg} in plain english",
      'define {concept_np}',
      '{concept_np}?? what does that even mean',
      "someone mentioned {concept_np} to me, what's that about",
      "i'm new to {vname}. what is {concept_sg}?",
      'quick question what is {concept_sg}',
      'what is {provider}',
      'what does {provider} do exactly',
      'i keep seeing ads for {provider}, what is it',
      'what kind of company is {provider}',
      "what's {brand}? saw it mentioned somewhere",
      'basics of {vname} for a total beginner',
      'explain the basics of {vname} like im five',
      'what does {concept_sg} refer to exactly',
      'total beginner here, what is {u_product}',
    ],
  },
  {
    labels: INFO_AWARE, per: 5, templates: [
      'what is {ml.a}',
      'what does {ml.bare} mean in machine learning',
      '{ml.bare} explained simply',
      "what's {ml.a} in ai terms",
      'define {ml.bare}',
      'can you explain {ml.bare} to someone non technical',
      'new to ml, what is {ml.a}?',
      'what is {cond}',
      'what does {med} do',
      'what is {med} used for',
      'what kind of medication is {med}',
      'what is {legal.a}',
      'what does {legal.bare} mean',
      "what's {legal.a} in simple terms",
      'what is {fin.a}',
      'what exactly is {fin.a}',
      'how would you explain {fin.a} to a teenager',
      '{fin.bare} explained',
      'what is {term.a}',
      'what is {term.a} and why does everyone talk about it',
      'explain {term.bare} like im 5',
      'what is {fin.a} in simple terms?',
      'what is {cond} exactly',
    ],
  },
  // ---- informational / education / research: digging in ----
  {
    labels: INFO_RESEARCH, per: 5, templates: [
      'how does {u_product} work',
      'how do {u_products} actually work',
      'what should i look for in {a_product}',
      'what to look for when picking {a_product}',
      'what actually matters when choosing {a_product}',
      'things to know before getting {a_product}',
      'common mistakes people make when choosing {a_product}',
      'can you walk me through {concept} step by step',
      'i get the basics of {concept_np} but how does it work in practice',
      'explain {concept} in detail',
      'deep dive on {concept} please',
      'what do i need to know about {concept}',
      'what are common misconceptions about {concept_np}',
      'how does {concept_sg} actually work',
      "{concept_vs}: what's the actual difference",
      'explain {concept_vs} and when each one matters',
      'is {concept_sg} something i should care about',
      'what do i need to know about {concept_np} {qual_np}',
    ],
  },
  {
    labels: INFO_RESEARCH, per: 5, verticals: RETAIL_VERTICALS, templates: [
      'how much does {a_product} usually cost',
      "what's a normal price range for {a_product}",
      'why are {products} so expensive',
      'why have {products} gotten so expensive lately',
      'what makes some {products} cost so much more than others',
      'what specs or features matter most in {a_product} {qual_for}',
      'how long does {a_cproduct} usually last',
      'how often should you replace {a_cproduct}',
      'is it safe to buy {a_cproduct} used, what should i check',
    ],
  },
  {
    labels: INFO_RESEARCH, per: 5, verticals: ['consumer_tech', 'smartphones', 'computers', 'smart_home', 'appliances', 'photography_cameras', 'gaming', 'electric_vehicles'], templates: [
      'what specs actually matter for {products}',
      'how much does {a_product} usually cost {qual_for}',
    ],
  },
  {
    labels: INFO_RESEARCH, per: 5, verticals: ['telecom_internet', 'insurance', 'energy_utilities', 'streaming_entertainment', 'cybersecurity_vpn', 'developer_tools_cloud', 'business_software', 'mental_health_apps'], templates: [
      'how much does {a_product} usually cost per month',
    ],
  },
  {
    labels: INFO_RESEARCH, per: 5, verticals: SERVICE_VERTICALS, templates: [
      'what fees should i expect with {a_product}',
      'why does {concept_sg} matter when choosing {a_product}',
    ],
  },
  {
    labels: INFO_RESEARCH, per: 5, templates: [
      'how does {mech} work',
      'how does {mech} actually work under the hood',
      "what's the intuition behind {mech}",
      'why does {mech} work so well',
      'walk me through how {mech} works step by step',
      "what's the difference between {mlpair}",
      'difference between {mlpair} in plain terms',
      'how do i interpret {mlmetric}',
      'how should i read {mlmetric} for an imbalanced dataset',
      'what does it mean when {mlsymptom}',
      'any idea why {mlsymptom}',
      "what's the math behind {mech}",
      'when would you use {mech} in practice',
      'common side effects of {med}',
      'how long does {med} take to start working',
      'is it safe to drink alcohol on {med}',
      'what are the early symptoms of {cond}',
      'what causes {cond}',
      'how is {cond} usually diagnosed',
      'how is {cond} treated these days',
      'is {cond} genetic',
      'can {cond} go away on its own',
      'what foods should you avoid with {cond}',
      'can you take {med} and {med2} together',
      'what happens if i miss a dose of {med}',
      'how does {cond} affect sleep',
    ],
  },
  {
    labels: INFO_RESEARCH, per: 5, templates: [
      'is it legal to {legalact} in {state}',
      'how does {legalproc} work in {state}',
      'how long does {legalproc} take in {state}',
      'what are my rights as a tenant in {state} if {tenantissue}',
      'can my employer {empact} in {state}',
      'what happens if {legalwhat}',
      'what happens legally if {legalwhat} in {state}',
      'how does the irs tax {taxable}',
      'do i have to pay taxes on {taxable} in {state}',
      'how much should i have saved for retirement by {age}',
      'how big should my emergency fund be if i make {salary}',
      'what happens to my {acct} if i {lifeevent}',
      'how does {crediteven} affect my credit score',
      'why are flights to {dest} so expensive in {month}',
      'why do hotel prices in {dest} jump so much in {month}',
      'why did the price of {staple} go up so much',
      "what's driving the cost of {staple} up",
      'why are {pricewhy} so expensive',
      'how do airlines decide what to charge for flights to {dest}',
      "what's the average cost of {costitem} in {city}",
      'how much does {costitem} typically cost in {city}',
      'is it true flights are cheaper if you book on a tuesday',
      'how does {fin.a} work',
      'how does {legal.a} work in {state}',
      'is the price of {staple} ever going to come down',
    ],
  },
  // ---- exploratory / education / awareness: open-ended curiosity ----
  {
    labels: EXPL_AWARE, per: 6, templates: [
      "what's new in {vname}",
      "what's been happening in {vname} lately",
      'any big trends in {vname} this year?',
      'what are people excited about in {vname} right now',
      'where is {vname} headed in the next few years',
      'tell me something interesting about {vname}',
      "i'm kind of curious about {vname} in general",
      "what's the latest in {mltopic}",
      "what's going on with {mltopic} these days",
      'what are the big open questions in {mltopic}',
      "i'm thinking about getting into {hobby}",
      'been thinking about {hobby} lately',
      "{hobby} seems cool, what's it all about",
      "what's the appeal of {hobby}",
      "i've always been curious about {hobby}",
      "just curious, what's the deal with {trend}",
      'why is everyone talking about {trend}',
      "what's the story behind {trend}",
      'i keep seeing stuff about {trend}, fill me in',
      '{trend}: real thing or just hype?',
      'whats the buzz around {trend} about',
      'random thought but {hobby} looks fun',
      'anything interesting happening in {mltopic}?',
      'what are the coolest things happening in {vname}',
      'i want to learn a bit about {vname}, no particular reason',
      "what's something about {hobby} most people don't know",
      'what should i know about {trend}',
      'most interesting developments in {mltopic} this year?',
      "what's changed in {vname} over the last few years",
    ],
  },
  // ---- exploratory / education / research ----
  {
    labels: EXPL_RESEARCH, per: 6, templates: [
      'i want to get into {hobby}, what should i know first',
      'thinking of taking up {hobby}, how hard is it to learn',
      'how do beginners usually get started with {hobby}',
      "what's the learning curve like for {hobby}",
      'how much time does {hobby} take to get decent at',
      "thinking about {life}, what do people wish they'd known",
      "i'm toying with the idea of {life}, where would i even start researching",
      "what's involved in {life}",
      'what are the realities of {life}',
      'i know the basics of {vname} but want to go deeper, what should i read up on',
      'what are the different paths into {career}',
      'how do people usually break into {career}',
      "what's a day in the life like in {career}",
      'pros and cons of {life}?',
      'what should i understand about {vname} before i spend any money',
      'is {hobby} an expensive hobby to get into',
      'what would i need to learn to get into {career}',
      'i want to understand {vname} better, where do i start',
      "what's the best way to learn about {vname} from scratch",
      'what are good resources for learning about {mltopic}',
      "i'm curious how {career} works as a job",
      'how risky is {life} really',
      'what do i need to think about before {life}',
    ],
  },
  // ---- exploratory / product_discovery / research: open-ended ideas ----
  {
    labels: EXPL_DISCOVERY, per: 6, templates: [
      'ideas for a weekend trip from {city}',
      'fun things to do in {dest}',
      'what is there to do in {dest} in {month}',
      'gift ideas for {giftee}',
      'what do you get {giftee}',
      'ideas for {occasion}',
      'any ideas for {occasion}? open to anything',
      'what should we do for {occasion}',
      'anything new in {vname} worth checking out?',
      'what gear do people use for {hobby}',
      'cool gadgets for {hobby}',
      'ai tools i should know about for {aiuse}',
      'what apps are people using for {appuse}',
      'places to visit in {dest} that are not too touristy',
      'vacation ideas for {travelers}',
      'where should i go for {tripkind}',
      'good {mt.m} like {mt.t}?',
      'recommend me some {mt.m} similar to {mt.t}',
      'hidden gems near {city} for a day trip',
      'ideas for a cheap date in {city}',
      'fun weekend activities around {city}?',
      'looking for inspiration for {occasion}',
      'things to do in {dest} with kids',
      'weekend getaway ideas near {city}',
      'fun stuff to buy for someone into {hobby}',
      'what are people buying for {hobby} these days',
    ],
  },
  {
    labels: EXPL_DISCOVERY, per: 5, verticals: RETAIL_VERTICALS, templates: [
      'what are some interesting {products} out right now',
      'what kinds of {products_any} are out there these days',
      'just browsing, what {products} are people into lately',
      'what are some underrated {products}',
      'show me some neat {products} i might not know about',
    ],
  },
  // ---- commercial / product_discovery / research: early shopping ----
  {
    labels: DISCOVERY_RESEARCH, per: 5, templates: [
      'what are my options if i need {a_product} {qualifier}',
      'starting to shop for {a_product}, where do i even begin',
      "i'm in the market for {a_product} but have no idea what's out there",
      'what types of {products_any} should i be considering {qualifier}',
      'which companies offer {products_any} {qual_for}',
      'early in my search for {a_product}, what should be on my radar',
      'give me an overview of {product} options {qualifier}',
      "what's out there for {products_any} {qualifier}",
      'what {cats} are out there {aud}',
      'who are the big names in {cats}',
      'what are the popular {cats} right now {aud}',
      'list the main {cats} {aud}',
      'which {cats} do people usually use {aud}',
      'what are the options for {a_cat} {aud}',
      'what are some alternatives to {pb}',
      'who competes with {pb}',
      'just starting to look at {cats}, what should i know about the market',
    ],
  },
  {
    labels: DISCOVERY_RESEARCH, per: 5, verticals: RETAIL_VERTICALS, templates: [
      'what {products_any} are popular right now',
      'main brands of {products} to look at',
      'who are the big names in {products_any}',
      'which brands make {products} {qual_for}',
    ],
  },
  // ---- commercial / product_discovery / consideration: concrete need, wants a pick ----
  {
    labels: DISCOVERY_CONSIDER, per: 5, templates: [
      'best {product} {qualifier}',
      "what's the best {product} {qualifier}",
      'recommend {a_product} {qualifier}',
      'need {a_product} {qualifier}, what do you suggest',
      'top rated {products_any} {qualifier}',
      'which {product} should i get {qualifier}',
      'looking for {a_product} {qualifier}, any recommendations?',
      'good {products_any} {qualifier}?',
      'can you recommend a few {products} {qualifier}',
      'help me find {a_product} {qualifier}',
      'most reliable {product} {qualifier}',
      '{product} recommendations {qualifier}',
      'i need {a_product} {qualifier}. what would you pick',
      'shortlist of {products_any} {qualifier} please',
      'what {product} do you recommend {qualifier}',
      'best {product} {qualifier} in {year}',
    ],
  },
  {
    labels: DISCOVERY_CONSIDER, per: 5, verticals: DURABLE_VERTICALS, templates: [
      "what's a solid {product} {qualifier} that won't fall apart",
      'most durable {product} {qual_for}',
      '{qual_for}, which {product} is best?',
    ],
  },
  {
    labels: DISCOVERY_CONSIDER, per: 5, templates: [
      'best {cat} {aud}',
      'what {cat} should we use {aud}',
      'recommend {a_cat} {aud}',
      "need {a_cat} {aud}, what's good",
      'top {cats} {aud} in {year}',
      'which {cat} would you pick {aud}',
      'whats the best {cat} {aud} right now',
      'we need {a_cat} {aud}. suggestions?',
      'good {cat} {aud}?',
      'what {cat} do you recommend {aud}',
      "i'm choosing {a_cat} {aud}, give me your top 3",
    ],
  },
  {
    labels: DISCOVERY_CONSIDER, per: 5, kinds: ['ent', 'sw', 'ai'], templates: [
      'looking for {a_cat} {aud}, something easy to set up',
      'best {cat} for a small team on a budget',
    ],
  },
  {
    labels: DISCOVERY_CONSIDER, per: 4, kinds: ['ai'], templates: [
      'best {cat} {aud} that is not too expensive',
      'which {cat} has the best quality {aud}',
      'best open source option instead of a paid {cat} {aud}',
      'which {cat} gives the best results {aud}',
      'need a production ready {cat} {aud}',
    ],
  },
  // ---- commercial / comparison / consideration ----
  {
    labels: COMPARISON, per: 6, templates: [
      '{pb} vs {pb2}',
      '{pb} or {pb2}?',
      '{pb} vs {pb2} {aud}',
      '{pb} vs {pb2} vs {pb3}',
      'compare {pb} and {pb2} {aud}',
      '{pb} vs {pb2}, which is better {aud}',
      'should i get {pb} or {pb2}',
      'differences between {pb} and {pb2}',
      'how does {pb} compare to {pb2} on price and features',
      'is {pb} better than {pb2} {aud}',
      'torn between {pb} and {pb2}',
      '{pb} vs {pb2} pricing',
      'pros and cons of {pb} vs {pb2}',
      'which is easier to use, {pb} or {pb2}',
      '{pb} vs {pb2} reddit',
      'head to head: {pb} vs {pb2}',
      '{pb} vs {pb2} in {year}',
      'compare {cats}: {pb}, {pb2} and {pb3}',
      '{pb} vs {pb2}, which one has better support',
      "what's the main difference between {pb} and {pb2}",
      '{pb} vs {pb2} for a beginner',
      'can you make a comparison table of {pb}, {pb2} and {pb3}',
      '{pb} or {pb2} {aud}? pros and cons please',
      'thinking {pb} but {pb2} is cheaper, how do they compare',
      'which is more reliable, {pb} or {pb2}',
      '{pb} vs {pb2}: which is worth the money',
      'is {pb2} a good alternative to {pb} {aud}',
      '{pb} vs {pb2} for someone on a budget',
      '{pb} versus {pb2}',
      '{pb} vs {pb2} honest comparison',
      'what does {pb} do better than {pb2}',
      '{pb} {pb2} comparison',
      'which has more features, {pb} or {pb2}',
      '{pb} vs {pb2} vs {pb3} {aud}',
      '{pb} compared to {pb2} {aud}',
      'between {pb} and {pb2} which would you choose {aud}',
      "{pb}, {pb2} or {pb3}, what's the real difference",
    ],
  },
  {
    labels: COMPARISON, per: 5, kinds: ['ai'], templates: [
      '{pb} vs {pb2} benchmark results',
      '{pb} vs {pb2} latency and cost',
      '{pb} vs {pb2} accuracy {aud}',
    ],
  },
  {
    labels: COMPARISON, per: 5, kinds: ['ent', 'sw', 'ai'], templates: [
      '{pb} vs {pb2} api pricing and limits',
      'migrating off {pb}, is {pb2} or {pb3} the better fit {aud}',
      '{pb} vs {pb2} integrations',
      'which scales better, {pb} or {pb2}',
      '{pb} vs {pb2} security and compliance',
      '{pb} vs {pb2} learning curve for a new team',
      '{pb} vs {pb2} total cost {aud}',
      'is {pb} or {pb2} easier to integrate with our stack',
    ],
  },
  {
    labels: COMPARISON, per: 5, templates: [
      '{cbrand} vs {cbrand2}',
      '{cbrand} or {cbrand2} {qual_for}',
      'compare {cbrand} and {cbrand2}',
      '{cbrand} vs {cbrand2}, which is the better value',
      '{cbrand} vs {cbrand2} {qual_for}',
      'is {cbrand} better than {cbrand2}',
      '{cbrand} versus {cbrand2}',
      '{cbrand} or {cbrand2}, which would you choose',
      'how does {cbrand} stack up against {cbrand2}',
      '{cbrand} vs {cbrand2} pros and cons',
      '{cbrand} vs {cbrand2} vs {cbrand3}',
    ],
  },
  {
    labels: COMPARISON, per: 5, verticals: PROVIDER_CMP_VERTICALS, templates: [
      '{provider} vs {provider2}',
      '{provider} or {provider2}, which is better {qual_for}',
      'how do {provider} and {provider2} compare',
      'differences between {provider} and {provider2}',
      '{provider} vs {provider2} fees and perks',
      '{provider} vs {provider2} vs {provider3}',
      'which is better for me, {provider} or {provider2}?',
      '{provider} vs {provider2}, which has better customer service',
      'is {provider} cheaper than {provider2}',
    ],
  },
  {
    labels: COMPARISON, per: 5, templates: [
      '{pair.short} {pair.use}',
      'should i get {pair.a} or {pair.b} {pair.use}',
      '{pair.short}: pros and cons {pair.use}',
      'is {pair.a} or {pair.b} better {pair.use}',
      'which makes more sense {pair.use}, {pair.a} or {pair.b}',
      '{pair.short}, which would you pick {pair.use}',
      'help me decide between {pair.a} and {pair.b} {pair.use}',
      '{pair.a} vs {pair.b}, which is better value {pair.use}',
      'weighing {pair.a} against {pair.b} {pair.use}',
    ],
  },
  // ---- commercial / evaluation / consideration: one specific thing ----
  {
    labels: EVAL_CONSIDER, per: 6, templates: [
      'is {brand} worth it',
      'is {brand} worth the money',
      '{brand} reviews',
      'honest review of {brand}',
      'is {brand} any good',
      'anyone tried {brand}? thoughts',
      'what do people think of {brand}',
      'downsides of {brand}',
      'is {brand} overrated',
      'would you recommend {brand} {qual_for}',
      'is {brand} good {qual_for}',
      'how good is {brand} really',
      '{brand} pros and cons',
      'is {rbrand} still worth buying in {year}',
      'is {brand} worth the hype',
      'real owners of {brand}, any regrets?',
      'is {provider} legit',
      '{provider} reviews from real customers',
      'is {provider} reliable',
      'is {provider} trustworthy',
      "what's the catch with {provider}",
      'has anyone used {provider}? how was it',
      'is {provider} good {qual_for}',
      '{provider} customer service, good or bad?',
      'are people happy with {provider}',
      'what are the biggest complaints about {brand}',
      'is {brand} good quality',
      'any red flags with {provider}?',
      'is {provider} a scam or legit',
      'what do reviewers say about {brand}',
      'thinking about {brand}, is it actually good',
      'rate {brand} out of 10',
      'is {brand} good or should i look elsewhere',
    ],
  },
  {
    labels: EVAL_CONSIDER, per: 5, templates: [
      'is {pb} good {aud}',
      'is {pb} worth it {aud}',
      '{pb} review',
      'honest thoughts on {pb}',
      'is {pb} worth paying for',
      'limitations of {pb}',
      'is {pb} overkill {aud}',
      'what are the biggest complaints about {pb}',
      'is {pb} easy to set up',
      'is {pb} good value for the money',
      "what's {pb} actually like to use day to day",
      'any dealbreakers with {pb}?',
      'is {pb} as good as people say',
      'is {pb} worth switching to',
      'is {pb} good enough {aud} or do we need something bigger',
      'how good is {pb} {aud}',
      'anyone regret going with {pb}?',
      'what do users say about {pb}',
      'is {pb} worth the recent price increase',
    ],
  },
  {
    labels: EVAL_CONSIDER, per: 5, kinds: ['ent', 'sw', 'ai'], templates: [
      'does {pb} scale well',
      'is {pb} secure enough for business use',
      'is {pb} reliable enough {aud}',
      'is {pb} gdpr compliant and actually safe to use',
      'how is {pb} support when something breaks',
    ],
  },
  {
    labels: EVAL_CONSIDER, per: 5, packCats: ACCURACY_CATS, templates: [
      'how accurate is {pb} {aud}',
    ],
  },
  {
    labels: EVAL_CONSIDER, per: 5, kinds: ['ai'], templates: [
      'anyone using {pb} in production? how is it going',
      'is {pb} fast enough {aud}',
    ],
  },
  {
    labels: EVAL_CONSIDER, per: 5, verticals: DURABLE_VERTICALS, templates: [
      'how long does the {rbrand} last',
      'is {rbrand} built well or does it break easily',
      'is {rbrand} reliable long term',
      'how does {rbrand} hold up after a year',
    ],
  },
  // ---- commercial / evaluation / research: is the whole category worth it ----
  {
    labels: EVAL_RESEARCH, per: 5, templates: [
      'is it worth getting {a_product} at all',
      'is {a_product} a waste of money',
      'is {a_product} worth it or just a gimmick',
      'are {cats} worth paying for at all',
      'is {u_product} worth it for most people',
      'do {cats} actually save time or is it hype',
      'are {u_products} a good idea for most people',
    ],
  },
  {
    labels: EVAL_RESEARCH, per: 5, verticals: RETAIL_VERTICALS, templates: [
      'are {products} worth it',
      'are {products} worth the hype',
      'do {products} actually make a difference',
      'do people regret buying {products}',
      'are expensive {products} really better than cheap ones',
    ],
  },
  {
    labels: EVAL_RESEARCH, per: 5, kinds: ['ent', 'sw', 'ai', 'sub'], templates: [
      'is paying for {a_cat} worth it {aud}',
    ],
  },
  // ---- commercial / deal_seeking / consideration: when, where, how to pay less ----
  {
    labels: DEAL_CONSIDER, per: 5, kinds: ['ent', 'sw', 'ai'], templates: [
      'does {pb} offer a startup discount',
      '{pb} nonprofit discount?',
      '{cats} that are actually good and free',
      'does {pb} have a free plan',
      'which {cat} has the best free tier',
      'is there a free trial for {pb}',
      'free alternatives to {pb}',
      'how do we keep {pb} costs down as we grow',
      'is the free tier of {pb} enough {aud}',
    ],
  },
  {
    labels: DEAL_CONSIDER, per: 5, templates: [
      'cheapest {product} {qualifier}',
      'cheapest way to get {a_product}',
      'ways to save money on {a_product}',
      'how to get a discount on {a_product}',
      'cheap {products_any} {qual_for} that are actually decent',
      'does {provider} ever run promotions',
      'is there a student discount for {provider}',
      'are there cheaper alternatives to {brand}',
    ],
  },
  {
    labels: DEAL_CONSIDER, per: 5, verticals: RETAIL_VERTICALS, templates: [
      'when do {products} usually go on sale',
      'best time of year to buy {a_product}',
      'any good deals on {products_any} right now?',
      'do {products} go on sale for {holiday}',
      'where do people find deals on {products_any}',
      'are there {holiday} deals on {products_any}',
      'is it cheaper to buy {a_product} online or in store',
      'should i wait for {holiday} to buy {a_product}',
      'any {products} on clearance right now?',
    ],
  },
  {
    labels: DEAL_CONSIDER, per: 5, templates: [
      'cheapest {cat} {aud}',
      'is there a cheaper alternative to {pb}',
      'any deals on {cats} right now',
      'cheapest {cat} that does the basics',
      'lowest cost {cat} {aud}',
    ],
  },
  {
    labels: DEAL_CONSIDER, per: 5, templates: [
      'which months are cheapest to fly to {dest}',
      'cheapest time of year to visit {dest}',
      'is it cheaper to fly into {dest} midweek',
      'how far ahead should i book flights to {dest} to get a good price',
      'cheapest way to get from {city} to {dest}',
      'any cheap getaways from {city} in {month}?',
    ],
  },
  {
    labels: DEAL_CONSIDER, per: 5, kinds: ['consumer'], templates: [
      'does {pb} ever go on sale',
      'when does {pb} usually get discounted',
    ],
  },
  {
    labels: DEAL_CONSIDER, per: 5, kinds: ['sw', 'ai', 'sub'], templates: [
      'is there a student discount on {pb}',
    ],
  },
  {
    labels: DEAL_CONSIDER, per: 5, packCats: OSS_CATS, templates: [
      'open source {cats} so we do not have to pay',
      'is there a free self hosted alternative to {pb}',
    ],
  },
  // ---- commercial / deal_seeking / decision: coupons, prices for a specific buy ----
  {
    labels: DEAL_DECIDE, per: 5, kinds: ['ent', 'sw', 'ai', 'sub', 'service'], templates: [
      'cheapest way to pay for {pb}',
      'how do i get {pb} cheaper, about to subscribe',
      'signing up for {pb} today, is there a promo for new accounts',
      '{pb} student discount code',
      '{pb} first year discount code',
    ],
  },
  {
    labels: DEAL_DECIDE, per: 5, verticals: SUBSCRIPTION_VERTICALS, templates: [
      'does {provider} have a first month free offer right now',
      '{provider} promo code for new customers',
      '{provider} referral code',
    ],
  },
  {
    labels: DEAL_DECIDE, per: 5, verticals: ['banking', 'credit_cards', 'investing', 'crypto', 'food_delivery', 'telecom_internet'], templates: [
      'current {provider} sign up bonus',
      '{provider} referral bonus right now?',
    ],
  },
  {
    labels: DEAL_DECIDE, per: 5, verticals: [...RETAIL_VERTICALS, ...SUBSCRIPTION_VERTICALS, 'hotels_lodging', 'car_rental', 'restaurants', 'pets'], templates: [
      'coupon for {provider}',
      'any {provider} coupons this month',
      '{provider} discount code {month}',
    ],
  },
  {
    labels: DEAL_DECIDE, per: 5, verticals: ['consumer_tech', 'smartphones', 'computers', 'gaming', 'photography_cameras', 'appliances', 'smart_home'], templates: [
      'open box {rbrand} deals near me',
      '{rbrand} refurbished price',
      'certified refurbished {rbrand}, where is it cheapest',
      'trade in deals for {rbrand} this week',
    ],
  },
  {
    labels: DEAL_CONSIDER, per: 5, verticals: ['consumer_tech', 'smartphones', 'computers', 'gaming', 'photography_cameras', 'appliances', 'smart_home'], templates: [
      'are refurbished {products} a good way to save money',
    ],
  },
  {
    labels: DEAL_DECIDE, per: 5, templates: [
      '{brand} promo code',
      '{brand} coupon',
      'any discount codes for {brand}',
      'where can i get {rbrand} for the cheapest',
      'best price on {rbrand} right now',
      '{rbrand} on sale anywhere this week?',
      '{rbrand} {holiday} deal',
      'is {rbrand} cheaper at {retailer} or {retailer2}',
      'lowest price on {rbrand}',
      'has {rbrand} dropped in price yet',
      "i'm buying {rbrand} this week, where's the best deal",
      'any {holiday} deals on {rbrand}?',
      'cheapest {rbrand} listing right now',
    ],
  },
  {
    labels: DEAL_DECIDE, per: 5, templates: [
      '{pb} coupon code',
      '{pb} discount for the annual plan',
      '{pb} promo code {year}',
      '{pb} black friday deal',
      "we're ready to buy {pb}, any discount codes?",
      'any {pb} discount for a first year customer',
      'best deal on {pb} right now, about to buy',
    ],
  },
  {
    labels: DEAL_DECIDE, per: 5, templates: [
      'cheapest flights to {dest} in {month}',
      'cheap flights from {city} to {dest} {when}',
      'hotel deals in {dest} {when}',
      'last minute deals to {dest}',
      'cheapest rental car in {city} {when}',
      'flights {city} to {dest} under {fare}',
      'any flight deals from {city} to {dest} {when}?',
      'cheapest nonstop from {city} to {dest} {when}',
      'best price on a hotel in {dest} {when}',
      'lowest fare {city} to {dest} in {month}',
      'cheap hotels in {dest} {when}',
      'cheapest all inclusive package to {beach} {when}',
    ],
  },
  // ---- commercial / provider_selection / decision: which company or seller to go with ----
  {
    labels: PROVIDER, per: 6, templates: [
      'best {pro.bare} in {city}',
      'need a reliable {pro.bare} in {city}, who do you recommend',
      'which {pro.bare} in {city} has the best reviews',
      'can you recommend {pro.a} in {city}',
      'looking to hire {pro.a} in {city} soon',
      "who's the go-to {pro.bare} around {city}",
      '{pro.bare} in {city} that is licensed and insured',
      'which {pro.bare} should i call in {city}, need it done this month',
      '{pro.bare} recommendations in {city}',
      'trustworthy {pro.bare} in {city}?',
      'which {ptype.bare} should i go with in {city}',
      'i need to pick {ptype.a} by friday, who is best in {city}',
      'who should i go with as my {ptype.bare} in {state}',
      'moving to {city}, which {ptype.bare} should i sign up with',
      'which airline should i book for {city} to {dest}, dates are set',
      'which hotel should i book in {dest} {when}',
      'best hotel to book in {dest} {when}, ready to reserve',
      'which tour company should we go with in {dest}',
      'which site should i book my {dest} trip on',
      'who is the best {pro.bare} in {city} for a fair price',
      'which {pro.bare} near {city} would you trust',
      'top rated {pro.bare} {city}',
      'i need {pro.a} in {city} asap, who should i call',
      '{city} {pro.bare} with good reviews?',
      'any {pro.bare} in {city} you would vouch for',
      'recommend {pro.a} near {city} who works weekends',
      'switching to a new {ptype.bare} next week in {city}, who should i go with',
      'which {ptype.bare} in {city} has the best customer service, ready to switch',
      'which airline is best for {city} to {dest}, buying tickets tonight',
      'best travel agency for a {dest} trip',
      'which resort should we book in {dest} {when}',
      'which car rental company should i use in {dest}',
    ],
  },
  {
    labels: PROVIDER, per: 6, templates: [
      "need {gprovider} in {city}, who's good",
      'best place to buy {a_product} {qual_np}',
      'where should i buy {rbrand}, online or in store',
      'trusted site to buy {rbrand} from',
      "i've decided on {rbrand}, where should i buy it",
      'buying {rbrand} this week, which store should i get it from',
      'where is a good place to get {a_product} {qual_np}',
    ],
  },
  {
    labels: PROVIDER, per: 5, verticals: PROVIDER_CHOICE_VERTICALS, templates: [
      'about to choose between {provider} and {provider2}, which should i go with',
      'final decision: {provider} or {provider2}?',
      'ready to sign up, {provider} or {provider2}',
      'going with either {provider} or {provider2} this week, which one',
      'which company should i go with, {provider} or {provider2}? need to decide today',
      '{provider}, {provider2} or {provider3}: which should i sign up with',
    ],
  },
  {
    labels: PROVIDER, per: 5, verticals: DURABLE_VERTICALS, templates: [
      'most reputable seller for {rbrand}',
      'who has the best warranty on {rbrand}',
      'which retailer has the best return policy for {products_any}',
    ],
  },
  {
    labels: PROVIDER, per: 5, verticals: SERVICE_VERTICALS, templates: [
      'which is the best company to get {a_product} from {qual_for}',
      'who should i get {a_product} from {qual_for}',
      'which provider should i pick for {a_product} {qual_np}',
      'decided to get {a_product}, now which company do i go with',
      "i'm ready to sign up for {a_product}, which company should i go with",
      'who has the best {product} {qual_for}, i want to switch this month',
    ],
  },
  {
    labels: PROVIDER, per: 6, kinds: ['ent', 'sw', 'ai', 'service'], templates: [
      "we've narrowed it to {pb} and {pb2}, which one should we sign with",
      'final pick for our {cat}: {pb} or {pb2}?',
      'ready to commit to {a_cat}, {pb} or {pb2}',
      'ok time to commit: {pb}, {pb2} or {pb3}?',
    ],
  },
  {
    labels: PROVIDER, per: 6, kinds: ['ent', 'sw', 'ai'], templates: [
      'which {cat} vendor should we go with {aud}, need to decide by friday',
      'which {cat} provider should we switch to {aud}',
      'picking our {cat} vendor this week, {pb}, {pb2} or {pb3}',
      'we decided we need {a_cat} {aud}, which vendor do we go with',
      "budget is approved for {a_cat}, who should we go with",
      'which {cat} should we sign a contract with {aud}',
      'we need to pick {a_cat} this quarter {aud}, which vendor',
      'signing up for {a_cat} today {aud}, which provider',
      'which {cat} should i go with, i need it set up this week',
      'we are replacing {pb}, which vendor should we move to {aud}',
    ],
  },
  {
    labels: PROVIDER, per: 5, kinds: ['service'], templates: [
      'which {cat} should i sign up with {aud}, switching this month',
      'ready to switch, which {cat} should i go with {aud}',
      'i need to choose {a_cat} this week {aud}, which one',
    ],
  },
  {
    labels: PROVIDER, per: 5, kinds: ['ent'], templates: [
      'which implementation partner is best for {pb}',
      'which reseller should we buy {pb} licenses through',
      'which consultancy should we hire to roll out {pb}',
      'we chose {pb}, which certified partner should we buy it through',
    ],
  },
];

export const TEMPLATE_COUNT = SETS.reduce((n, s) => n + s.templates.length, 0);

export const generator: IntentGenerator = {
  name: SOURCE,
  generate(rng: Rng): IntentRow[] {
    return SETS.flatMap((set) => expandSet(set, rng));
  },
};
