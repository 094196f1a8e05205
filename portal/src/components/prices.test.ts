import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELITE_FORM, HEALTH_PRICING, PRODUCT_OFFERS, SERVICE_TIERS } from '../../../libs/domain/index.ts';

// Issue 16: "Generate – $99", "from $49" and "$499" were shown for overlapping things. Every price an author reads
// comes from PRODUCT_OFFERS, so the pages cannot disagree with each other or with what checkout charges.
const portalSrc = join(import.meta.dirname, '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
/** The code without its comments (what a comment says is never shown). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
const dollarAmounts = (text: string) => [...text.matchAll(/\$\s?\d(?:[\d,.]*\d)?/g)].map((m) => m[0]);
const offerPrices = PRODUCT_OFFERS.map((offer) => `$${offer.price}`);

describe('prices shown by the portal', () => {
  it('are never written into a portal page: each one is read from PRODUCT_OFFERS', () => {
    const files = sourceFiles(portalSrc);
    expect(files.length).toBeGreaterThan(20);
    const hardCoded = files.flatMap((file) => dollarAmounts(withoutComments(readFileSync(file, 'utf8'))).map((amount) => `${relative(portalSrc, file)}: ${amount}`));
    expect(hardCoded).toEqual([]);
  });

  it('finds a hard-coded price, and ignores one in a comment', () => {
    expect(dollarAmounts(withoutComments("<button>Generate - $99</button> // costs $49\n/* from $500 */ 'from $1,000'"))).toEqual(['$99', '$1,000']);
  });

  it('name only offer prices on the service tiers, the health page and the Elite form', () => {
    const shown = [...SERVICE_TIERS.map((tier) => tier.price), ...HEALTH_PRICING.map((item) => item.tier.price), ELITE_FORM.price];
    const amounts = shown.flatMap(dollarAmounts);
    expect(amounts.length).toBeGreaterThanOrEqual(shown.length);
    expect(amounts.filter((amount) => !offerPrices.includes(amount))).toEqual([]);
  });

  it('give each tier the price of the offer it is sold as', () => {
    for (const tier of SERVICE_TIERS) expect(tier.price).toContain(`$${PRODUCT_OFFERS.find((offer) => offer.id === tier.offer)?.price}`);
  });
});
