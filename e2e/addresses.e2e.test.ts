import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SavedAddress, User } from '../libs/db/index.ts';
import { AddressMessages, type ShippingAddress } from '../libs/domain/index.ts';
import { insertSavedBook } from '../testing/saved-books.ts';
import { e2eSession, e2eStand, fieldProblem, signedInPage, snapshot } from './browser.ts';

// Addresses checked where they are typed (issue 31): the print wizard marks a bad postal code on its field as it is
// left and will not go on with it; an address from the author's address book goes through to the shipping options.
const baseURL = e2eStand().baseURL;
const session = e2eSession();
const SAVED: ShippingAddress = { name: 'Ada Writer', address_line1: '1 Congress Street', city: 'Portland', state: 'ME', postcode: '04101', country: 'US', phone: '(207) 555-0134' };
let author: Page;

beforeAll(async () => {
  const { orm, storage } = session.engine.deps;
  author = await signedInPage(session.browser, baseURL, async (userId) => {
    await insertSavedBook({ orm, storage }, userId, { title: 'Addressed Matter', pages: 40 });
    const em = orm.em.fork();
    em.create(SavedAddress, { id: randomUUID(), user: em.getReference(User, userId), address: SAVED, createdAt: new Date() });
    await em.flush();
  });
}, 60_000);

describe('the print wizard’s address step', () => {
  it('shows a bad postal code on its field, then a picked saved address goes through', async () => {
    await author.locator('.book-card').getByRole('button', { name: 'Order Print Copy' }).click();
    const wizard = author.getByRole('dialog', { name: 'Order Print Copy' });
    await wizard.getByLabel(/Standard Paperback 6x9 B&W/).check();
    await wizard.getByRole('button', { name: 'Continue to Shipping', exact: true }).click();
    await wizard.getByRole('heading', { name: 'Shipping Address' }).waitFor();

    // Issue 31's address: ZIP "0410" and phone "207", each marked as it is left.
    await wizard.getByLabel('Full Name').fill('Ada Writer');
    await wizard.getByLabel('Street Address').fill('1 Congress Street');
    await wizard.getByLabel('City').fill('Portland');
    await wizard.getByLabel('State/Province').selectOption('ME');
    await wizard.getByLabel('Postal Code').fill('0410');
    await wizard.getByLabel('Phone Number').focus();
    await expect(fieldProblem(wizard.getByLabel('Postal Code'))).resolves.toBe(AddressMessages.postcodeInvalid('US'));
    await wizard.getByLabel('Phone Number').fill('207');
    await wizard.getByRole('button', { name: 'Continue to Shipping Options' }).click();
    await wizard.getByText(AddressMessages.phoneForCountry('US'), { exact: true }).waitFor();
    await expect(fieldProblem(wizard.getByLabel('Phone Number'))).resolves.toBe(AddressMessages.phoneForCountry('US'));
    await expect(fieldProblem(wizard.getByLabel('Postal Code'))).resolves.toBe(AddressMessages.postcodeInvalid('US'));
    await expect(wizard.getByRole('heading', { name: 'Shipping Address' }).isVisible()).resolves.toBe(true);
    await snapshot(author, 'print-wizard-bad-postcode');

    // The saved address fills every field and clears the problems; the shipping step follows, with one Back button.
    await wizard.getByLabel('Saved addresses').selectOption({ label: 'Ada Writer, 1 Congress Street, Portland, ME, 04101, US' });
    await expect(wizard.getByLabel('Postal Code').inputValue()).resolves.toBe('04101');
    await expect(fieldProblem(wizard.getByLabel('Postal Code'))).resolves.toBeNull();
    await wizard.getByRole('button', { name: 'Continue to Shipping Options' }).click();
    await wizard.getByRole('heading', { name: 'Shipping Options' }).waitFor();
    await wizard.getByLabel(/Standard Mail/).waitFor();
    await expect(wizard.getByRole('button', { name: 'Back' }).count()).resolves.toBe(1);
  });
});
