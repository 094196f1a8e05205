// Prices, tiers and promises the spec lists (document 1, sections 1 and 9); shown by the portal, charged by checkout.

export const PRODUCT_IDS = ['ai-book-generator', 'elite-service'] as const;
export type ProductId = (typeof PRODUCT_IDS)[number];

/** What a paid purchase gives: one book on a paid provider, or the Elite entitlement. */
export type ProductGrant = 'book_credit' | 'elite';

export interface ProductOffer {
  id: ProductId;
  name: string;
  description: string;
  mode: 'payment';
  /** Whole US dollars, as shown; Stripe is charged in cents (`price * 100`). */
  price: number;
  currency: 'usd';
  /** Where the buyer lands after paying. */
  returnPath: string;
  grants: ProductGrant;
  /** What the server must have for the purchase to be usable: a real (paid) AI provider for the book credit. */
  requires: 'real_ai' | null;
}

/** The two offers, in the spec's order (the /coming-soon page reads the first). Price ids come from configuration. */
export const PRODUCT_OFFERS: readonly ProductOffer[] = [
  {
    id: 'ai-book-generator',
    name: 'AI Book Generator',
    description: 'One complete book written by a paid AI model: real content, a print-ready PDF and a cover.',
    mode: 'payment',
    price: 99,
    currency: 'usd',
    returnPath: '/one-shot',
    grants: 'book_credit',
    requires: 'real_ai',
  },
  {
    id: 'elite-service',
    name: 'Elite Service',
    description: 'Professional editing, research enhancement, custom publishing and two professionally bound copies.',
    mode: 'payment',
    price: 499,
    currency: 'usd',
    returnPath: '/success',
    grants: 'elite',
    requires: null,
  },
];

export const productOffer = (id: ProductId): ProductOffer => PRODUCT_OFFERS.find((offer) => offer.id === id) as ProductOffer;
export const PRODUCTS = { aiBookGenerator: productOffer('ai-book-generator'), eliteService: productOffer('elite-service') } as const;
/** The products whose purchase gives this grant. */
export const productsGranting = (grant: ProductGrant): ProductId[] => PRODUCT_OFFERS.filter((offer) => offer.grants === grant).map((offer) => offer.id);

/** An offer's price as every page shows it: "$99". */
export const offerPrice = (id: ProductId): string => `$${productOffer(id).price}`;

/** What the demo's last step promises a free account: only what one gets (a real AI model's book is a paid credit). */
export const DEMO_COMPLETE_TEXT = `That was the whole flow on sample content. A free account keeps your books in My Books and writes them with the free sample writer; a book written by a real AI model takes a book credit (${offerPrice('ai-book-generator')} each).`;

/** What this server has that an offer may need: whether a real AI provider (a key for a paid one) is configured. */
export interface OfferFacts {
  realAi: boolean;
}

export const OfferMessages = {
  realAiOff: "Real AI is not switched on yet — the generator can't be bought",
} as const;

/** Why an offer cannot be bought on this server (a purchase nobody could use), or null when it can. */
export function offerUnavailable(id: ProductId, facts: OfferFacts): string | null {
  if (productOffer(id).requires === 'real_ai' && !facts.realAi) return OfferMessages.realAiOff;
  return null;
}

/**
 * The Elite fee: the Elite Service bought outright (editing, cover design, two bound copies, no quote), and the least
 * any Elite quote asks — a request for a finished book is quoted for that book (more copies, more work) from here up.
 */
export const ELITE_FEE = PRODUCTS.eliteService.price;
/** How pages name the Elite price: the offer's fee, and the quote that builds on it for a given book. */
export const ELITE_PRICE_NOTE = `from ${offerPrice('elite-service')}, quoted for your book`;
export const ELITE_FEE_INCLUDES = `${offerPrice('elite-service')} buys editing, cover design and two bound copies outright; a request for a finished book is quoted for it, from ${offerPrice('elite-service')}`;

/**
 * The spec's three tiers, each sold as one of the offers so that one thing has one price everywhere (issue 16: the
 * spec's "from $49" and "$500 to $2,000" named no product anyone could buy). Premium Consulting starts with the Elite
 * Service and the team quotes the rest of the work.
 */
export interface ServiceTier {
  name: string;
  offer: ProductId;
  price: string;
  /** The team quotes the work beyond the offer (the Elite request's quote). */
  quoted: boolean;
  delivery: string;
  summary: string;
  popular: boolean;
}
export const SERVICE_TIERS: readonly ServiceTier[] = [
  { name: 'Proof of Concept Books', offer: 'ai-book-generator', price: offerPrice('ai-book-generator'), quoted: false, delivery: '1 to 3 business days', summary: 'Self-service and template-based: the fastest way to a real book.', popular: false },
  { name: 'Professional Books', offer: 'elite-service', price: offerPrice('elite-service'), quoted: false, delivery: '5 to 7 business days', summary: 'Edited, researched and formatted with our team alongside the AI; two bound copies included.', popular: true },
  { name: 'Premium Consulting', offer: 'elite-service', price: `from ${offerPrice('elite-service')}, quoted for your project`, quoted: true, delivery: '7 to 14 business days', summary: 'A dedicated project manager and multiple revision cycles.', popular: false },
];
const serviceTier = (name: string): ServiceTier => SERVICE_TIERS.find((tier) => tier.name === name) as ServiceTier;

/** The health and biotech page's kinds of book, each priced as the tier that makes it. */
export const HEALTH_PRICING = [
  { name: 'Conference materials', tier: serviceTier('Proof of Concept Books') },
  { name: 'Thought leadership', tier: serviceTier('Professional Books') },
  { name: 'Premium consulting', tier: serviceTier('Premium Consulting') },
] as const;

export const TYPING = { typeMs: 80, deleteMs: 30, pauseMs: 3000, words: ['finish', 'start', 'complete', 'publish'] } as const;
