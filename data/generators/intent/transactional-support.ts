/**
 * Transactional (signup, purchase, booking, download, contact_sales, task_execution), post-purchase
 * (onboarding_setup, returns, tracking, reviews, warranty) and support (troubleshooting, account_help,
 * billing_help) queries. Two sources of slot words: this file's own lexicon (coherent pairs such as
 * "dishwasher won't drain") and the shared VERTICALS (providers, products, brands, tasks), used only
 * through fields that read naturally in the template at hand.
 */
import { expand, rowsFromTemplates, seedFromString, typeLikeAPerson, type IntentGenerator, type IntentRow, type Labels, type Rng, type Slots } from '../lib.js';
import { VERTICALS } from '../lexicon/verticals.js';
import type { Vertical } from '../lexicon/types.js';

const SOURCE = 'gen/transactional-support';

// ---------------------------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------------------------
const SIGNUP: Labels = { intent_type: 'transactional', intent_subtype: 'signup', decision_phase: 'action' };
const PURCHASE: Labels = { intent_type: 'transactional', intent_subtype: 'purchase', decision_phase: 'action' };
const PURCHASE_DECIDED: Labels = { intent_type: 'transactional', intent_subtype: 'purchase', decision_phase: 'decision' };
const BOOKING: Labels = { intent_type: 'transactional', intent_subtype: 'booking', decision_phase: 'action' };
const DOWNLOAD: Labels = { intent_type: 'transactional', intent_subtype: 'download', decision_phase: 'action' };
const CONTACT_SALES: Labels = { intent_type: 'transactional', intent_subtype: 'contact_sales', decision_phase: 'action' };
const CONTACT_SALES_DECIDED: Labels = { intent_type: 'transactional', intent_subtype: 'contact_sales', decision_phase: 'decision' };
const TASK: Labels = { intent_type: 'transactional', intent_subtype: 'task_execution', decision_phase: 'action' };
const ONBOARDING: Labels = { intent_type: 'support', intent_subtype: 'onboarding_setup', decision_phase: 'post_purchase' };
const POST_PURCHASE: Labels = { intent_type: 'support', decision_phase: 'post_purchase' };
const TROUBLE: Labels = { intent_type: 'support', intent_subtype: 'troubleshooting', decision_phase: 'support' };
const ACCOUNT: Labels = { intent_type: 'support', intent_subtype: 'account_help', decision_phase: 'support' };
const BILLING: Labels = { intent_type: 'support', intent_subtype: 'billing_help', decision_phase: 'support' };

// ---------------------------------------------------------------------------------------------
// Own lexicon
// ---------------------------------------------------------------------------------------------
const S = {
  // --- services and companies --------------------------------------------------------------
  streaming: ['Netflix', 'Hulu', 'Disney+', 'Max', 'Spotify', 'YouTube TV', 'Peacock', 'Paramount+', 'Apple Music', 'Audible', 'Crunchyroll', 'Sling', 'ESPN+', 'Apple TV+', 'YouTube Premium', 'Tidal', 'Kindle Unlimited', 'SiriusXM'],
  videoStream: ['Netflix', 'Hulu', 'Disney+', 'Max', 'Peacock', 'Paramount+', 'YouTube TV', 'Sling', 'Apple TV+', 'ESPN+', 'Crunchyroll', 'Fubo', 'Prime Video'],
  streamplan: ['the premium tier', 'the ad-free plan', 'the basic plan', 'the family plan', 'the student plan', 'the annual plan', 'the cheapest plan', 'the standard plan with ads'],
  saas: ['Slack', 'Notion', 'Asana', 'Zoom', 'HubSpot', 'Salesforce', 'monday.com', 'Jira', 'Trello', 'Dropbox', 'Canva', 'Figma', 'QuickBooks', 'Xero', 'Shopify', 'Mailchimp', 'Airtable', 'Zendesk', 'ClickUp', 'Gusto', 'DocuSign', 'Calendly', 'Grammarly', '1Password', 'Intercom', 'Miro', 'Loom', 'Webflow', 'Squarespace', 'Wix', 'FreshBooks', 'Pipedrive', 'Linear', 'Confluence', 'Smartsheet', 'Typeform'],
  b2b: ['HubSpot', 'Salesforce', 'monday.com', 'Zendesk', 'Datadog', 'Snowflake', 'Atlassian', 'ServiceNow', 'Workday', 'Okta', 'Rippling', 'Gong', 'Outreach', 'Segment', 'Twilio', 'Cloudflare', 'MongoDB Atlas', 'Databricks', 'Gusto', 'ADP', 'Asana', 'Notion', 'Slack', 'Zoom', 'Intercom', 'Freshworks', 'Procore', 'Toast', 'Square', 'Klaviyo', 'Marketo', 'Tableau', 'Looker', 'PagerDuty', 'New Relic', 'Sentry', 'GitLab', 'GitHub', 'JetBrains', 'Miro', 'Figma', 'Docusign', '1Password', 'CrowdStrike', 'Palo Alto Networks', 'Auth0', 'Vercel', 'Supabase', 'Postman'],
  saleTopic: ['enterprise pricing', 'a volume discount', 'an annual contract', 'sso and audit logs', 'a custom plan', 'nonprofit pricing', 'a multi-year deal', 'education pricing', 'moving from the free tier to enterprise', 'data residency in the eu', 'a HIPAA compliant plan', 'a pilot for our team', 'reseller pricing', 'on-prem deployment', 'pricing for our agency'],
  seats: ['10', '15', '25', '40', '50', '75', '100', '120', '200', '250', '500', '1,000', '2000'],
  team: ['our sales team', 'our support team', 'the marketing team', 'our engineering org', 'a team of 30', 'our whole company', 'our 12 person startup', 'our clinic', 'our school district', 'our law firm', 'our agency', 'the finance team'],
  bank: ['Chase', 'Ally', 'Capital One', 'Wells Fargo', 'Bank of America', 'SoFi', 'Chime', 'Marcus', 'Discover', 'Citi', 'US Bank', 'PNC', 'Navy Federal', 'my credit union', 'TD Bank', 'Schwab'],
  bankAcct: ['checking account', 'savings account', 'high yield savings account', 'joint account', 'business checking account', 'money market account', 'student checking account', '12 month cd'],
  broker: ['Fidelity', 'Vanguard', 'Schwab', 'Robinhood', 'E*TRADE', 'Webull', 'Betterment', 'Wealthfront', 'Interactive Brokers', 'Public', 'Merrill Edge', 'Acorns'],
  brokerAcct: ['roth ira', 'brokerage account', 'traditional ira', '529 plan for my son', 'custodial account for my daughter', 'sep ira', 'hsa investment account'],
  card: ['Chase Sapphire Preferred', 'Capital One Venture', 'Amex Blue Cash Everyday', 'Citi Double Cash', 'Discover it', 'Apple Card', 'Wells Fargo Active Cash', 'Bilt Mastercard', 'Amex Platinum', 'Chase Freedom Flex', 'Capital One Quicksilver', 'Delta SkyMiles Gold', 'Costco Citi Visa', 'Target RedCard', 'Amazon Prime Visa'],
  gym: ['Planet Fitness', 'Equinox', 'LA Fitness', 'Orangetheory', 'Crunch', 'the YMCA', '24 Hour Fitness', 'Anytime Fitness', 'Life Time', 'Gold\'s Gym', 'F45', 'a local climbing gym', 'Blink Fitness'],
  membership: ['Costco', 'Sam\'s Club', 'Amazon Prime', 'Walmart+', 'REI', 'BJ\'s', 'AAA', 'DashPass', 'Uber One', 'Instacart+', 'ClassPass', 'Peloton App', 'Target Circle 360', 'Chewy Autoship'],
  trial: ['Adobe Creative Cloud', 'Hulu', 'Audible', 'Kindle Unlimited', 'Canva Pro', 'Microsoft 365', 'YouTube TV', 'Grammarly Premium', 'LinkedIn Premium', 'ChatGPT Plus', 'Notion AI', 'Peloton', 'Headspace', 'Calm', 'Babbel', 'NordVPN', 'Xbox Game Pass', 'Apple One', 'Sling TV', 'Shopify'],
  event: ['the chicago marathon', 'a local 10k', 'pycon', 're:invent', 'the company hackathon', 'ces', 'a pottery class', 'summer camp', 'the spring book club', 'the color run', 'a beginner triathlon', 'the farmers market vendor list', 'saas connect', 'the state bar exam', 'an intro to welding class', 'the nyc half', 'a first aid course', 'the library\'s tax help workshop', 'the kubecon conference'],
  course: ['a python bootcamp', 'cs50 on edx', 'a spanish class at the community college', 'the google ux design certificate', 'a real estate license course', 'the aws solutions architect course', 'an online mba', 'a cpr certification class', 'a data science course on coursera', 'a beginner guitar course', 'the pmp prep course', 'a sql course on datacamp', 'a medical coding program', 'an esl class'],
  newsletter: ['the morning brew newsletter', 'the new york times', 'the washington post digital', 'the wall street journal', 'the economist', 'the atlantic', 'my favorite writer\'s substack', 'the athletic', 'the verge newsletter', 'the hustle', 'bloomberg', 'the local paper'],
  mealkit: ['HelloFresh', 'Blue Apron', 'Factor', 'Home Chef', 'Green Chef', 'Hungryroot', 'EveryPlate', 'Sunbasket', 'Purple Carrot'],
  mealcount: ['3 meals a week for 2', '4 meals a week for a family of 4', '2 meals a week', '5 meals for one person', '6 meals a week', '3 vegetarian meals for 2'],
  telco: ['T-Mobile', 'Verizon', 'AT&T', 'Mint Mobile', 'Google Fi', 'Visible', 'US Mobile', 'Cricket', 'Xfinity Mobile', 'Spectrum Mobile'],
  isp: ['Xfinity', 'Spectrum', 'Verizon Fios', 'AT&T Fiber', 'Google Fiber', 'Cox', 'Starlink', 'T-Mobile 5G home', 'Frontier', 'Optimum'],
  loyalty: ['Starbucks', 'Marriott Bonvoy', 'Delta SkyMiles', 'Sephora Beauty Insider', 'Ulta', 'Hilton Honors', 'Panera', 'Chipotle', 'Southwest Rapid Rewards', 'Kroger', 'CVS ExtraCare', 'Dunkin', 'World of Hyatt', 'Nordstrom Nordy Club'],
  gigRole: ['a driver on Lyft', 'a host on Airbnb', 'a seller on Etsy', 'a tasker on TaskRabbit', 'a dasher on DoorDash', 'a freelancer on Upwork', 'a shopper on Instacart', 'a sitter on Rover', 'a tutor on Wyzant', 'a seller on Amazon', 'a vendor on Shopify'],
  app: ['Zoom', 'Spotify', 'Slack', 'Microsoft Teams', 'Discord', 'WhatsApp', 'Telegram', 'Chrome', 'Firefox', 'Brave', 'VLC', 'OBS Studio', 'Steam', 'Dropbox', 'Google Drive', 'Notion', 'Obsidian', 'Signal', 'Audacity', 'GIMP', 'Blender', 'Adobe Acrobat Reader', 'Photoshop', 'Lightroom', 'Microsoft Office', 'LibreOffice', 'TeamViewer', 'AnyDesk', '1Password', 'Bitwarden', 'NordVPN', 'Malwarebytes', 'iTunes', 'Kindle', 'Webex', 'Canva', 'Figma', 'DaVinci Resolve', 'Logitech Options', 'Epic Games Launcher', 'Battle.net', 'Minecraft launcher', 'Roblox', 'Duolingo', 'Strava', 'Google Earth', 'Evernote', 'Skype', 'Outlook', 'Todoist'],
  mobileApp: ['Chase', 'Venmo', 'Cash App', 'PayPal', 'Uber', 'Lyft', 'DoorDash', 'Instacart', 'Starbucks', 'Duolingo', 'Headspace', 'Calm', 'MyFitnessPal', 'Strava', 'Hinge', 'Bumble', 'Robinhood', 'Coinbase', 'Airbnb', 'Expedia', 'United', 'Delta', 'Ring', 'Nest', 'Google Home', 'Alexa', 'Fitbit', 'Garmin Connect', 'Life360', 'Waze', 'Citymapper', 'Libby', 'Audible', 'Peloton', 'ParkMobile', 'MyChart', 'Zelle', 'Shazam', 'CapCut', 'Canva', 'WhatsApp', 'Microsoft Authenticator', 'Google Authenticator', 'Authy'],
  os: ['mac', 'windows', 'windows 11', 'windows 10', 'linux', 'ubuntu', 'my macbook', 'an m1 mac', 'my pc', 'fedora', 'my work laptop', 'my mac mini'],
  computer: ['macbook', 'windows laptop', 'work laptop', 'imac', 'gaming pc', 'surface pro', 'new laptop', 'desktop', 'linux box', 'dell xps'],
  device: ['iphone', 'ipad', 'android phone', 'galaxy s24', 'pixel 8', 'macbook', 'windows laptop', 'chromebook', 'fire tablet', 'work laptop', 'kids\' ipad', 'linux box', 'surface pro', 'new phone', 'imac'],
  form: ['w-9 form', 'w-4 form', '1099-nec form', 'i-9 form', 'ds-82 passport renewal form', '1040 instructions', 'form 4868', 'fmla paperwork', 'irs form 8962', 'ss-5 social security card application', 'i-130 form', 'residential lease agreement template', 'dmv change of address form', 'medicare enrollment form', 'direct deposit form', 'schedule c form', 'form 2553', 'vehicle bill of sale form', 'fafsa pdf', 'ds-11 form'],
  driver: ['nvidia drivers for my rtx 3060', 'amd radeon drivers', 'the hp laserjet pro m404 driver', 'the brother hl-l2350dw printer driver', 'logitech g hub', 'realtek audio drivers', 'intel wifi drivers', 'the epson ecotank et-2800 driver', 'the wacom tablet driver', 'the canon pixma ts3520 driver', 'the scansnap ix1600 software', 'the focusrite scarlett driver', 'the xbox controller driver for windows', 'the displaylink driver for my dock', 'the latest bios for my asus motherboard'],
  devtool: ['node', 'python 3.12', 'docker', 'git', 'kubectl', 'terraform', 'the aws cli', 'homebrew', 'postgres', 'android studio', 'jdk 21', 'rust', 'go 1.22', 'vscode', 'the gcloud cli', 'pnpm', 'yarn', 'redis', 'mysql workbench', 'intellij', 'pycharm', 'anaconda', 'wsl', 'the heroku cli', 'the github cli', 'minikube', 'dbeaver', 'postman', 'ollama', 'php 8.3', 'ruby 3.3', 'dotnet 8 sdk', 'flutter sdk', 'the stripe cli'],
  pkg: ['pandas', 'numpy', 'requests', 'react', 'typescript', 'express', 'tailwind', 'django', 'flask', 'pytorch', 'tensorflow', 'lodash', 'prisma', 'eslint', 'jest', 'vitest', 'matplotlib', 'scikit-learn', 'fastapi', 'axios'],
  game: ['minecraft', 'fortnite', 'valorant', 'roblox', 'league of legends', 'genshin impact', 'call of duty warzone', 'apex legends', 'the sims 4', 'counter-strike 2', 'rocket league', 'stardew valley', 'baldur\'s gate 3', 'among us', 'overwatch 2'],
  platform: ['pc', 'my ps5', 'xbox', 'switch', 'my mac', 'my phone', 'steam deck', 'my ipad', 'my laptop'],
  offline: ['my spotify playlists for offline', 'netflix episodes for my flight', 'google maps offline for italy', 'my audible books to my phone', 'the duolingo lessons for offline', 'youtube premium videos for the road trip', 'kindle books before my trip', 'podcast episodes for my commute', 'apple music albums to my watch', 'the disney+ movies to my kid\'s ipad'],
  template: ['a free resume template', 'a powerpoint template for a pitch deck', 'a budget spreadsheet template', 'an invoice template', 'a wedding seating chart template', 'a meal planner printable', 'a lesson plan template', 'the roboto font', 'a gantt chart template for excel', 'a chore chart printable', 'a timesheet template', 'a business plan template', 'a free logo mockup', 'a weekly planner pdf'],
  manual: ['the owner\'s manual for a 2019 rav4', 'the user manual for my ge dishwasher', 'the instruction manual for my lg washer', 'the manual for my canon rebel t7', 'the pdf manual for my yamaha keyboard', 'the assembly instructions for the ikea hemnes dresser', 'the service manual for my honda lawn mower', 'the manual for my instant pot duo', 'the quick start guide for my eero', 'the manual for my garmin forerunner 255'],
  mydoc: ['my 1099 from fidelity', 'my pay stubs from adp', 'my chase statements from last year', 'my w-2 from workday', 'my vaccination record', 'my transcript from the university portal', 'my boarding pass', 'my 1098 from my mortgage servicer', 'last year\'s tax return from turbotax', 'my coinbase tax report', 'my medical records from mychart', 'my proof of insurance card from geico', 'my unofficial transcript', 'my lease from the tenant portal'],
  plugin: ['the prettier extension in vscode', 'yoast seo for wordpress', 'the grammarly extension for chrome', 'ublock origin', 'the honey extension', 'the zoom plugin for outlook', 'the github copilot extension', 'the 1password browser extension', 'the loom chrome extension', 'the calendly extension for gmail', 'the python extension for vscode', 'the salesforce outlook add-in', 'dark reader for firefox', 'woocommerce on my wordpress site'],
  update: ['the ios 18 update', 'the latest macos update', 'windows 11 24h2', 'the new firmware for my sony a7 iv', 'the latest firmware for my netgear router', 'the android 15 update on my pixel', 'the latest garmin firmware', 'the new ps5 system update', 'the newest chrome version', 'the switch system update'],
  // --- products for purchase ----------------------------------------------------------------
  product: ['AirPods Pro 2', 'an iPhone 16', 'a Galaxy S24 Ultra', 'a Pixel 9', 'the Sony WH-1000XM5', 'a Nintendo Switch OLED', 'a PS5 Slim', 'an Xbox Series X', 'a Kindle Paperwhite', 'an iPad Air', 'a MacBook Air M3', 'the Dyson V15 Detect', 'a Roomba j7+', 'a Ninja Creami', 'a Vitamix E310', 'a KitchenAid stand mixer', 'an Instant Pot Duo', 'a 40 oz Stanley Quencher', 'a Yeti Rambler', 'Hoka Clifton 9s', 'white Air Force 1s', 'Lululemon Align leggings', 'an Oura Ring', 'an Apple Watch Series 10', 'a Garmin Forerunner 265', 'Bose QuietComfort Ultra headphones', 'a 55 inch Samsung Frame TV', 'a 65 inch LG C4', 'a Weber Spirit II grill', 'a Traeger Pro 575', 'a Ninja air fryer', 'a Keurig K-Elite', 'a Nespresso Vertuo Next', 'a Breville Barista Express', 'a Theragun Mini', 'an Owala FreeSip bottle', 'an Ember mug', 'a Ring video doorbell', 'a Nest Learning Thermostat', 'a Cricut Maker 3', 'the Lego Titanic set', 'a Sonos Era 100', 'a DJI Mini 4 Pro', 'a GoPro Hero 12', 'a Canon R50', 'a Herman Miller Aeron', 'a Purple queen mattress', 'a Dyson Airwrap', 'a Le Creuset dutch oven', 'a Steam Deck OLED', 'a Meta Quest 3', 'a Tile Pro 4 pack', 'an Anker power bank', 'a Logitech MX Master 3S', 'Ray-Ban Meta glasses', 'a Patagonia Nano Puff', 'Birkenstock Arizonas', 'a Carhartt WIP beanie', 'a Fellow Stagg kettle', 'a Crayola art set for my niece'],
  color: ['black', 'navy', 'white', 'midnight', 'sage green', 'space gray', 'red', 'silver', 'rose gold', 'starlight', 'blue', 'charcoal'],
  retailer: ['Amazon', 'Target', 'Walmart', 'Best Buy', 'Costco', 'Home Depot', 'Lowe\'s', 'the Apple store', 'B&H', 'Nordstrom', 'REI', 'Dick\'s', 'Kohl\'s', 'Macy\'s', 'Sephora', 'Ulta', 'Chewy', 'Wayfair', 'IKEA', 'Etsy', 'eBay', 'Zappos', 'Staples', 'Newegg', 'Williams Sonoma', 'Crate & Barrel', 'Old Navy', 'Nike', 'Zara', 'Uniqlo', 'Shein', 'Temu', 'Lululemon', 'Gap', 'Sam\'s Club'],
  bigRetailer: ['Amazon', 'Target', 'Walmart', 'Best Buy', 'Costco', 'eBay', 'Sam\'s Club', 'Kohl\'s'],
  delivery: ['same day delivery', 'pickup today', 'delivery by friday', 'in-store pickup', '2 day shipping', 'delivery to my office', 'curbside pickup', 'delivery this weekend', 'next day delivery', 'shipping to my parents\' house'],
  consumable: ['my contact lenses', 'paper towels', 'my vitamins', 'coffee pods', 'printer ink', 'size 4 diapers', 'the dog food i got last time', 'my protein powder', 'laundry pods', 'my allergy meds', 'cat litter', 'my usual toothpaste', 'replacement razor blades', 'water filters for the fridge', 'trash bags', 'my skincare refill', 'the oat milk from last order', 'dishwasher tablets'],
  bulk: ['2 bags of mulch', '3 cases of water', 'a 24 pack of AA batteries', '10 yards of fabric', '4 bags of concrete mix', '6 bottles of the kirkland wine', '50 paper plates', '12 rolls of toilet paper', '3 gallons of paint', '2 dozen cupcakes', '100 shipping boxes', '5 lbs of coffee beans'],
  foodOrder: ['a large pepperoni from dominos', 'a burrito bowl from chipotle', 'two spicy chicken sandwiches from popeyes', 'pad thai and spring rolls from the thai place on 5th', 'a dozen donuts from krispy kreme', 'a family meal from kfc', 'sushi for 3 from the sushi spot near me', 'a poke bowl from sweetgreen', 'tacos for the office from taco bell', 'a vanilla oat latte from starbucks', 'bagels for 10 from the bagel shop', 'a veggie pizza from papa johns', 'wings and fries from wingstop', 'a birthday cake from a local bakery', 'a smashburger from shake shack', 'pho from the place down the street', 'a chicken caesar wrap from panera'],
  grocer: ['instacart', 'walmart', 'amazon fresh', 'kroger', 'whole foods', 'safeway', 'aldi', 'h-e-b', 'costco', 'target', 'publix', 'trader joe\'s'],
  groceries: ['milk, eggs and bread', 'a week of groceries', 'bananas, yogurt and coffee', 'chicken thighs and rice', 'stuff for tacos tonight', 'snacks for the kids\' party', 'ingredients for lasagna', 'a rotisserie chicken and salad', 'everything on my list', 'diapers and wipes'],
  giftcard: ['a $50 Sephora gift card', 'a $25 Starbucks gift card', 'an Amazon gift card', 'a $100 Visa gift card', 'a DoorDash gift card', 'a Steam gift card', 'an Apple gift card', 'a Target gift card', 'a $75 Home Depot gift card', 'an Xbox gift card', 'a Nordstrom e-gift card'],
  upgrade: ['Dropbox Plus', 'the Slack pro plan', 'Google One 2TB', 'iCloud+ 200GB', 'Spotify Premium Family', 'ChatGPT Plus', 'the Zoom pro plan', 'Canva Pro', 'the Notion plus plan', 'YouTube Premium', 'LinkedIn Premium', 'the GitHub team plan', 'Microsoft 365 Family', 'the Duolingo Max plan', 'Adobe Acrobat Pro'],
  license: ['a Windows 11 Pro license', 'a year of Norton 360', 'Microsoft Office Home 2024', 'a JetBrains all products pack', 'a Parallels Desktop license', 'a copy of Final Cut Pro', 'Logic Pro', 'a Malwarebytes premium license', 'a year of NordVPN', 'a CleanMyMac subscription', 'a TurboTax Deluxe download', 'a Bitdefender family pack', 'an Affinity Photo license'],
  autopart: ['front brake pads', 'a new battery', 'wiper blades', 'an engine air filter', 'a cabin air filter', 'synthetic 5w-30 oil', 'a set of spark plugs', 'new headlight bulbs', 'a serpentine belt', 'all weather floor mats', 'rear rotors', 'a roof rack'],
  car: ['2018 honda civic', '2020 toyota camry', '2015 ford f-150', '2019 rav4', '2017 subaru outback', '2021 jeep wrangler', '2016 mazda 3', '2022 tesla model y', '2014 honda odyssey', '2019 chevy silverado', '2012 vw jetta'],
  preorder: ['the iPhone 17', 'the new Pixel', 'the next Zelda game', 'GTA 6', 'the Galaxy Z Fold 7', 'the new MacBook Pro', 'the Switch 2', 'the new Kindle Scribe', 'the next Sonos headphones', 'the Lego Rivendell set'],
  recipient: ['my wife', 'my dad', 'my sister', 'my boss', 'my nephew', 'my best friend', 'my mom', 'a coworker', 'my girlfriend', 'my grandma', 'my son'],
  when: ['today', 'tonight', 'tomorrow', 'this weekend', 'on friday', 'next week', 'on saturday', 'tomorrow morning', 'next tuesday', 'right now', 'asap'],
  // --- booking ------------------------------------------------------------------------------
  party: ['2', '4', '6', 'two', 'four', '3 people', 'a party of 8', '5', '10', '2 adults and a baby', '12 for a birthday'],
  dinnerTime: ['tonight at 7', 'tomorrow at 8pm', 'friday at 7:30', 'saturday night', 'sunday brunch', 'tonight around 6:30', 'thursday at 6', 'valentine\'s day at 8', 'next friday at 7', 'christmas eve'],
  dinner: ['nobu', 'olive garden', 'the cheesecake factory', 'a sushi place downtown', 'carbone', 'texas roadhouse', 'an italian place near me', 'the steakhouse on main', 'a rooftop bar in midtown', 'p.f. chang\'s', 'our usual brunch spot', 'the new ramen place', 'a thai place in soho', 'ruth\'s chris', 'an omakase counter'],
  cityFrom: ['jfk', 'new york', 'chicago', 'lax', 'boston', 'seattle', 'denver', 'atlanta', 'dallas', 'sfo', 'miami', 'toronto', 'london', 'phoenix', 'philly', 'houston', 'minneapolis', 'orlando'],
  cityTo: ['lax', 'miami', 'cancun', 'paris', 'london', 'tokyo', 'vegas', 'orlando', 'honolulu', 'denver', 'nashville', 'rome', 'lisbon', 'new orleans', 'san juan', 'chicago', 'seattle', 'boston', 'austin', 'barcelona', 'dublin', 'mexico city', 'reykjavik', 'san diego'],
  dates: ['next friday', 'on march 3', 'this weekend', 'on the 14th', 'for thanksgiving', 'june 10 to 17', 'over spring break', 'in mid july', 'leaving tomorrow', 'december 20 returning jan 2', 'on memorial day weekend', 'for labor day', 'on the 22nd, back on the 29th', 'for 2 weeks in august'],
  airline: ['delta', 'united', 'southwest', 'american', 'jetblue', 'alaska', 'spirit', 'frontier', 'air canada', 'british airways', 'ryanair', 'emirates'],
  cabin: ['economy', 'premium economy', 'business class', 'basic economy', 'first class', 'an aisle seat', 'a window seat'],
  hotelCity: ['in lisbon', 'in austin', 'in downtown chicago', 'in vegas', 'near disneyland', 'in times square', 'in savannah', 'in napa', 'in san diego', 'near the denver airport', 'in kyoto', 'in nashville', 'near o\'hare', 'in banff', 'in old town scottsdale', 'in miami beach', 'in asheville', 'near the convention center in orlando', 'by the beach in destin', 'close to fenway'],
  stay: ['march 3 to 6', 'this friday and saturday', '3 nights starting the 12th', 'for a week in june', 'tonight only', 'next weekend', 'christmas week', '2 nights', 'labor day weekend', 'from the 8th to the 11th'],
  hotel: ['a Marriott', 'a Hilton', 'a Hampton Inn', 'a Holiday Inn Express', 'the Hyatt Regency', 'a Courtyard', 'a Best Western', 'a cheap motel', 'a hotel with a pool', 'a pet friendly hotel', 'a boutique hotel', 'an all-inclusive resort', 'a hostel', 'a Kimpton', 'a suite'],
  appt: ['a dental cleaning', 'an eye exam', 'a physical', 'a haircut', 'an oil change', 'a tire rotation', 'a dog grooming appointment', 'a vet checkup', 'a massage', 'a manicure', 'a teeth whitening session', 'a car detail', 'a brow wax', 'a flu shot', 'a mammogram', 'a blood draw at quest', 'a skin check with a dermatologist', 'a therapy session', 'a chiropractor visit', 'a physical therapy session', 'a covid booster', 'a hearing test', 'an emissions test', 'a passport photo', 'a notary appointment', 'a tax prep appointment at h&r block', 'a piano lesson', 'a lash fill', 'a kids\' haircut'],
  apptWhen: ['for next week', 'for tomorrow morning', 'this saturday', 'on monday after 3', 'for the earliest slot', 'next tuesday at 10', 'friday afternoon', 'sometime this week', 'on the 21st', 'before noon on wednesday', 'for after work thursday'],
  apptWith: ['my dermatologist', 'a pediatrician', 'a therapist', 'dr. patel', 'an orthodontist', 'a chiropractor', 'my primary care doctor', 'an allergist', 'the urologist', 'an ob-gyn', 'a dietitian', 'a financial advisor', 'a divorce lawyer', 'my kid\'s pediatric dentist', 'an optometrist', 'an immigration attorney'],
  tradejob: ['a plumber to fix a leaky faucet', 'an electrician to install a ceiling fan', 'a house cleaner for a deep clean', 'an hvac tech for a furnace tune-up', 'a handyman to hang shelves', 'movers for a 2 bedroom apartment', 'a locksmith to rekey the front door', 'pest control for ants', 'a carpet cleaning for 3 rooms', 'a window washer', 'a gutter cleaning', 'a chimney sweep', 'a dog walker for weekdays', 'a lawn service for biweekly mowing', 'an appliance repair visit for my fridge', 'a junk removal pickup', 'a piano tuner', 'a mobile mechanic', 'a tv mounting service'],
  reservable: ['a campsite at yosemite', 'a tennis court', 'a pickleball court', 'a bowling lane for 6', 'a study room at the library', 'the conference room', 'a party room at the trampoline park', 'a tee time for four', 'a kayak rental', 'a cabin at the state park', 'a picnic pavilion', 'a private karaoke room', 'a paddleboard rental', 'a parking spot at the airport', 'a locker at the gym', 'a coworking desk'],
  resWhen: ['for saturday', 'tomorrow at 6pm', 'for july 4th weekend', 'sunday morning', 'thursday afternoon', 'next weekend', 'for 2 hours tonight', 'from friday to sunday', 'for the 18th', 'at 9am tomorrow'],
  tour: ['a food tour', 'a walking tour', 'a wine tasting', 'a snorkeling trip', 'a whale watching tour', 'a day trip to the grand canyon', 'a cooking class', 'a boat tour', 'a museum ticket with timed entry', 'a hot air balloon ride', 'a helicopter tour', 'a ghost tour', 'a surf lesson', 'a sunset sail'],
  tourCity: ['rome', 'new orleans', 'maui', 'napa', 'lisbon', 'kyoto', 'vegas', 'boston', 'cabo', 'san francisco', 'mexico city', 'charleston', 'key west', 'paris'],
  train: ['the amtrak from nyc to dc', 'the eurostar from london to paris', 'the shinkansen from tokyo to kyoto', 'the acela to boston', 'a sleeper train from chicago to denver', 'the brightline to orlando', 'a train from milan to florence', 'the amtrak cascades to portland', 'the megabus to philly', 'a flixbus from berlin to prague'],
  classKind: ['a spin class', 'a yoga class', 'a barre class', 'a reformer pilates class', 'a kickboxing class', 'a hot yoga class', 'an orangetheory class', 'a soulcycle ride', 'a swim lesson for my kid', 'a private golf lesson', 'a climbing intro class', 'a dance class'],
  classWhen: ['tomorrow at 6am', 'saturday morning', 'tonight', 'at 5:30 on wednesday', 'this weekend', 'monday at noon', 'for next thursday'],
  ridePlace: ['the airport', 'penn station', 'downtown', 'my hotel', 'the concert', 'work', 'the hospital', 'the stadium', 'union station', 'my friend\'s place'],
  rideTime: ['at 5am', 'in 20 minutes', 'tomorrow at 6:15', 'right now', 'at 11 tonight', 'for 7am friday'],
  cruise: ['an alaska cruise', 'a caribbean cruise', 'a 4 night bahamas cruise', 'a mediterranean cruise', 'a disney cruise', 'a river cruise in europe', 'a royal caribbean cruise'],
  month: ['june', 'july', 'december', 'march', 'october', 'april', 'september', 'august', 'the spring', 'the fall'],
  // --- task execution ------------------------------------------------------------------------
  amount: ['$200', '$50', '$1,000', '$75', '$300', '$20', '$500', '$1200', '$45.50', '$2,500', '$15', '$60', '$125', '$80', '$10'],
  acctFrom: ['checking', 'my checking account', 'savings', 'my chase account', 'my brokerage account', 'my paypal balance', 'my business account', 'my venmo balance'],
  acctTo: ['savings', 'my savings account', 'my roth ira', 'my joint account', 'my ally account', 'the emergency fund', 'checking', 'my hsa', 'my kid\'s 529', 'my credit card'],
  person: ['jake', 'my mom', 'sarah', 'my landlord', 'my roommate', 'alex', 'priya', 'dad', 'the babysitter', 'my sister', 'mike', 'the dog walker', 'emma', 'chris', 'my coworker dan'],
  p2pAmount: ['$12', '$20', '$35', '$40', '$18.50', '$60', '$75', '$100', '$150', '$25', '$9'],
  p2p: ['venmo', 'zelle', 'cash app', 'paypal', 'apple pay'],
  paidFor: ['pizza', 'concert tickets', 'the electric bill', 'dinner', 'the uber', 'groceries', 'the airbnb', 'her half of the gift', 'the gas money', 'brunch'],
  bill: ['comcast', 'electric', 'water', 'phone', 'verizon', 'credit card', 'pg&e', 'internet', 'car insurance', 'gas', 'chase card', 'amex', 'student loan', 'con ed', 'spectrum', 'mortgage'],
  meeting: ['a meeting', 'a 30 minute call', 'a 1:1', 'a standup', 'a sync', 'a quick call', 'a planning session', 'a lunch meeting', 'a zoom call', 'a team retro', 'a kickoff meeting', 'an interview'],
  people: ['the team', 'sarah and mike', 'my manager', 'the design team', 'the client', 'everyone on the project', 'the new hire', 'marketing', 'the board', 'my study group', 'the contractor', 'dev and ops'],
  meetWhen: ['for tuesday at 2', 'tomorrow at 10am', 'next monday morning', 'on friday at 3', 'for thursday afternoon', 'next week', 'at 4pm today', 'wednesday at noon', 'for the 15th at 11', 'every monday at 9'],
  todo: ['call mom', 'take my meds', 'pay rent', 'pick up the dry cleaning', 'renew my passport', 'water the plants', 'submit my timesheet', 'take out the trash', 'cancel the free trial', 'book the dentist', 'send the invoice', 'move the car for street cleaning', 'call the pharmacy', 'drink water', 'stretch', 'buy a birthday card for dad', 'check the oven', 'register for classes'],
  remindWhen: ['at 6pm', 'tomorrow morning', 'in 2 hours', 'on friday', 'every day at 8am', 'every other tuesday', 'at 9 tonight', 'on the 1st of every month', 'in 30 minutes', 'next monday', 'when i get home', 'before i leave work'],
  duration: ['12 minutes', '25 minutes', '1 hour', '45 seconds', '5 minutes', '90 minutes', '3 minutes', '20 min', '8 minutes', '40 minutes'],
  alarm: ['6am', '5:45', '7:30 tomorrow', '6:15 every weekday', 'noon', '4:50am', '8am saturday'],
  calEvent: ['dentist on the 14th at 10am', 'mom\'s birthday on may 3', 'the team offsite next thursday', 'soccer practice every wednesday at 5', 'my flight on friday at 7am', 'a call with the bank at 2', 'parent teacher conference on the 9th', 'the gym at 6 tomorrow', 'lunch with priya friday', 'trash day every tuesday', 'the concert on saturday', 'pay day on the 15th and 30th'],
  fmtFrom: ['csv', 'json', 'xml', 'yaml', 'markdown table', 'excel sheet', 'word doc', 'html', 'tsv', 'sql insert statements'],
  fmtTo: ['json', 'csv', 'yaml', 'a markdown table', 'pdf', 'xml', 'an excel file', 'plain text', 'a python dict', 'sql insert statements'],
  fileConv: ['this word doc to pdf', 'this heic photo to jpg', 'this mov file to mp4', 'this powerpoint to pdf', 'these jpgs into one pdf', 'this epub to pdf', 'this m4a recording to mp3', 'this webp image to png', 'this scanned pdf to a word doc', 'this wav to mp3', 'this pages file to docx', 'this video to a gif', 'this excel file to google sheets', 'this pdf to jpgs', 'this svg to png'],
  phrase: ['"where is the train station"', '"thank you for your help"', '"i\'m allergic to peanuts"', '"how much does this cost"', '"happy birthday grandma"', '"can we push the meeting to 3"', '"the check please"', '"i need a doctor"', '"see you tomorrow"', '"where is the bathroom"', 'this menu', 'this text message', 'this paragraph', 'my out of office reply', 'these instructions'],
  language: ['spanish', 'french', 'german', 'japanese', 'italian', 'portuguese', 'korean', 'mandarin', 'arabic', 'hindi', 'vietnamese', 'dutch', 'polish', 'tagalog', 'greek'],
  content: ['this article', 'this email thread', 'these meeting notes', 'this contract', 'this pdf', 'this youtube transcript', 'this research paper', 'the slack thread above', 'this earnings call', 'this lease agreement', 'my notes from class', 'this chapter', 'the customer feedback below', 'this terms of service'],
  summaryShape: ['in 3 bullet points', 'in one paragraph', 'in two sentences', 'for my boss', 'as action items', 'in under 100 words', 'as a tl;dr'],
  tip: ['a 20% tip on $86.40', '18% of $64', 'a 15% tip on a $120 bill', 'the tip on $47 at 22%', '7% sales tax on $349', 'a 25% discount off $80', 'what $3,200 a month is per year', 'the monthly payment on a $25k loan at 6% over 5 years'],
  split: ['a $120 dinner bill 4 ways', '$230 between 5 people', 'the $1,850 rent between 3 roommates', 'a $96 uber between 4', 'the $640 airbnb 6 ways', 'a $75 gift between 3 of us'],
  listAdd: ['milk, eggs and bread to my grocery list', 'paper towels to the shopping list', 'dog food to the costco list', 'call the plumber to my to do list', 'avocados to the grocery list', 'batteries and lightbulbs to my target list', 'olive oil and garlic to the shopping list', 'buy stamps to my errands list', 'coffee filters to the grocery list', 'ask about the lease renewal to my to do list', 'sunscreen to the packing list', 'phone charger to my packing list', 'renew registration to my to do list', 'diapers to the costco list', 'pick up the dry cleaning to my errands list'],
  smartDevice: ['the living room lights', 'the porch light', 'the bedroom fan', 'the kitchen lights', 'the tv', 'the air purifier', 'the christmas lights', 'the office lamp', 'the sprinklers', 'the coffee maker'],
  onOff: ['turn off', 'turn on', 'switch off', 'dim'],
  temp: ['68', '72 degrees', '65 at night', '70', '74 for the afternoon', 'eco mode'],
  music: ['my discover weekly', 'some jazz', 'the new taylor swift album', 'lofi beats', 'npr', 'my workout playlist', 'white noise', 'the bluey soundtrack', 'the latest episode of my podcast'],
  speaker: ['the kitchen speaker', 'the living room sonos', 'my echo', 'all speakers', 'the bedroom nest', 'my headphones', 'the tv'],
  sendThing: ['this email', 'the march invoice', 'my resume', 'the signed lease', 'these photos', 'the meeting notes', 'the contract draft', 'the receipt for the hotel', 'the spreadsheet', 'the boarding passes'],
  sendTo: ['my accountant', 'the client', 'my landlord', 'hr', 'my boss', 'the team', 'my wife', 'the recruiter', 'the insurance adjuster', 'my lawyer'],
  dataTask: ['make a pivot table of sales by region from this sheet', 'sort this list alphabetically', 'remove the duplicates from this list', 'pull out all the email addresses from this text', 'format these dates as yyyy-mm-dd', 'merge these two pdfs', 'compress this video under 25mb', 'resize this image to 1080x1080', 'turn this table into a csv', 'count how many rows have status overdue', 'extract the phone numbers from this list', 'sum column c in this spreadsheet', 'make a bar chart of monthly spending from this data', 'clean up the formatting in this spreadsheet', 'split this full name column into first and last', 'convert these timestamps to eastern time', 'alphabetize these names by last name', 'remove the background from this photo', 'crop this photo to a square', 'rotate this pdf 90 degrees', 'combine these csv files into one', 'dedupe this contact list', 'number these lines', 'convert this curl command to python requests', 'format this sql query', 'turn this json into a typescript interface', 'pretty print this json', 'minify this css', 'convert this to title case', 'change all the dates in this table to dd/mm/yyyy'],
  opsTask: ['deposit this check with mobile deposit', 'lock my debit card', 'pay off my credit card balance', 'move my 2pm meeting to thursday', 'cancel my 3pm meeting and let everyone know', 'reply to sarah and say i\'ll be 10 minutes late', 'log a $40 gas expense in my budget', 'add this receipt to my expense report', 'create a jira ticket for the login bug', 'assign this ticket to dev', 'mark all my unread emails as read', 'archive everything in my inbox older than a month', 'unsubscribe me from these newsletters', 'decline the friday all hands invite', 'set my slack status to out sick', 'turn on my out of office until monday', 'share this google doc with the team', 'accept the meeting invite from dana', 'block my calendar from 12 to 1 every day', 'rename this folder to 2024 taxes', 'back up my phone to icloud now', 'log my 5 mile run', 'start a 25 minute focus timer', 'order my usual uber eats', 'check in for my delta flight', 'renew my library books', 'pay the parking ticket online', 'refill my prescription at cvs', 'top up my transit card with $20', 'send the team a poll about lunch options'],
  // --- set-up / onboarding -------------------------------------------------------------------
  newDevice: ['eero router', 'ring doorbell', 'nest thermostat', 'ecobee', 'iphone 16', 'galaxy s24', 'pixel 9', 'ipad', 'macbook air', 'kindle', 'apple watch', 'fitbit', 'garmin watch', 'oura ring', 'roku', 'fire tv stick', 'sonos speaker', 'echo dot', 'google nest hub', 'synology nas', 'hp printer', 'brother printer', 'ps5', 'xbox', 'nintendo switch', 'steam deck', 'meta quest 3', 'roomba', 'dyson vacuum', 'instant pot', 'air fryer', 'espresso machine', 'peloton bike', 'tonal', 'samsung tv', 'soundbar', 'mesh wifi system', 'wyze cam', 'august smart lock', 'philips hue starter kit', 'chromebook', 'gaming pc', 'dell monitor', 'nanit baby monitor', 'owlet sock', 'ev charger', 'tesla powerwall', 'starlink dish', 'modem from xfinity', 'dash cam', 'drone', 'gopro', 'canon r50', 'cricut', '3d printer', 'bambu lab printer', 'pair of hearing aids', 'cpap machine', 'breast pump'],
  phone: ['iphone', 'android', 'pixel', 'galaxy', 'new phone', 'laptop', 'macbook', 'pc'],
  kidDevice: ['ipad', 'nintendo switch', 'fire tablet', 'chromebook', 'xbox', 'ps5', 'iphone', 'apple watch', 'echo dot', 'roku', 'android tablet', 'gaming pc'],
  wearable: ['airpods', 'galaxy buds', 'apple watch', 'bose headphones', 'sony xm5s', 'fitbit', 'garmin', 'pixel buds', 'beats', 'jabra earbuds', 'meta ray-bans', 'oura ring'],
  homeStore: ['home depot', 'lowe\'s', 'amazon', 'costco', 'menards', 'best buy', 'ace hardware', 'wayfair'],
  installThing: ['ceiling fan', 'smart lock', 'video doorbell', 'dishwasher', 'under sink water filter', 'garbage disposal', 'tv wall mount', 'level 2 ev charger', 'smart thermostat', 'water softener', 'window ac unit', 'shower head', 'security cameras', 'range hood', 'toilet', 'washer and dryer', 'car seat', 'baby gate', 'ring floodlight cam', 'dimmer switch'],
  furniture: ['the ikea malm dresser', 'an ikea kallax', 'the standing desk from flexispot', 'the wayfair bed frame', 'the crib we just got', 'a hemnes bookcase', 'the pax wardrobe', 'an office chair from amazon', 'the outdoor sectional', 'the gazebo from costco', 'the trampoline', 'a bunk bed', 'the treadmill that came in a box', 'the kids\' playset', 'a burrow couch'],
  setupSaas: ['Notion', 'Asana', 'Slack', 'HubSpot', 'Salesforce', 'QuickBooks Online', 'Xero', 'Gusto', 'Shopify', 'Mailchimp', 'monday.com', 'Jira', 'Zendesk', 'Airtable', 'ClickUp', 'Microsoft 365', 'Google Workspace', 'Okta', '1Password', 'Trello', 'Zoom', 'Webflow', 'Squarespace', 'Intercom', 'Linear', 'YNAB', 'Monarch Money', 'Todoist', 'Obsidian', 'Confluence'],
  importData: ['my contacts', 'our customer list from a spreadsheet', 'last year\'s transactions', 'our tickets from freshdesk', 'my notes from evernote', 'our trello boards', 'my email list', 'our product catalog', 'employee data from a csv', 'my passwords from lastpass', 'our old jira projects', 'bank transactions'],
  feature: ['sso', 'the slack integration', 'a custom domain', 'email forwarding', 'payroll', 'two way sync with google calendar', 'user roles and permissions', 'automations', 'the stripe integration', 'a shared inbox', 'recurring invoices', 'the zapier connection', 'our brand kit', 'a sales pipeline', 'time tracking', 'the mobile app for my team'],
  newAcct: ['new credit card', 'new debit card', 'new sim card', 'new esim', 'new bank account', 'new phone line', 'new verizon phone', 'new amex', 'new apple card', 'new google fi sim', 'new work laptop'],
  oldNew: ['everything from my old iphone to the new one', 'my stuff from android to my new iphone', 'my files from my old laptop to my new macbook', 'my data from my old pc to the new one', 'my apps from my old galaxy to my new pixel', 'my old ipad backup to the new ipad', 'my books from my old kindle to the new one', 'whatsapp chats to my new phone', 'photos from my old phone to the new one', 'my ps4 saves to the new ps5', 'my contacts to my new phone', 'my authenticator codes to my new phone'],
  appliance: ['instant pot', 'air fryer', 'bread machine', 'espresso machine', 'sous vide', 'dehydrator', 'pressure canner', 'vitamix', 'rice cooker', 'pizza oven', 'smoker', 'induction cooktop', 'dishwasher', 'washing machine', 'steam oven', 'nugget ice maker', 'cast iron pan', 'carbon steel wok', 'ninja creami', 'traeger grill'],
  carThing: ['carplay', 'android auto', 'the phone key', 'the garage door opener button', 'my driver profile', 'the toll transponder', 'the app connection', 'bluetooth', 'the home charger schedule', 'the dash cam', 'sirius radio'],
  newCar: ['new honda cr-v', 'tesla model 3', 'new rav4', 'new subaru', 'new f-150', 'ioniq 5', 'new mazda', 'rivian', 'new kia', 'new bmw', 'used audi', 'new jeep', 'new ford mach-e', 'model y'],
  houseService: ['internet', 'wifi', 'electricity', 'gas service', 'trash pickup', 'water service', 'a home security system', 'the smart home stuff', 'mail forwarding', 'renters insurance'],
  // --- troubleshooting ------------------------------------------------------------------------
  tp: [
    'laptop won\'t turn on', 'laptop is super slow', 'laptop fan is really loud', 'laptop keeps freezing', 'laptop won\'t connect to wifi', 'macbook won\'t boot past the apple logo', 'pc keeps blue screening', 'computer restarts randomly', 'second monitor isn\'t detected', 'keyboard is typing the wrong characters', 'trackpad stopped working', 'webcam shows a black screen',
    'iphone won\'t charge', 'iphone keeps restarting', 'phone battery drains really fast', 'phone says no sim', 'phone screen is unresponsive', 'phone is overheating', 'android keeps saying storage full', 'phone won\'t ring for incoming calls', 'face id stopped working', 'iphone hotspot keeps turning off',
    'airpods only play in one ear', 'airpods won\'t connect', 'bluetooth headphones keep cutting out', 'headphone mic isn\'t picking up my voice', 'speaker has a crackling sound', 'soundbar won\'t connect to the tv',
    'router keeps dropping wifi', 'wifi is really slow upstairs', 'internet keeps cutting out at night', 'modem has a blinking orange light', 'ethernet says unidentified network', 'mesh wifi nodes keep going offline',
    'printer says offline', 'printer keeps jamming', 'printer is printing blank pages', 'printer won\'t recognize the ink cartridge', 'scanner isn\'t working on my mac',
    'tv has no sound', 'tv keeps turning off by itself', 'roku keeps buffering', 'apple tv remote stopped working', 'smart tv won\'t connect to wifi', 'fire stick is stuck on the logo',
    'ps5 controller won\'t connect', 'switch joy-con is drifting', 'xbox won\'t read discs', 'steam deck won\'t charge', 'game keeps crashing on startup',
    'whirlpool washer shows error f21', 'dishwasher is showing an e4 error', 'dishwasher won\'t drain', 'dishwasher leaves dishes dirty', 'washer won\'t spin', 'washing machine is leaking', 'dryer runs but doesn\'t heat', 'fridge isn\'t cooling', 'freezer is icing up', 'ice maker stopped working', 'oven won\'t heat up', 'microwave runs but doesn\'t heat', 'garbage disposal just hums', 'air fryer smells like burning plastic', 'instant pot keeps saying burn', 'espresso machine isn\'t pulling shots', 'coffee maker is leaking', 'vacuum lost suction', 'robot vacuum keeps getting stuck',
    'furnace is blowing cold air', 'ac is running but not cooling', 'heat pump is icing up', 'water heater is making popping sounds', 'no hot water in the shower', 'toilet keeps running', 'kitchen sink is draining slow', 'outlet stopped working', 'breaker keeps tripping', 'smoke detector keeps chirping', 'garage door won\'t close all the way', 'sump pump keeps running', 'thermostat shows the wrong temperature', 'doorbell camera keeps going offline', 'smart lock won\'t respond', 'alexa isn\'t responding', 'hue lights are unreachable',
    'car won\'t start', 'check engine light came on', 'car makes a grinding noise when braking', 'car shakes at highway speed', 'ac in my car is blowing warm air', 'car battery keeps dying', 'tire pressure light stays on', 'carplay keeps disconnecting', 'key fob stopped working', 'car pulls to the left', 'brakes are squeaking', 'tesla won\'t charge', 'ev charger keeps faulting',
    'treadmill belt is slipping', 'peloton screen won\'t turn on', 'apple watch isn\'t tracking workouts', 'garmin won\'t sync', 'fitbit stopped counting steps',
    'camera won\'t focus', 'drone won\'t connect to the controller', 'gopro keeps freezing', 'kindle won\'t turn on', 'kindle frozen on the tree screen',
    'lawn mower won\'t start', 'leaf blower dies after a minute', 'pool pump is making a loud noise', 'e-bike battery won\'t hold a charge', 'bike chain keeps falling off',
  ],
  since: ['since the update', 'after the power outage', 'since yesterday', 'after i moved it', 'out of nowhere', 'since last week', 'after i dropped it', 'since this morning', 'after a storm', 'for the past 3 days', 'after i reset it', 'again'],
  tried: ['already tried restarting it', 'i unplugged it and plugged it back in', 'reset didn\'t help', 'i\'ve tried everything', 'tried turning it off and on', 'the manual is useless', 'no error message'],
  swapp: ['Zoom', 'Slack', 'Teams', 'Outlook', 'Chrome', 'Spotify', 'Excel', 'Word', 'Photoshop', 'Discord', 'Steam', 'Netflix', 'WhatsApp', 'Instagram', 'the Chase app', 'Venmo', 'Google Drive', 'OneDrive', 'Dropbox', 'iCloud', 'QuickBooks', 'Notion', 'Uber', 'the DoorDash app', 'Gmail', 'Safari', 'Premiere Pro', 'Lightroom', 'TurboTax', 'the Ring app', 'Canva', 'Figma', 'Salesforce', 'HubSpot', 'Shopify', 'Zendesk', 'Asana'],
  swprob: ['keeps crashing', 'won\'t open', 'is stuck loading', 'isn\'t syncing', 'shows a blank white screen', 'won\'t update', 'is using all my ram', 'logs me out every few minutes', 'isn\'t sending notifications', 'won\'t load on wifi but works on data', 'keeps saying network error', 'is really laggy', 'shows an error when i click save', 'keeps showing old data', 'crashes right after it opens', 'is stuck on the loading spinner'],
  appPair: ['zoom freezes when i share my screen', 'teams mic isn\'t working', 'spotify won\'t play any sound', 'premiere won\'t export my video', 'outlook won\'t let me attach files', 'zoom doesn\'t detect my camera', 'word won\'t print to my printer', 'google drive crashes when i upload a big file', 'slack calls have no audio', 'discord screen share is just black', 'excel freezes when i open a big file', 'the chase app won\'t load my statements', 'venmo won\'t let me add my bank', 'instagram won\'t let me post reels', 'whatsapp isn\'t backing up to icloud', 'the ring app doesn\'t show live view', 'netflix shows a black screen with sound', 'gmail isn\'t getting new emails on my phone', 'onedrive is stuck processing changes', 'photoshop keeps crashing on export', 'uber app won\'t load the map', 'doordash app keeps failing at checkout', 'canva won\'t download my design', 'quickbooks won\'t connect to my bank feed'],
  errcode: ['error 0x80070005', 'error 403', 'error code 5003', 'err_connection_reset', 'error 1001', 'a 500 internal server error', 'error code ui-800-3', 'error 0xc000007b', 'dns_probe_finished_nxdomain', 'error 4013', 'a ssl handshake failed error', 'code 43', 'error 0x80004005', 'nw-2-5', 'error 10004', 'error code 1603', 'the "something went wrong" error'],
  errAction: ['installing the update', 'signing in', 'opening the app', 'trying to print', 'uploading a file', 'checking out', 'connecting to the vpn', 'starting a meeting', 'launching the game', 'streaming a movie', 'running the installer', 'syncing my files', 'opening a shared link', 'submitting the form'],
  devSince: ['since i upgraded node', 'after updating', 'since this morning', 'after the last merge', 'on my new laptop', 'only in ci', 'after i bumped the dependencies', 'since we moved to the new server'],
  devprob: ['npm install fails with EACCES', 'docker container exits with code 137', 'git push rejected non-fast-forward', 'python says module not found', 'webpack build runs out of memory', 'my github actions workflow keeps failing', 'vercel deploy times out', 'kubectl can\'t connect to the cluster', 'postgres connection refused on localhost', 'cors error calling my api', 'ssl certificate expired on my site', 'nginx returns 502 bad gateway', 'my lambda function keeps timing out', 'react app shows a blank page after build', 'pip can\'t find a version that satisfies the requirement', 'tests pass locally but fail in ci', 'my next.js app has a hydration error', 'terraform state lock won\'t release', 'ssh permission denied (publickey)', 'the heroku app crashed with h10', 'vscode python interpreter not found', 'jest can\'t find module', 'my cron job isn\'t running', 'node says cannot use import statement outside a module', 'redis keeps evicting keys', 'my s3 upload is getting access denied', 'brew install fails on my m2 mac', 'xcode build fails with signing error', 'android emulator won\'t start', 'stripe webhook signature verification failed'],
  // --- account help -----------------------------------------------------------------------------
  svc: ['Netflix', 'Instagram', 'Facebook', 'Gmail', 'Google', 'Apple ID', 'Amazon', 'PayPal', 'Venmo', 'Spotify', 'Twitter', 'TikTok', 'Snapchat', 'LinkedIn', 'Reddit', 'Discord', 'Steam', 'Epic Games', 'Xbox', 'PlayStation', 'Microsoft', 'Outlook', 'Yahoo', 'Coinbase', 'Robinhood', 'Chase', 'Bank of America', 'Wells Fargo', 'Capital One', 'Uber', 'Airbnb', 'DoorDash', 'Hulu', 'Disney+', 'Roblox', 'Fortnite', 'Zoom', 'Slack', 'GitHub', 'Dropbox', 'Shopify', 'eBay', 'Etsy', 'Duolingo', 'Tinder', 'Hinge', 'Pinterest', 'WhatsApp', 'Xfinity', 'Verizon', 'AT&T', 'T-Mobile', 'MyChart', 'Fidelity', 'Vanguard', 'Credit Karma', 'Canvas', 'Workday', 'Okta'],
  place: ['russia', 'another state', 'a device i don\'t recognize', 'china', 'brazil', 'a new iphone', 'a windows pc', 'a city i\'ve never been to'],
  acctField: ['email', 'phone number', 'username', 'display name', 'legal name', 'mailing address', 'date of birth', 'security questions', 'recovery email', 'profile photo', 'shipping address', 'pronouns', 'time zone', 'account password', 'pin'],
  socialSvc: ['Instagram', 'Facebook', 'TikTok', 'Twitter', 'Snapchat', 'Pinterest', 'LinkedIn', 'Threads', 'Venmo', 'Strava', 'YouTube', 'Reddit', 'BeReal', 'Goodreads'],
  workSvc: ['Slack', 'Google Workspace', 'Microsoft 365', 'Zoom', 'Notion', 'GitHub', 'Asana', 'HubSpot', 'Salesforce', 'Jira', 'Dropbox', 'Shopify', 'QuickBooks', 'Figma', 'Zendesk', 'Okta', 'Canva', 'Airtable'],
  // --- billing ------------------------------------------------------------------------------------
  charge: ['$14.99', '$9.99', '$139', '$49', '$2.99', '$89.99', '$200', '$35', '$12.50', '$599', '$79', '$1.00', '$22.99', '$350', '$65'],
  merchant: ['Amazon', 'Apple', 'Google', 'Netflix', 'Spotify', 'Hulu', 'DoorDash', 'Uber', 'PayPal', 'Adobe', 'Microsoft', 'Planet Fitness', 'Audible', 'Walmart', 'Target', 'Costco', 'Xfinity', 'Verizon', 'AT&T', 'Comcast', 'Instacart', 'Peloton', 'Disney+', 'YouTube', 'Canva', 'Dropbox', 'Zoom', 'LinkedIn', 'Ancestry', 'McAfee', 'Norton', 'Sirius XM', 'Hello Fresh', 'Airbnb', 'Expedia', 'Lyft', 'Grubhub', 'Chewy', 'Shopify', 'Squarespace', 'GoDaddy', 'AWS', 'Heroku', 'Vercel', 'Slack', 'Notion', 'HubSpot', 'Salesforce', 'QuickBooks', 'Gusto', 'a hotel in denver', 'the dentist', 'my gym', 'the hospital', 'my landlord', 'the parking garage', 'an airline'],
  paidSvc: ['Netflix', 'Spotify', 'Hulu', 'Disney+', 'Max', 'Peacock', 'Paramount+', 'YouTube Premium', 'Apple Music', 'Audible', 'Amazon Prime', 'Kindle Unlimited', 'Adobe', 'Microsoft 365', 'Canva Pro', 'Dropbox', 'Google One', 'iCloud', 'Duolingo Plus', 'Headspace', 'Calm', 'Peloton', 'Planet Fitness', 'ClassPass', 'NordVPN', 'Norton', 'McAfee', 'LinkedIn Premium', 'ChatGPT Plus', 'Grammarly', 'Tinder Gold', 'Hinge+', 'Bumble Premium', 'HelloFresh', 'Factor', 'DashPass', 'Uber One', 'Walmart+', 'SiriusXM', 'the New York Times', 'Xbox Game Pass', 'PlayStation Plus', 'Nintendo Switch Online', 'Ancestry', 'Noom', 'BetterHelp', 'Zoom', 'Slack', 'Notion', 'Shopify', 'Squarespace'],
  billPeriod: ['this month', 'in march', 'last month', 'this week', 'on the 3rd', 'for the last 3 months', 'yesterday', 'twice in one day', 'every month since i cancelled', 'on my last statement'],
  billRise: ['this month', 'so much this month', 'in march', 'again', 'by $60', 'after the promo ended', 'even though we were on vacation', 'twice in a row'],
  utilBill: ['electric bill', 'water bill', 'gas bill', 'phone bill', 'internet bill', 'verizon bill', 'xfinity bill', 'at&t bill', 'spectrum bill', 'pg&e bill', 'con ed bill', 'hospital bill', 'dental bill', 'aws bill', 'credit card statement', 'car insurance premium', 'cell phone bill', 'heating bill'],
  invoiceWhat: ['my invoice for march', 'last year\'s invoices', 'a receipt for my subscription', 'an itemized receipt', 'a vat invoice', 'invoices with our company name on them', 'the invoice for our annual plan', 'a receipt for my hsa', 'a copy of my last bill', 'my billing history', 'a receipt for tax purposes', 'a paid invoice for reimbursement'],
  feeFrom: ['a late fee from chase', 'an overdraft fee from my bank', 'the annual fee on my amex', 'a foreign transaction fee from capital one', 'an early termination fee from verizon', 'a resort fee from the hotel', 'a restocking fee from best buy', 'a no show fee from the salon', 'a returned payment fee on my citi card', 'an equipment fee from comcast', 'a cancellation fee from my gym', 'a service fee from ticketmaster', 'a late fee on my at&t bill', 'an activation fee from t-mobile', 'an overdraft fee from wells fargo', 'a convenience fee from the city for paying online'],
  // --- post purchase --------------------------------------------------------------------------------
  item: ['shoes', 'jacket', 'headphones', 'blender', 'dress', 'jeans', 'vacuum', 'sweater', 'coffee maker', 'phone case', 'mattress', 'couch', 'rug', 'desk chair', 'laptop', 'tv', 'air fryer', 'boots', 'hoodie', 'lamp', 'curtains', 'stroller', 'car seat', 'watch', 'sunglasses', 'backpack', 'bike helmet', 'printer', 'monitor', 'keyboard', 'bedding set', 'swimsuit', 'tent', 'kids\' toy', 'pan set', 'grill'],
  store: ['amazon', 'target', 'walmart', 'best buy', 'costco', 'home depot', 'lowe\'s', 'nordstrom', 'zara', 'h&m', 'old navy', 'nike', 'sephora', 'wayfair', 'ikea', 'etsy', 'ebay', 'shein', 'temu', 'kohl\'s', 'macy\'s', 'rei', 'apple', 'chewy', 'uniqlo', 'lululemon', 'the gap', 'dick\'s', 'ulta', 'zappos', 'crate and barrel', 'williams sonoma', 'wish', 'aliexpress', 'asos', 'j.crew', 'patagonia'],
  genStore: ['amazon', 'target', 'walmart', 'costco', 'kohl\'s', 'macy\'s', 'ebay', 'sam\'s club', 'jcpenney', 'temu', 'qvc', 'bj\'s'],
  carrier: ['fedex', 'ups', 'usps', 'dhl', 'amazon', 'ontrac', 'lasership', 'canada post', 'royal mail', 'purolator'],
  orderNum: ['#48213', '112-4839201-7734', '#A77120', 'W1938475', '#100234', 'number 58820193', '#SH-99321', '#7731', '1Z999AA10123456784', '9400 1000 0000 0000 0000 00', '#CA-22819'],
  boughtWhen: ['last week', 'yesterday', '3 weeks ago', 'on black friday', 'a month ago', 'two days ago', 'for christmas', 'in june', 'last tuesday', '45 days ago', 'over the weekend'],
  variant: ['a large', 'a medium', 'a size 9', 'a different color', 'the 256gb model', 'a wide fit', 'a king size', 'the blue one', 'a smaller size', 'the next size up', 'a size 10.5', 'an xl'],
  reviewable: ['my new blender', 'the hotel we stayed at', 'the plumber who came today', 'the airbnb from last weekend', 'my uber driver', 'the restaurant from last night', 'the mattress i bought', 'my doordash order', 'the contractor who did our deck', 'my new headphones', 'the moving company', 'the vet clinic', 'my amazon purchase', 'the seller on etsy', 'the dentist i saw', 'the car dealership', 'the coffee shop on main', 'my instacart shopper', 'the ebay seller', 'the rental car company'],
  experience: ['my stay at the marriott', 'my flight with united', 'the support call i just had', 'my visit to the apple store', 'my delivery from wayfair', 'the service at the dealership', 'my hellofresh box', 'the cable installer\'s visit', 'my order from sweetgreen', 'the repair done on my washer', 'my airbnb host', 'the online checkout'],
  warrantyItem: ['yeti tumbler', 'dyson vacuum', 'kitchenaid mixer', 'samsung tv', 'iphone', 'ninja blender', 'le creuset pot', 'weber grill', 'herman miller chair', 'bose headphones', 'instant pot', 'lg fridge', 'patagonia jacket', 'osprey backpack', 'garmin watch', 'hoka shoes', 'cuisinart coffee maker', 'roomba', 'sonos speaker', 'casper mattress'],
  wbroke: ['yeti tumbler cracked', 'dyson vacuum stopped working', 'kitchenaid mixer stopped working after a year', 'samsung tv has a dead pixel', 'ninja blender won\'t turn on anymore', 'le creuset pot is chipping', 'weber grill burner rusted through', 'herman miller chair won\'t stay up', 'bose headphones stopped charging', 'instant pot lid seal broke', 'lg fridge stopped cooling', 'patagonia jacket zipper broke', 'osprey backpack strap ripped', 'garmin watch screen went black', 'hoka shoes fell apart after 2 months', 'roomba won\'t charge', 'sonos speaker stopped connecting', 'casper mattress is sagging', 'iphone battery died after 10 months', 'cuisinart coffee maker started leaking'],
  damage: ['arrived damaged', 'came with a missing piece', 'arrived broken', 'showed up scratched', 'came in the wrong color', 'arrived opened and used', 'showed up wet'],
  pkgProblem: ['says delivered but it\'s not here', 'has been stuck in transit for a week', 'hasn\'t moved since tuesday', 'was delivered to the wrong address', 'says delivery exception', 'is showing returned to sender', 'still says label created', 'says it was left at the front desk but it wasn\'t', 'got delivered to my neighbor', 'shows an address issue'],
};

/** Extra word lists that only vertical-driven templates need. */
const V = {
  amount: S.amount,
  charge: S.charge,
  billPeriod: S.billPeriod,
  when: S.when,
  bwhen: ['tonight', 'this weekend', 'next weekend', 'tomorrow', 'friday', 'the 12th', 'thanksgiving weekend', 'next month', 'monday morning', 'next tuesday'],
  acctField: S.acctField,
  seats: S.seats,
  os: ['iphone', 'android', 'my phone', 'my ipad', 'my pixel', 'my galaxy'],
};

// ---------------------------------------------------------------------------------------------
// Vertical-driven expansion
// ---------------------------------------------------------------------------------------------

const IRREGULAR_PLURAL = /(earbuds|headphones|jeans|leggings|clubs|shoes|sneakers|boots|sandals|runners|insoles|supplies|boxes|diapers|bands|dumbbells|panels|windows|tires|tickets|earrings|glasses|pants|cleats|poles|skis|lessons|bulbs)$/;
function withArticle(noun: string): string {
  if (IRREGULAR_PLURAL.test(noun) || /(software|insurance|hosting|service|functions|tax filing|internet)$/.test(noun)) return noun;
  return /^[aeiou]/i.test(noun) && !/^(uni|use|eu|one)/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** A company name usable after "my", "with", "the ... app": no leading article, not a generic description. */
function isNamed(value: string): boolean {
  return !/^(a|an|the|my)\s/i.test(value) && /[A-Z0-9]/.test(value);
}

interface VerticalFamily {
  labels: Labels;
  /** Vertical ids the family applies to; `null` means all verticals. */
  ids: readonly string[] | null;
  templates: readonly string[];
  perTemplate: number;
  /** Restrict or reshape a vertical's slot lists for this family (e.g. only named providers). */
  slots: (v: Vertical) => Slots | null;
}

function slotsOk(template: string, slots: Slots): boolean {
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    const list = slots[m[1] as string];
    if (!list || list.length === 0) return false;
  }
  return true;
}

function verticalRows(family: VerticalFamily, rng: Rng): IntentRow[] {
  const pool = VERTICALS.filter((v) => family.ids === null || family.ids.includes(v.id));
  const rows: IntentRow[] = [];
  for (const template of family.templates) {
    const usable = pool
      .map((v) => family.slots(v))
      .filter((s): s is Slots => s !== null && slotsOk(template, s));
    if (usable.length === 0) continue;
    const group = `${SOURCE}#v${seedFromString(template).toString(16)}`;
    const seen = new Set<string>();
    for (let attempt = 0; attempt < family.perTemplate * 8 && seen.size < family.perTemplate; attempt++) {
      const slots = rng.pick(usable);
      const [text] = expand(template, slots, rng, 1);
      if (text === undefined || seen.has(text)) continue;
      seen.add(text);
      rows.push({ text: typeLikeAPerson(text, rng), ...family.labels, source: SOURCE, group });
    }
  }
  return rows;
}

/** Which kind of trouble a vertical's problem string describes. */
type ProblemKind = 'billing' | 'account' | 'order' | 'service' | 'trouble';
function problemKind(problem: string): ProblemKind {
  if (/(charg|fee|bill|refund|credits|premium|price|copay|overcharg|payment|autopay|renew|deposit|estimate|cost|offer|owe)/i.test(problem)) return 'billing';
  if (/(log in|logging me out|locked|banned|verif|frozen|restricted|account got|won't let me log)/i.test(problem)) return 'account';
  if (/(arriv|deliver|never arrived|missing|substitution|in the mail|wrong size|haven't shown up|title hasn't)/i.test(problem)) return 'order';
  if (/(denied|cancel|postponed|rejected|overbooked|lost my|returning my calls|sold to another|double booked|delayed|late|pending|stuck|ignored|outbid|backed out|came in low|flagged|won't transfer|full|rescinded|stopped responding|dirty|doesn't match|broke my|hot water|heat isn't|mold|loud|went up|honor)/i.test(problem)) return 'service';
  return 'trouble';
}

/** Vertical ids whose product nouns take the vertical's device-style problems naturally ("my laptop won't boot"). */
const DEVICE_PROBLEM_VERTICALS: Readonly<Record<string, readonly string[]>> = {
};

function problemSlots(kind: ProblemKind, subjects: Readonly<Record<string, readonly string[]>>) {
  return (v: Vertical): Slots | null => {
    const subj = subjects[v.id];
    if (!subj) return null;
    const problems = v.problems.filter((p) => problemKind(p) === kind && !/^(my|I)\b/.test(p));
    if (problems.length === 0) return null;
    return { ...V, subj, problem: problems };
  };
}

/** Support-desk asks that name a provider from any vertical: billing, account, support contact. */
function namedProviderSlots(v: Vertical): Slots | null {
  if (['real_estate_buying', 'rentals', 'higher_education', 'weddings'].includes(v.id)) return null;
  const named = v.providers.filter(isNamed).filter((n) => n.length <= 26);
  return named.length > 0 ? { ...V, co: named } : null;
}

function providerOnlySlots(v: Vertical): Slots | null {
  const named = v.providers.filter(isNamed);
  return named.length > 0 ? { ...V, co: named, product: v.products, aproduct: v.products.map(withArticle), qualifier: v.qualifiers } : null;
}

const NOT_SET_UP = /(case|protector|mat\b|diapers|paper|cartridge|toner|bag|card|plan|subscription|pass|ticket|insurance|lessons?|class|coach|trainer|powder|food|litter|treatment|fertilizer|soil|hose|knife|pan|skillet|dutch oven|bottle|bands|planner|kit|box|app|record|seeds?)$/;
function setUpSlots(v: Vertical): Slots | null {
  const products = v.products.filter((p) => !NOT_SET_UP.test(p));
  return products.length > 0 ? { ...V, product: products, brand: v.brands.filter((b) => PRODUCT_NAME.test(b) && !/(Pass|Plus|Ink|Protect|Premium)/.test(b)) } : null;
}

const TASK_EXECUTION_VERB = /^(transfer|send|pay|export|convert|log|run payroll|set a|rotate|add tickets|redeem|schedule an order|clip|scan a document|print labels|reconcile|set up recurring|set up automatic investing|rebalance|make an extra|buy a treasury|deposit|withdraw|calculate|schedule charging|precondition|transfer points|refill my prescription|check my refund|pay my|make rice|track rsvps|check the gift card|turn on subtitles|sign out of all|back up)/;
function taskSlots(v: Vertical): Slots | null {
  const tasks = v.tasks.filter((t) => TASK_EXECUTION_VERB.test(t) && !/(write|plan a|build a 4|choose|pick my|transfer service|transfer my account)/.test(t));
  return tasks.length > 0 ? { ...V, task: tasks } : null;
}

const PHYSICAL_PRODUCT_VERTICALS = ['consumer_tech', 'smartphones', 'computers', 'smart_home', 'cooking_kitchen', 'appliances', 'gaming', 'shoes', 'fashion_apparel', 'beauty_skincare', 'jewelry_watches', 'pets', 'baby_kids', 'photography_cameras', 'outdoor_camping', 'office_supplies', 'sports_equipment', 'gardening', 'furniture_decor', 'music', 'home_improvement'];
const NOT_A_SHOP = /(Rover|Wag|Banfield|vet|groomer|Recreation|Hipcamp|KOA|park|outfitter|Poshmark|ThredUp|Rent the Runway|tailor|Geek Squad|^Apple$|^Dell$|^Lenovo$|Marketplace|designer|Angi|Thumbtack|contractor|roofer|electrician|plumber|salon|dermatologist|Babylist|Care\.com|daycare|pediatrician|TruGreen|landscaper|Fender Play|teacher|Ticketmaster|Bandcamp|Play It Again|Lensrentals|KEH|Mpix|Shutterfly|photographer|installer|appraiser|dealer|Chrono24|repair|Services|technician|Steam|PlayStation Store|eShop|Epic Games|^Xbox$)/;
const BUYABLE_BRAND_VERTICALS = ['consumer_tech', 'smartphones', 'computers', 'smart_home', 'cooking_kitchen', 'gaming', 'shoes', 'photography_cameras', 'outdoor_camping', 'baby_kids', 'jewelry_watches', 'furniture_decor', 'fitness', 'appliances', 'electric_vehicles', 'automotive_buying'];
/** Brand entries that name one product ("Instant Pot Duo", "Hoka Clifton") rather than a company. */
const PRODUCT_NAME = /(\d|Vista|Paperwhite|Duo|Artisan|Express|Half Dome|Ghost|Clifton|Pegasus|Samba|Moab|Tundra|Squeeze|PocketRocket|Atmos|Quencher|Aeron|Kallax|Speedmaster|Submariner|Airwrap|Foodi|KeyFit|Tripp Trapp|SelectTech|RowErg|Forerunner|iPad|iPhone|Galaxy|Pixel|MacBook|AirPods|Echo Dot|Nest|Ring Video|Quest|Switch|Steam Deck|PS5|Xbox|Model [3Y]|Ioniq|Mach-E|Bolt|RAV4|CR-V|Camry|Civic|Outback|Wrangler|Tucson|Telluride|Sienna|Silverado|Peloton Bike|Bowflex|Doona|Owlet|Instax|Love Bracelet|Black Bay|G-Shock|PRX|Kindle|Roomba|Stratos|Bosch 500)/;
const NOT_BUYABLE = /(reservation|insurance|membership|class|trainer|app|subscription|plan|coach|consultation|service|remodel|renovation|roof|paint|flooring|windows|deck|fence|solar panels|training|heat pump|water heater|daycare|firewall|endpoint protection|data removal|identity theft)/;
function buyableSlots(v: Vertical): Slots | null {
  const products = v.products.filter((p) => !NOT_BUYABLE.test(p));
  const shops = v.providers.filter((p) => isNamed(p) && !NOT_A_SHOP.test(p));
  return products.length > 0 && shops.length > 0 ? { ...V, aproduct: products.map(withArticle), shop: shops, qualifier: v.qualifiers } : null;
}
function brandBuySlots(v: Vertical): Slots | null {
  const brands = v.brands.filter((b) => PRODUCT_NAME.test(b) && !/(Pass|Plus|Ink|Protect|Premium)/.test(b));
  const shops = v.providers.filter((p) => isNamed(p) && !NOT_A_SHOP.test(p));
  return brands.length > 0 && shops.length > 0 ? { ...V, brand: brands, shop: shops } : null;
}

const SIGNUP_VERTICALS = ['streaming_entertainment', 'music', 'banking', 'credit_cards', 'investing', 'crypto', 'fitness', 'nutrition_diet', 'mental_health_apps', 'food_delivery', 'groceries', 'dating', 'education_online_courses', 'language_learning', 'jobs_careers', 'books', 'cybersecurity_vpn', 'business_software', 'developer_tools_cloud', 'telecom_internet', 'insurance', 'energy_utilities', 'tax_accounting', 'legal_services', 'smartphones', 'health_medical', 'pharmacy', 'restaurants', 'hotels_lodging', 'travel_flights', 'car_rental', 'sports_tickets_events', 'gaming', 'rentals', 'real_estate_buying', 'weddings', 'pets', 'loans_mortgages'];
const APP_VERTICALS = SIGNUP_VERTICALS;
const QUOTE_VERTICALS = ['home_improvement', 'moving', 'insurance', 'energy_utilities', 'auto_repair', 'legal_services', 'business_software', 'developer_tools_cloud', 'cybersecurity_vpn', 'office_supplies', 'telecom_internet', 'loans_mortgages', 'weddings'];
const B2B_VERTICALS = ['business_software', 'developer_tools_cloud', 'cybersecurity_vpn', 'telecom_internet', 'office_supplies', 'energy_utilities', 'insurance', 'education_online_courses', 'jobs_careers'];

function quoteSlots(v: Vertical): Slots | null {
  const providers = v.providers.filter((p) => !/^(the|an? local)\b/.test(p) || /(contractor|roofer|electrician|plumber|mechanic|installer|moving company|insurance agent|attorney|lawyer|broker|solar)/.test(p));
  const products = v.products.filter((p) => !/(tool|app|drill|paint$)/.test(p));
  return providers.length && products.length ? { ...V, co: providers, product: products, aproduct: products.map(withArticle), qualifier: v.qualifiers } : null;
}

const VERTICAL_FAMILIES: readonly VerticalFamily[] = [
  // --- signup via named providers of service verticals ------------------------------------------
  {
    labels: SIGNUP,
    ids: SIGNUP_VERTICALS,
    perTemplate: 7,
    slots: providerOnlySlots,
    templates: [
      'create an account with {co}',
      'sign up with {co}',
      'how do i sign up for {co}',
      'make me a {co} account',
      'i want to open an account with {co} today',
      'take me to the {co} sign up page',
      'register for a {co} account',
      'join {co}',
      'where do i create a {co} account',
      'sign up for {co} real quick',
    ],
  },
  {
    labels: SIGNUP,
    ids: ['banking', 'investing', 'crypto'],
    perTemplate: 6,
    slots: (v) => {
      const base = providerOnlySlots(v);
      const acct = v.products.filter((p) => /(account|ira|401k|529|certificate)/.test(p)).map(withArticle);
      return base && acct.length > 0 ? { ...base, acct } : null;
    },
    templates: ['open {acct} with {co}', 'i want to open {acct} online at {co}'],
  },
  {
    labels: SIGNUP,
    ids: ['credit_cards', 'loans_mortgages'],
    perTemplate: 6,
    slots: providerOnlySlots,
    templates: ['apply for {aproduct} at {co}', 'start an application for {aproduct} with {co}'],
  },
  // --- account help across verticals ------------------------------------------------------------
  {
    labels: ACCOUNT,
    ids: SIGNUP_VERTICALS,
    perTemplate: 7,
    slots: namedProviderSlots,
    templates: [
      'reset my {co} password',
      'forgot my {co} password',
      'locked out of my {co} account',
      'change the {acctField} on my {co} account',
      'how do i delete my {co} account',
      'turn on two factor for my {co} account',
      'someone got into my {co} account',
      'can\'t sign in to {co}, it says my password is wrong',
      'how do i update my {acctField} with {co}',
      'i never get the verification code from {co}',
      'close my {co} account for good',
      'recover my old {co} account',
    ],
  },
  // --- billing help across verticals ------------------------------------------------------------
  {
    labels: BILLING,
    ids: SIGNUP_VERTICALS,
    perTemplate: 7,
    slots: namedProviderSlots,
    templates: [
      '{co} charged me twice',
      'why did {co} charge me {charge}',
      'dispute a {charge} charge from {co}',
      'get a receipt from {co}',
      'update my card on file with {co}',
      'i want a refund from {co}',
      '{co} billed me {billPeriod} and i don\'t know why',
      'how do i change my payment method on {co}',
      'unrecognized {charge} charge from {co} on my card',
      'where are my invoices in {co}',
    ],
  },
  {
    labels: BILLING,
    ids: ['streaming_entertainment', 'music', 'fitness', 'nutrition_diet', 'mental_health_apps', 'food_delivery', 'dating', 'education_online_courses', 'language_learning', 'books', 'cybersecurity_vpn', 'business_software', 'gaming', 'groceries'],
    perTemplate: 6,
    slots: (v) => ({ ...V, co: [...new Set([...v.providers, ...v.brands])].filter(isNamed).filter((n) => !/\d/.test(n)) }),
    templates: ['cancel my {co} subscription before i get charged again', 'stop my {co} membership from renewing'],
  },
  // --- download the app -------------------------------------------------------------------------
  {
    labels: DOWNLOAD,
    ids: APP_VERTICALS,
    perTemplate: 7,
    slots: providerOnlySlots,
    templates: ['download the {co} app', 'get the {co} app on {os}', 'install the {co} app', 'link to download the {co} app for {os}', 'where do i download the {co} app'],
  },
  // --- booking ----------------------------------------------------------------------------------
  {
    labels: BOOKING,
    ids: ['travel_flights'],
    perTemplate: 6,
    slots: (v) => ({ ...V, aproduct: v.products.filter((p) => /(flight|ticket)/.test(p)).map(withArticle), qualifier: v.qualifiers, co: v.brands }),
    templates: ['book {aproduct} {qualifier}', 'book me {aproduct} on {co} {when}', 'i need to book {aproduct} {qualifier}'],
  },
  {
    labels: BOOKING,
    ids: ['hotels_lodging'],
    perTemplate: 6,
    slots: (v) => ({ ...V, aproduct: v.products.filter((p) => /(hotel|room|suite)/.test(p)).map(withArticle), qualifier: v.qualifiers, co: v.providers.filter(isNamed) }),
    templates: ['book {aproduct} {qualifier}', 'reserve {aproduct} through {co} for {bwhen}', 'book me {aproduct} {qualifier} for {bwhen}'],
  },
  {
    labels: BOOKING,
    ids: ['car_rental'],
    perTemplate: 6,
    slots: (v) => ({ ...V, aproduct: v.products.filter((p) => /rental$/.test(p)).map(withArticle), co: v.brands }),
    templates: ['reserve {aproduct} from {co} for {bwhen}', 'book {aproduct} with {co}'],
  },
  {
    labels: BOOKING,
    ids: ['health_medical'],
    perTemplate: 6,
    slots: (v) => ({ ...V, aproduct: v.products.filter((p) => /(visit|physical|test$|appointment|exam|cleaning|therapy)/.test(p) && !/home/.test(p)).map(withArticle), co: v.providers }),
    templates: ['book {aproduct} for {bwhen}', 'make an appointment for {aproduct} {when}'],
  },
  {
    labels: BOOKING,
    ids: ['auto_repair'],
    perTemplate: 6,
    slots: (v) => ({ ...V, aproduct: v.products.map(withArticle), co: v.providers }),
    templates: ['schedule {aproduct} at {co} for {bwhen}', 'book {aproduct} {when}'],
  },
  // --- contact sales / quotes -------------------------------------------------------------------
  {
    labels: CONTACT_SALES,
    ids: QUOTE_VERTICALS,
    perTemplate: 6,
    slots: quoteSlots,
    templates: ['i need a quote on {aproduct}', 'request a quote for {aproduct}', 'get me quotes for {aproduct}'],
  },
  {
    labels: CONTACT_SALES,
    ids: ['insurance', 'energy_utilities', 'business_software', 'developer_tools_cloud', 'loans_mortgages'],
    perTemplate: 6,
    slots: quoteSlots,
    templates: ['get a quote from {co} for {aproduct}', 'have {co} send me a quote for {aproduct}'],
  },
  {
    labels: CONTACT_SALES,
    ids: B2B_VERTICALS,
    perTemplate: 6,
    slots: providerOnlySlots,
    templates: ['talk to {co} sales about {aproduct} {qualifier}', 'contact the sales team at {co}', 'speak to a sales rep at {co}', 'book a sales call with {co}'],
  },
  {
    labels: CONTACT_SALES,
    ids: ['business_software', 'developer_tools_cloud', 'cybersecurity_vpn'],
    perTemplate: 6,
    slots: providerOnlySlots,
    templates: ['request a demo from {co}', 'get pricing from {co} for {seats} users', 'i want {co} to send me a quote for {seats} seats'],
  },
  // --- purchase ---------------------------------------------------------------------------------
  {
    labels: PURCHASE,
    ids: PHYSICAL_PRODUCT_VERTICALS,
    perTemplate: 7,
    slots: buyableSlots,
    templates: ['buy {aproduct} from {shop}', 'order {aproduct} from {shop} {when}', 'add {aproduct} to my {shop} cart and check out', 'purchase {aproduct} at {shop} for pickup {when}'],
  },
  {
    labels: PURCHASE,
    ids: BUYABLE_BRAND_VERTICALS,
    perTemplate: 7,
    slots: brandBuySlots,
    templates: ['order the {brand} from {shop}', 'buy the {brand} now', 'put the {brand} in my cart', 'i want to buy the {brand} from {shop} today'],
  },
  // --- onboarding / setup of something new ----------------------------------------------------------
  {
    labels: ONBOARDING,
    ids: ['consumer_tech', 'smartphones', 'computers', 'smart_home', 'appliances', 'cooking_kitchen', 'fitness', 'photography_cameras', 'gaming', 'baby_kids', 'office_supplies', 'electric_vehicles', 'outdoor_camping', 'telecom_internet', 'energy_utilities', 'music'],
    perTemplate: 7,
    slots: setUpSlots,
    templates: ['how do i set up my new {product}', 'just got the {brand}, how do i set it up', 'first time setting up a {product}, where do i start', 'help me set up the {product} that came today'],
  },
  {
    labels: ONBOARDING,
    ids: ['business_software', 'developer_tools_cloud', 'cybersecurity_vpn'],
    perTemplate: 6,
    slots: (v) => ({ ...V, brand: v.brands.filter(isNamed) }),
    templates: ['getting started with {brand}, what should i set up first', 'we just bought {brand}, how do we get it set up', 'just signed up for {brand}, walk me through setting it up'],
  },
  {
    labels: ONBOARDING,
    ids: ['mental_health_apps', 'language_learning', 'dating'],
    perTemplate: 6,
    slots: (v) => ({ ...V, brand: v.brands.filter(isNamed) }),
    templates: ['just signed up for {brand}, how do i set up my profile', 'new {brand} user here, what should i set up first'],
  },
  // --- vertical problems --------------------------------------------------------------------------
  {
    labels: TROUBLE,
    ids: Object.keys(DEVICE_PROBLEM_VERTICALS),
    perTemplate: 8,
    slots: problemSlots('trouble', DEVICE_PROBLEM_VERTICALS),
    templates: ['my {subj} {problem}', 'help, my {subj} {problem}', 'my {subj} {problem}, how do i fix it', 'anyone know why my {subj} {problem}'],
  },
  // --- task execution from vertical task lists -----------------------------------------------------
  {
    labels: TASK,
    ids: null,
    perTemplate: 7,
    slots: taskSlots,
    templates: ['{task}', 'please {task}', 'can you {task} for me', 'i need you to {task}', 'go ahead and {task}'],
  },
];

// ---------------------------------------------------------------------------------------------
// Template families with the own lexicon
// ---------------------------------------------------------------------------------------------

interface Family {
  labels: Labels;
  perTemplate: number;
  templates: readonly string[];
}

/** Slots used only by the own-lexicon families below. */
const S2 = {
  quoteJob: ['solar panels on a 2000 sq ft house', 'a new hvac system', 'a roof replacement', 'a wood fence for our backyard', 'weekly office cleaning', 'commercial insurance for my bakery', 'catering for 200 guests', 'custom t-shirts for 300 employees', 'a kitchen remodel', 'repainting the whole house', 'spray foam insulation in the attic', 'an office move for 40 people', 'security guards for a 2 day event', 'workers comp for 12 employees', 'landscaping for our hoa', 'a website redesign', 'branded swag for our conference booth', 'a 20 kw standby generator', 'epoxy flooring in a warehouse', 'a commercial espresso machine lease', 'managed it services for a 25 person office', 'a corporate headshot session for 60 people', 'a bathroom remodel', 'replacing 14 windows'],
  dealerAsk: ['the ford dealer about fleet pricing on 15 transits', 'the toyota dealer for a quote on a 2025 rav4 hybrid', 'a ram dealer about leasing 3 trucks for my business', 'the kia dealership about the telluride sx they have in stock', 'the chevy dealer about commercial pricing on 6 silverados', 'tesla sales about a business lease on 2 model ys', 'the honda dealer for an out the door quote on a cr-v', 'the local subaru dealer about a quote on an outback'],
  bulkDeal: ['5000 shipping boxes from uline', '200 ipads from apple education', '80 laptops from dell', '50 monitors from cdw', '1000 branded mugs from vistaprint', '300 office chairs from herman miller', 'a pallet of copy paper from staples', '60 thinkpads from lenovo', 'restaurant supplies from sysco', 'safety gear for 3 sites from grainger', '120 chromebooks from cdw', '40 standing desks from uplift'],
  bulkOrder: ['5000 shipping boxes', '200 ipads for our school', '80 laptops', '50 dell monitors', '1000 branded mugs', '300 office chairs', 'a pallet of copy paper', '60 thinkpads', '40 standing desks', '500 hoodies with our logo', '120 chromebooks for a district', 'janitorial supplies for 3 buildings'],
  storageThing: ['the iphone 16 pro', 'the macbook air m3', 'the ipad air', 'the galaxy s24', 'the pixel 9 pro', 'the steam deck oled', 'the ipad pro', 'the macbook pro 14'],
  storageQ: ['256gb or 512gb?', 'how much storage should i get', 'is the base storage enough', '128 or 256?', 'which storage size makes sense for photos', 'is 1tb overkill'],
  sizeThing: ['the hoka cliftons', 'the lululemon aligns', 'the patagonia nano puff', 'the birkenstock arizonas', 'the allbirds tree runners', 'the on cloudmonsters', 'the levi\'s 501s', 'the arc\'teryx atom hoody', 'the new balance 990s', 'the uniqlo ultra light down'],
  sizeQ: ['should i size up or down', 'what size if i\'m usually a medium', 'do i go a half size up', 'which size should i order, i\'m between sizes', 'what size for a 34 inch waist'],
  planThing: ['notion plus', 'spotify premium', 'microsoft 365', 'adobe creative cloud', '1password', 'chatgpt plus', 'nordvpn', 'canva pro', 'youtube premium', 'duolingo super', 'the costco membership', 'peloton all access', 'google one'],
  planQ: ['monthly or annual?', 'should i pay yearly', 'individual or family plan?', 'which tier do i pick', 'is the annual plan the way to go'],
  colorThing: ['the yeti tundra 45', 'the stanley quencher', 'the kitchenaid artisan', 'the apple watch', 'the owala freesip', 'the le creuset dutch oven', 'the macbook air', 'the smeg kettle', 'the vespa', 'the iphone 16'],
  colorQ: ['which color should i get', 'black or sage green?', 'what color is least likely to show scratches', 'which color do most people go with', 'navy or white?'],
  bigThing: ['the purple mattress', 'the tempur-pedic', 'the sectional from article', 'the samsung frame tv', 'the lovesac', 'the weber grill', 'the ikea pax wardrobe', 'the cotopaxi backpack'],
  bigQ: ['what size should we get', 'queen or king for two adults and a dog', 'which size fits a 12x14 room', 'the 55 or the 65', 'which size is right for a family of 4'],
  insKind: ['car insurance', 'homeowners insurance', 'renters insurance', 'term life', 'business liability', 'umbrella coverage', 'motorcycle insurance', 'landlord insurance', 'commercial auto'],
  insurer: ['Geico', 'State Farm', 'Progressive', 'Allstate', 'Liberty Mutual', 'USAA', 'Nationwide', 'Lemonade', 'Farmers', 'The Hartford', 'Next Insurance', 'Travelers'],
  textMsg: ['that i\'m running late', 'that dinner is at 7', 'i\'m outside', 'happy birthday', 'to call me back', 'the wifi password', 'that the kids are asleep'],
  onOffEnd: ['off', 'on', 'off at 11pm', 'on at sunset'],
  newCard: ['new credit card', 'new debit card', 'new amex', 'new apple card', 'new chase card', 'new capital one card', 'new venture x'],
  setupSaas2: ['Slack', 'Google Calendar', 'Gmail', 'Outlook', 'Zoom', 'Stripe', 'QuickBooks', 'Salesforce', 'Shopify', 'Zapier', 'HubSpot', 'Jira', 'GitHub'],
  refundable: ['my cancelled flight', 'the concert that got postponed', 'a double-charged order', 'the unused days on my gym membership', 'a hotel night i cancelled', 'the class i dropped', 'the duplicate payment on my rent portal', 'a shipping charge on a late delivery', 'my deposit on the cancelled rental'],
};

const SLOTS: Slots = { ...S, ...S2 };

const FAMILIES: readonly Family[] = [
  // ----------------------------------------------------------------------------- signup
  {
    labels: SIGNUP,
    perTemplate: 8,
    templates: [
      'sign up for {streaming}',
      'sign me up for {videoStream} on {streamplan}',
      'start a {streaming} subscription',
      'create a {saas} account',
      'how do i sign up for {saas}',
      'make a free {saas} account for {team}',
      'open a {bankAcct} with {bank}',
      'i want to open a {bankAcct} at {bank} online',
      'open a {brokerAcct} at {broker}',
      'help me open a {brokerAcct} with {broker}',
      'apply for the {card}',
      'i want to apply for the {card} today',
      'submit an application for the {card}',
      'join {gym}',
      'sign up for a membership at {gym}',
      'get a {membership} membership',
      'sign me up for {membership}',
      'start a free trial of {trial}',
      'start my {trial} free trial',
      'register for {event}',
      'sign me up for {event}',
      'enroll in {course}',
      'sign up for {course}',
      'register me for {course}',
      'subscribe to {newsletter}',
      'get me a digital subscription to {newsletter}',
      'sign up for {mealkit}, {mealcount}',
      'start a {mealkit} subscription, {mealcount}',
      'switch to {telco} and sign me up for a new line',
      'open a new line with {telco}',
      'sign up for {isp} internet at my new place',
      'join the {loyalty} rewards program',
      'sign up for {loyalty} rewards',
      'register as {gigRole}',
      'sign up to be {gigRole}',
      'where do i sign up for {trial}',
      'take me to the {saas} signup page',
      'create a new {saas} workspace for {team}',
      'register for an account on {mobileApp}',
      'i\'d like to join {gym}, can i sign up online',
      'enroll my kid in {event}',
      'get me signed up for {membership} asap',
      'create an account on {saas}',
      'register for {saas} with my work email',
      'open an account with {broker}',
      'sign up for {videoStream} with my student email',
      'i want to sign up for {membership} today',
      'enroll in the {loyalty} loyalty program',
      'sign up for the {card} online',
      'sign up for {newsletter}',
    ],
  },
  // ----------------------------------------------------------------------------- purchase
  {
    labels: PURCHASE,
    perTemplate: 8,
    templates: [
      'buy {product}',
      'order {product}',
      'order {product} now',
      'add {product} to my cart',
      'i want to buy {product} today',
      'buy {product} from {bigRetailer}',
      'order {product} for {delivery}',
      'purchase {product} in {color}',
      'check out with {product} in my cart',
      'reorder {consumable}',
      'reorder {consumable} from {retailer}',
      'order {bulk} for pickup',
      'order {foodOrder}',
      'order {foodOrder} for pickup',
      'get {groceries} delivered from {grocer}',
      'order {groceries} on {grocer} {when}',
      'buy {giftcard}',
      'send {giftcard} to {recipient}',
      'upgrade to {upgrade}',
      'buy {upgrade} for a year',
      'buy {license}',
      'purchase {license} for my work laptop',
      'order {autopart} for my {car}',
      'buy {autopart} for a {car}',
      'pre-order {preorder}',
      'place an order for {product}',
      'go ahead and buy {product}',
      'buy {product} with apple pay',
      'buy {product} on {bigRetailer} and ship it to my office',
      'buy {product} for {recipient}',
      'i\'d like to order {product} please',
      'get me {product}, {delivery}',
      'ok just buy {product} already',
      'ordering {product} from {bigRetailer} {when}',
      'complete my purchase of {product}',
      'order {bulk} for {delivery}',
      'buy {product} now',
      'i\'ll take {product}',
      'order {product} on {bigRetailer}',
      'add {product} to my {bigRetailer} cart',
      'checkout {product} with my saved card',
      'subscribe and save on {consumable}',
      'order {foodOrder} for delivery',
      'buy {bulk} {when}',
    ],
  },
  {
    labels: PURCHASE_DECIDED,
    perTemplate: 5,
    templates: [
      'going with {storageThing}, {storageQ}',
      'ok i\'m buying {storageThing}. {storageQ}',
      'ordering {sizeThing}, {sizeQ}',
      'decided on {sizeThing}. {sizeQ}',
      'buying {planThing}, {planQ}',
      'i\'m getting {planThing} today, {planQ}',
      'settled on {colorThing}, {colorQ}',
      'we picked {bigThing}, {bigQ}',
    ],
  },
  // ----------------------------------------------------------------------------- booking
  {
    labels: BOOKING,
    perTemplate: 8,
    templates: [
      'book a table for {party} at {dinner} {dinnerTime}',
      'reserve a table at {dinner} for {party} {dinnerTime}',
      'get me a reservation at {dinner} {dinnerTime}',
      'make a reservation for {party} at {dinner}',
      'can you book {dinner} for {party} {dinnerTime}',
      'book a flight from {cityFrom} to {cityTo} {dates}',
      'book a one way flight to {cityTo} on {airline} {dates}',
      'book a round trip from {cityFrom} to {cityTo} {dates}',
      'book {cabin} on the {airline} flight to {cityTo} {dates}',
      'i need to book a flight to {cityTo} {dates}',
      'get me on a flight out of {cityFrom} to {cityTo} {dates}',
      'reserve a hotel {hotelCity} {stay}',
      'book {hotel} {hotelCity} {stay}',
      'i need a hotel room {hotelCity} {stay}, book it',
      'book an airbnb {hotelCity} {stay}',
      'rent a car in {cityTo} {dates}',
      'schedule {appt} {apptWhen}',
      'book {appt} {apptWhen}',
      'make an appointment for {appt} {apptWhen}',
      'i need to book {appt} {apptWhen}',
      'can you set up {appt} {apptWhen}',
      'make an appointment with {apptWith} {apptWhen}',
      'book a visit with {apptWith} {apptWhen}',
      'schedule a consult with {apptWith}',
      'book {tradejob}',
      'schedule {tradejob} {apptWhen}',
      'i need to book {tradejob} {apptWhen}',
      'hire {tradejob} {when}',
      'reserve {reservable} {resWhen}',
      'book {reservable} {resWhen}',
      'book {tour} in {tourCity}',
      'reserve {tour} in {tourCity} for {party}',
      'book tickets for {train} {dates}',
      'reserve 2 seats on {train} {dates}',
      'book {classKind} {classWhen}',
      'reserve a spot in {classKind} {classWhen}',
      'get me an uber to {ridePlace} {rideTime}',
      'book a ride to {ridePlace} {rideTime}',
      'schedule a lyft to {ridePlace} {rideTime}',
      'book {cruise} in {month}',
      'book a balcony cabin on {cruise} for {month}',
      'reserve a room at {hotel} {hotelCity} {stay}',
      'grab me a table at {dinner} {dinnerTime}',
      'book an appointment with {apptWith} {apptWhen}',
      'reserve {appt} {apptWhen}',
      'book {tradejob} through thumbtack',
      'book a flight to {cityTo} for {party} {dates}',
      'get me a hotel {hotelCity} {stay}',
      'lock in a reservation at {dinner} for {party}',
    ],
  },
  // ----------------------------------------------------------------------------- download
  {
    labels: DOWNLOAD,
    perTemplate: 8,
    templates: [
      'download {app} for {os}',
      'download {app}',
      'install {app} on {os}',
      'get {app} on my {computer}',
      'where can i download {app}',
      'link to download {app} for {os}',
      'download the latest version of {app}',
      'reinstall {app} on my {computer}',
      'download the {mobileApp} app',
      'install the {mobileApp} app on my {device}',
      'download the {form}',
      'get a pdf of the {form}',
      'where do i download the {form}',
      'printable {form} download',
      'download {driver}',
      'install {driver}',
      'where do i get {driver}',
      'install {devtool}',
      'install {devtool} on {os}',
      'how do i install {devtool} on {os}',
      'download {devtool}',
      'install {pkg}',
      'how do i install {pkg}',
      'download {game} on {platform}',
      'install {game} on {platform}',
      'download {offline}',
      'download {template}',
      'where can i download {template}',
      'download {manual}',
      'install {plugin}',
      'get {plugin}',
      'download {update}',
      'install {update}',
      'download {mydoc}',
      'get {mydoc} as a pdf',
      'download {app} on my {computer}',
      'get the {app} desktop app for {os}',
      'download and install {app}',
      'grab the {devtool} installer for {os}',
      'download {devtool} for {os}',
      'download the {mobileApp} app on my {device}',
      'get the {mobileApp} app',
      'download {game}',
      'download a blank {form}',
      'download the {form} for 2025',
      'download {manual} as a pdf',
      'download {driver} for windows 11',
      'where do i download {mydoc}',
      'download {app} installer',
      'pull down the latest {devtool} release',
      'install {plugin} for me',
      'download the {mobileApp} app for my {device}',
      'get {game} on {platform}',
      'download the newest version of {driver}',
      'download {template} for free',
    ],
  },
  // ----------------------------------------------------------------------------- contact sales
  {
    labels: CONTACT_SALES,
    perTemplate: 7,
    templates: [
      'talk to {b2b} sales about {saleTopic}',
      'request a demo of {b2b}',
      'book a demo with {b2b} for {team}',
      'get a quote for {seats} {b2b} seats',
      'how much for {seats} seats of {b2b}? want to talk to sales',
      'contact {b2b} sales',
      'have a {b2b} sales rep call me',
      'i\'d like to speak with someone at {b2b} about {saleTopic}',
      'schedule a call with {b2b} sales about {saleTopic}',
      'i need pricing for {b2b} for a team of {seats}, who do i talk to',
      'fill out the contact sales form for {b2b}',
      'enterprise quote for {b2b}, {seats} users',
      'get a custom quote from {b2b} for {team}',
      'request a callback from {b2b} sales',
      'email {b2b} sales about {saleTopic}',
      'set up a demo of {b2b} for {team}',
      'we need {saleTopic}, put me in touch with the {b2b} account team',
      'connect me with a {b2b} sales engineer',
      'request a quote for {quoteJob}',
      'get a quote for {quoteJob}',
      'i need a quote for {quoteJob}',
      'get three quotes for {quoteJob}',
      'contact {dealerAsk}',
      'get a quote on {bulkDeal}',
      'bulk order of {bulkDeal}, who do i contact in sales',
      'talk to sales about bulk pricing for {bulkOrder}',
      'request bulk pricing on {bulkDeal}',
      'connect me with {b2b} sales for {team}',
      'request a demo of {b2b} for {team}',
      'i want a {b2b} demo next week',
      'can i get a walkthrough with a {b2b} rep',
      'get {b2b} enterprise pricing for {seats} seats',
      'who do i contact at {b2b} about {saleTopic}',
      'speak with a {b2b} account executive',
      'how do i reach the {b2b} sales team',
      'send me a {b2b} quote for {seats} licenses',
      'request a proof of concept with {b2b} for {team}',
      'talk to a human at {b2b} about buying {seats} seats',
      'book time with {b2b} sales',
      'contact sales at {b2b}: {seats} users, need {saleTopic}',
      'request an estimate for {quoteJob}',
      'get a free estimate for {quoteJob}',
      'have someone come out and quote {quoteJob}',
      'get a {insKind} quote from {insurer}',
      'have {insurer} call me with a {insKind} quote',
      'talk to a {insurer} agent about a {insKind} quote',
      'have a sales rep call me about {bulkDeal}',
      'reach out to {dealerAsk}',
      'i\'d like a sales call about {b2b} for {team}',
      'ping {b2b} sales, we need {saleTopic}',
      'get a price quote from {b2b} for {team}',
      '{b2b} enterprise plan, how do i talk to sales',
      'reach out to {b2b} for a demo and pricing',
      'we want to trial {b2b} with {team}, connect me to sales',
      'sales contact for {b2b} please, {seats} seats',
      'request a quote for {seats} {b2b} licenses with {saleTopic}',
      'i need someone from {b2b} to walk {team} through pricing',
      'get me a {b2b} rep, we need {saleTopic}',
      'how do i get a quote for {quoteJob}',
      'please get me a quote for {quoteJob} asap',
      'get an insurance quote for {insKind} from {insurer}',
      'talk to sales about {bulkDeal}',
    ],
  },
  {
    labels: CONTACT_SALES_DECIDED,
    perTemplate: 5,
    templates: [
      'we\'re going with {b2b} for {seats} users, who do i talk to about the contract',
      'ready to buy {b2b} enterprise, connect me with sales',
      'we chose {b2b}, need sales to send an order form for {seats} seats',
      'before we sign with {b2b}, get me on a call with sales about {saleTopic}',
    ],
  },
  // ----------------------------------------------------------------------------- task execution
  {
    labels: TASK,
    perTemplate: 8,
    templates: [
      'transfer {amount} from {acctFrom} to {acctTo}',
      'move {amount} to {acctTo}',
      'send {p2pAmount} to {person} on {p2p}',
      '{p2p} {person} {p2pAmount} for {paidFor}',
      'pay {person} back {p2pAmount} for {paidFor}',
      'pay my {bill} bill',
      'pay the {bill} bill from checking',
      'schedule {meeting} with {people} {meetWhen}',
      'set up {meeting} with {people} {meetWhen}',
      'put {meeting} with {people} on the calendar {meetWhen}',
      'set a reminder to {todo} {remindWhen}',
      'remind me to {todo} {remindWhen}',
      'set a timer for {duration}',
      'set an alarm for {alarm}',
      'wake me up at {alarm}',
      'add {calEvent} to my calendar',
      'put {calEvent} on my calendar',
      'convert this {fmtFrom} to {fmtTo}',
      'turn this {fmtFrom} into {fmtTo}',
      'convert {fileConv}',
      'can you convert {fileConv}',
      'translate {phrase} to {language}',
      'translate {phrase} into {language} for me',
      'summarize {content} {summaryShape}',
      'give me a summary of {content} {summaryShape}',
      'calculate {tip}',
      'work out {tip}',
      'split {split}',
      'add {listAdd}',
      'can you add {listAdd}',
      '{onOff} {smartDevice}',
      'set the thermostat to {temp}',
      'play {music} on {speaker}',
      'email {sendThing} to {sendTo}',
      'forward {sendThing} to {sendTo}',
      '{dataTask}',
      'can you {dataTask}',
      'please {dataTask}',
      '{opsTask}',
      'please {opsTask}',
      'can you {opsTask} for me',
      'send {person} {p2pAmount} on {p2p}',
      'request {p2pAmount} from {person} on {p2p}',
      'set up a recurring transfer of {amount} to {acctTo}',
      'find a time for {meeting} with {people} {meetWhen}',
      'add {listAdd} please',
      'summarize {content}',
      'convert {fileConv} for me',
      'translate {phrase} from english to {language}',
      'text {person} {textMsg}',
      'call {person}',
      'turn {smartDevice} {onOffEnd}',
      'schedule {amount} to go to {acctTo} on the 1st',
      'cancel my alarm for {alarm}',
    ],
  },
  // ----------------------------------------------------------------------------- onboarding / set-up
  {
    labels: ONBOARDING,
    perTemplate: 8,
    templates: [
      'how do i set up my new {newDevice}',
      'just got a {newDevice}, how do i set it up',
      'setting up my {newDevice} for the first time',
      'first time setup for my {newDevice}',
      'help me set up the {newDevice} i just bought',
      'walk me through setting up my {newDevice}',
      'unboxed my {newDevice}, what do i do first',
      'pair my new {wearable} with my {phone}',
      'connect my new {wearable} to my {phone}',
      'connect my new {newDevice} to wifi',
      'how do i install the {installThing} i bought',
      'installing a new {installThing}, step by step please',
      'how do i assemble {furniture}',
      'putting together {furniture}, where do i start',
      'getting started with {setupSaas}',
      'just signed up for {setupSaas}, where do i start',
      'how do i import {importData} into {setupSaas}',
      'invite my team to {setupSaas}',
      'set up {feature} in {setupSaas}',
      'we just bought {setupSaas}, how do we roll it out to {team}',
      'new to {setupSaas}, how should i configure my workspace',
      'activate my {newAcct}',
      'how do i activate my {newAcct}',
      'transfer {oldNew}',
      'how do i move {oldNew}',
      'register my new {newDevice} for the warranty',
      'first use of my new {appliance}, anything i should do before cooking',
      'how do i use my new {appliance} for the first time',
      'set up {carThing} in my {newCar}',
      'just picked up my {newCar}, how do i set up {carThing}',
      'just moved in, how do i get {houseService} set up',
      'just bought a {newDevice}, what settings should i change first',
      'how do i connect my new {newDevice} to the app',
      'setting up my {newDevice}, which app do i need',
      'the {newDevice} arrived, how do i get it running',
      'help me set up a {newDevice} for my parents',
      'i got a {newDevice} for christmas, help me set it up',
      'installing the {installThing} i got from {homeStore}, what tools do i need',
      'add my {newCard} to apple pay',
      'how do i set up online banking for my new {bank} account',
      'set up direct deposit into my new {bank} account',
      'set up my {setupSaas} account for {team}',
      'connect {setupSaas} to {setupSaas2}',
      'best way to set up {setupSaas} for {team}',
      'set up parental controls on the {kidDevice} we got our kid',
      'unboxing my {newDevice} now, what\'s the setup process',
      'how do i set up my {newDevice} out of the box',
      'configure {feature} for our new {setupSaas} account',
      'we\'re new to {setupSaas}, how do we import {importData}',
      'first steps after buying a {newDevice}',
      'i just got my first {newDevice}, how do i set it up',
      'how do i pair my new {wearable} to my {phone}',
      'setting up {setupSaas} for the first time, what should i do first',
    ],
  },
  // ----------------------------------------------------------------------------- troubleshooting
  {
    labels: TROUBLE,
    perTemplate: 8,
    templates: [
      'my {tp}',
      'my {tp} {since}',
      '{tp}, {tried}',
      'help, my {tp}',
      'my {tp}. what should i check first',
      'any idea why my {tp} {since}',
      'my {tp}, what do i do',
      '{tp} {since}',
      'ugh my {tp} again',
      'troubleshoot: {tp}',
      '{swapp} {swprob}',
      '{swapp} {swprob} on my {device}',
      '{swapp} {swprob} {since}',
      '{swapp} {swprob}, {tried}',
      'why does {swapp} keep crashing on my {device}',
      'getting {errcode} when {errAction}',
      '{errcode} when {errAction}, how do i fix it',
      'keep getting {errcode}',
      '{devprob}',
      '{devprob}, any ideas',
      'help: {devprob}',
      '{devprob} {devSince}',
      'talk to {swapp} support, it {swprob}',
      '{appPair}',
      '{appPair} {since}',
      '{appPair}, {tried}',
      'help, {appPair}',
      'why is it that {appPair}',
      'chat with tech support, my {tp}',
      'so my {tp}',
      'hey my {tp}, any fixes',
      'my {tp} and i have a meeting in 10 min',
      'my {tp}, is this a known issue',
      'how do i fix it when my {tp}',
      'what to do when my {tp}',
      'pls help my {tp}',
      'my {tp}, is it a setting or is it broken',
      'my {tp} {since}, {tried}',
      '{swapp} {swprob} after the latest update',
      'how do i fix {swapp} when it {swprob}',
      '{swapp} {swprob} for everyone on my team',
      '{swapp} suddenly {swprob}',
      '{swapp} {swprob} and i need it for work',
      'how to fix {errcode}',
      '{errcode} on my {device}',
      'i keep seeing {errcode} when {errAction}',
      '{devprob}. what am i doing wrong',
      'debug this: {devprob}',
      'stuck on this for hours: {devprob}',
      'quick q, my {tp}',
      'need help, my {tp}',
      'my {tp}, what could cause that',
      '{swapp} {swprob}, what can i do',
      '{swapp} {swprob} on {os}',
      'fix {swapp} for me, it {swprob}',
      '{errcode} keeps popping up on my {device}',
      'my {tp} - {tried}',
      '{devprob} in production',
      '{swapp} {swprob} since this morning, is it down or is it me',
    ],
  },
  // ----------------------------------------------------------------------------- account help
  {
    labels: ACCOUNT,
    perTemplate: 8,
    templates: [
      'forgot my {svc} password',
      'reset my {svc} password',
      'how do i change my password on {svc}',
      'locked out of my {svc} account',
      'can\'t log into {svc}',
      'turn on two factor authentication for {svc}',
      'set up 2fa on my {svc} account',
      'turn off two step verification on {svc}',
      'got a new phone and can\'t get my {svc} 2fa codes',
      'change the {acctField} on my {svc} account',
      'update my {acctField} on {svc}',
      'delete my {svc} account',
      'permanently delete my {svc} account',
      'deactivate my {socialSvc} for a while',
      'my {svc} account got hacked',
      'someone logged into my {svc} account from {place}',
      'recover my {svc} account',
      'verify my identity on {svc}',
      'remove a device from my {svc} account',
      'add a user to our {workSvc} account',
      'remove a former employee from our {workSvc}',
      'transfer ownership of our {workSvc} account',
      'make my {socialSvc} private',
      '{svc} says my account is suspended',
      '{svc} disabled my account, how do i appeal',
      'sign out of {svc} on all devices',
      'never got the verification email from {svc}',
      'merge my two {svc} accounts',
      'how do i log in to {svc} without my old phone number',
      'who has access to my {svc} account',
      'my kid made a {socialSvc} account, how do i delete it',
      'password reset link for {svc} expired',
      'reset the admin password for our {workSvc}',
      'change my {svc} username',
      'how do i change the email on {svc}',
      'my {svc} account was locked for suspicious activity',
      'i can\'t reset my {svc} password, the email never arrives',
      'lost access to the email on my {svc} account',
      'where are my backup codes for {svc} 2fa',
      'set up a passkey for {svc}',
      'log out of {svc} on my old phone',
      'add a recovery phone number to {svc}',
      'delete my {svc} account and all my data',
      'reactivate my {svc} account',
      'the admin left the company, how do we get back into our {workSvc}',
      'switch my {svc} account to a different email',
      'can\'t get into {svc} after changing phones',
      'update my profile on {svc}',
    ],
  },
  // ----------------------------------------------------------------------------- billing help
  {
    labels: BILLING,
    perTemplate: 8,
    templates: [
      '{merchant} charged me twice',
      'why did {merchant} charge me {charge}',
      'i was charged {charge} by {merchant} {billPeriod}',
      'refund my {paidSvc} subscription',
      'i cancelled {paidSvc} but still got charged',
      'cancel my {paidSvc} subscription',
      'stop {paidSvc} from renewing',
      'how do i update my payment method on {paidSvc}',
      'change the credit card on my {paidSvc} account',
      '{paidSvc} charged my old card',
      'where can i find {invoiceWhat}',
      'i need {invoiceWhat} from {merchant}',
      'dispute a {charge} charge from {merchant}',
      'unknown {charge} charge from {merchant}',
      'my {utilBill} is way higher than usual',
      'why did my {utilBill} go up {billRise}',
      'got {feeFrom}, can they waive it',
      'how do i get {feeFrom} refunded',
      'free trial of {paidSvc} turned into a paid subscription',
      'switch {paidSvc} from monthly to annual billing',
      'my payment to {merchant} keeps getting declined',
      'autopay for my {utilBill} didn\'t go through',
      'pending charge from {merchant} hasn\'t dropped off',
      'get a refund for {refundable}',
      'add our tax id to the {merchant} invoices',
      'i was charged {charge} for a {paidSvc} plan i never signed up for',
      '{merchant} took {charge} out of my account {billPeriod}',
      'can i get a prorated refund from {paidSvc}',
      'downgrade my {paidSvc} plan so i pay less',
      '{merchant} charged me after i cancelled',
      'why is there a {charge} charge from {merchant} on my statement',
      'i want my money back from {merchant}, they charged me {charge}',
      'refund the {charge} {merchant} charged me',
      'remove my card from {paidSvc}',
      'update my billing info on {paidSvc}',
      'my card expired, how do i update it on {paidSvc}',
      '{paidSvc} still hasn\'t refunded me',
      'get a copy of my {utilBill}',
      'set up a payment plan for my {utilBill}',
      'i was double charged on my {utilBill}',
      'my {utilBill} has a charge i don\'t recognize',
      'reverse {feeFrom}',
      'charged the wrong amount by {merchant}',
      'change my billing date on {paidSvc}',
      'who do i call about a billing error from {merchant}',
      'i see two {charge} charges from {merchant}',
      '{paidSvc} charged me {charge} instead of the promo price',
      'how do i get a refund for my last {paidSvc} payment',
      'why am i being billed for {paidSvc} when i have the free plan',
    ],
  },
  // ----------------------------------------------------------------------------- post purchase (no subtype)
  {
    labels: POST_PURCHASE,
    perTemplate: 8,
    templates: [
      'where is my {store} order',
      'where\'s my order {orderNum}',
      'track my {carrier} package',
      'track order {orderNum}',
      'has my {store} order shipped',
      'when will my {item} from {genStore} arrive',
      'my {store} order is late',
      'my {carrier} package {pkgProblem}',
      'how do i return the {item} i bought {boughtWhen}',
      'return a {item} to {genStore}',
      'start a return for my {item} from {genStore}',
      'can i still return the {item} i got {boughtWhen}',
      'print a return label for my {store} order',
      'exchange my {item} for {variant}',
      'swap the {item} i ordered for {variant}',
      'my {item} from {genStore} {damage}',
      'the {item} i ordered {damage}, what now',
      'leave a review for {reviewable}',
      'how do i rate {reviewable}',
      'post a review of {reviewable}',
      'give feedback on {experience}',
      'how do i leave feedback about {experience}',
      'file a warranty claim for my {warrantyItem}',
      'my {wbroke}, is it under warranty',
      'my {wbroke}, how do i get a replacement',
      'cancel my {store} order before it ships',
      'change the shipping address on my {store} order',
      'return policy for the {item} i bought at {genStore}',
      'where do i drop off my {store} return',
      'wrong item in my {store} order',
      'my {store} order is missing an item',
      'i got someone else\'s order from {store}',
      'how long do i have to return my {item} to {genStore}',
      'my {item} {damage}, can i get a replacement',
      'request an exchange on my {store} order',
      'status of my {store} return',
      'did {store} get my return yet',
      'leave a star rating for {reviewable}',
      'report a problem with my {store} order',
      'recall on my {warrantyItem}, how do i get it fixed',
      'when is my {store} package coming',
      'update me on order {orderNum}',
    ],
  },
];

/** "a echo dot" -> "an echo dot" after slot filling (slot values carry no article of their own). */
function fixArticles(text: string): string {
  return text.replace(/\b([Aa]) (?=(?:[aeio]|u(?!ni|se|s\b|-|haul|ber|rl))[a-z])/gi, (_, a: string) => `${a}n `);
}

function ownRows(rng: Rng): IntentRow[] {
  const rows: IntentRow[] = [];
  for (const family of FAMILIES) {
    for (const row of rowsFromTemplates(SOURCE, family.labels, family.templates, SLOTS, rng, family.perTemplate)) {
      rows.push({ ...row, text: fixArticles(row.text) });
    }
  }
  return rows;
}

export const generator: IntentGenerator = {
  name: SOURCE,
  generate(rng: Rng): IntentRow[] {
    const rows = ownRows(rng);
    for (const family of VERTICAL_FAMILIES) rows.push(...verticalRows(family, rng));
    return rows;
  },
};
