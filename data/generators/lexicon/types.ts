/** Slot vocabulary of one vertical, shared by every intent generator. All entries lowercase unless a proper name. */
export interface Vertical {
  /** snake_case id, e.g. `consumer_tech`. */
  id: string;
  /** What people call the area, e.g. `consumer tech`. */
  name: string;
  /** Things people buy or subscribe to, singular noun phrases: `laptop`, `robot vacuum`, `term life policy`. */
  products: readonly string[];
  /** Brand or product names as people type them: `MacBook Air`, `Dyson`, `Chase Sapphire`. */
  brands: readonly string[];
  /** Companies or services one signs up with, books or contacts: `Comcast`, `Airbnb`, `a local plumber`. */
  providers: readonly string[];
  /** Concepts people want to learn about, noun phrases that read after "what is": `compound interest`, `a heat pump`. */
  concepts: readonly string[];
  /** Things that go wrong, as people say them after the noun: `won't turn on`, `keeps disconnecting`. */
  problems: readonly string[];
  /** Operational tasks one does with the product or service, verb phrases: `transfer money to savings`. */
  tasks: readonly string[];
  /** Audience or use-case qualifiers: `for college`, `for a family of four`, `under $500`. */
  qualifiers: readonly string[];
}
