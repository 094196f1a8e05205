import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutProduct, ProviderOption } from '../../../../libs/contracts/index.ts';
import { CheckoutSession, GeneratorProject, openOrm } from '../../../../libs/db/index.ts';
import { GenerationMessages, OfferMessages, PROVIDERS } from '../../../../libs/domain/index.ts';
import { testConfig } from '../../../../testing/index.ts';
import { grantBookCredit } from '../../../../testing/purchases.ts';
import { apiClient, serveApi } from '../../../../testing/test-server.ts';

// Every purchase is usable: the same API twice, without any AI key and with a real provider (a loopback address,
// which counts as configured; nothing is written with it here).
const noAi = testConfig({ ANTHROPIC_API_KEY: '', OPENAI_API_KEY: '', AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
const withAi = testConfig({ ANTHROPIC_API_KEY: '', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
const servers: { app: INestApplication; url: string }[] = [];
const bare = apiClient(() => servers[0]?.url ?? '');
const real = apiClient(() => servers[1]?.url ?? '');
let orm: Awaited<ReturnType<typeof openOrm>>;

beforeAll(async () => {
  servers.push(await serveApi(noAi), await serveApi(withAi));
  orm = await openOrm(noAi.DATABASE_URL);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.app.close()));
  await orm?.close();
});

const generator = (products: CheckoutProduct[]) => products.find((p) => p.id === 'ai-book-generator') as CheckoutProduct;
const elite = (products: CheckoutProduct[]) => products.find((p) => p.id === 'elite-service') as CheckoutProduct;
const products = async (client: typeof bare) => (await client.call('GET', '/checkout/products')).body as unknown as CheckoutProduct[];
const sessionsOf = (userId: string) => orm.em.fork().find(CheckoutSession, { user: userId });

describe('without a real AI provider', () => {
  it('the offers endpoint says the AI Book Generator cannot be bought, and why; the Elite Service sells', async () => {
    const listed = await products(bare);
    expect(generator(listed)).toMatchObject({ available: false, unavailableReason: OfferMessages.realAiOff, price: 99 });
    expect(elite(listed)).toMatchObject({ available: true, unavailableReason: null });
  });

  it('a checkout of the generator is refused with 409 and the reason, signed in or out, and no session is made', async () => {
    const { priceId } = generator(await products(bare));
    const signedOut = await bare.call('POST', '/create-checkout-session', { priceId, mode: 'payment' });
    expect(signedOut).toMatchObject({ status: 409, body: { message: OfferMessages.realAiOff, error: OfferMessages.realAiOff } });

    const buyer = await bare.signUpAccount();
    const signedIn = await bare.call('POST', '/create-checkout-session', { priceId }, buyer.token);
    expect(signedIn).toMatchObject({ status: 409, body: { message: OfferMessages.realAiOff } });
    expect(await sessionsOf(buyer.id)).toEqual([]);

    const eliteCheckout = await bare.call('POST', '/create-checkout-session', { priceId: elite(await products(bare)).priceId }, buyer.token);
    expect(eliteCheckout.status).toBe(200);
    expect((await sessionsOf(buyer.id)).map((s) => s.productId)).toEqual(['elite-service']);
  });

  it('a paid provider is refused with the reason, never written with mock, even for an author holding a credit', async () => {
    const author = await bare.signUpAccount();
    await grantBookCredit(noAi.DATABASE_URL, author.id);
    const listed = (await bare.call('GET', '/projects/providers', undefined, author.token)).body as unknown as ProviderOption[];
    expect(listed.filter((p) => p.available).map((p) => p.id)).toEqual(['mock']);

    const brief = { title: `Paid or nothing ${randomUUID().slice(0, 8)}`, author: 'Ada Writer', book_idea: 'How small teams lead across time zones', total_target_words: 10_000 };
    for (const [named, provider] of [['anthropic', 'anthropic'], ['claude-3-5-haiku-latest', 'anthropic'], ['hal9', 'hal9'], ['gpt-4o', 'hal9']] as const) {
      const answer = await bare.call('POST', '/projects', { ...brief, ai_model: named }, author.token);
      expect({ named, status: answer.status, message: answer.body.message }).toEqual({ named, status: 400, message: GenerationMessages.providerUnavailable(PROVIDERS[provider].displayName) });
    }
    const header = await bare.call('POST', '/intelligent/toc', brief, author.token, { 'X-AI-Provider': 'anthropic' });
    expect({ status: header.status, message: header.body.message }).toEqual({ status: 400, message: GenerationMessages.providerUnavailable(PROVIDERS.anthropic.displayName) });
    expect(await orm.em.fork().count(GeneratorProject, { user: author.id })).toBe(0);
    expect((await bare.call('GET', '/subscription', undefined, author.token)).body).toMatchObject({ book_credits: 1 });
  });
});

describe('with a real AI provider configured', () => {
  it('the generator is offered and sold', async () => {
    const listed = await products(real);
    expect(generator(listed)).toMatchObject({ available: true, unavailableReason: null });
    const buyer = await real.signUpAccount();
    const answer = await real.call('POST', '/create-checkout-session', { priceId: generator(listed).priceId }, buyer.token);
    expect(answer.status).toBe(200);
    expect((await sessionsOf(buyer.id)).map((s) => s.productId)).toEqual(['ai-book-generator']);
  });
});
