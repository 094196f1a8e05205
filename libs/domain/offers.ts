// Prices, tiers and promises the spec lists (document 1, sections 1 and 9); shown by the portal, charged by checkout.

export const PRODUCTS = {
  aiBookGenerator: { name: 'AI Book Generator', priceUsd: 99, mode: 'payment', returnPath: '/one-shot' },
  eliteService: { name: 'Elite Service', priceUsd: 499, mode: 'payment', returnPath: '/success' },
} as const;

export const SERVICE_TIERS = [
  { name: 'Proof of Concept Books', price: 'from $49', delivery: '1 to 3 business days', summary: 'Self-service and template-based: the fastest way to a real book.', popular: false },
  { name: 'Professional Books', price: '$500 to $2,000', delivery: '5 to 7 business days', summary: 'Edited, researched and formatted with our team alongside the AI.', popular: true },
  { name: 'Premium Consulting', price: '$2,000 to $5,000', delivery: '7 to 14 business days', summary: 'A dedicated project manager and multiple revision cycles.', popular: false },
] as const;

export const HEALTH_PRICING = [
  { name: 'Conference materials', price: 'from $500' },
  { name: 'Thought leadership', price: '$1,000 to $2,000' },
  { name: 'Premium consulting', price: '$3,000 to $5,000' },
] as const;

export const TYPING = { typeMs: 80, deleteMs: 30, pauseMs: 3000, words: ['finish', 'start', 'complete', 'publish'] } as const;
