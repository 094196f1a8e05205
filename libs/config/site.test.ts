import { describe, expect, it } from 'vitest';
import { googleSignInConfigured, onSite, siteBaseFor, siteOrigins } from './site.ts';

describe("the site's origins", () => {
  it('are PORTAL_URL’s, and on a loopback address the same port at the other loopback name', () => {
    expect(siteOrigins('http://localhost:5173')).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
    expect(siteOrigins('https://books.example.org/')).toEqual(['https://books.example.org']);
    expect(onSite('http://localhost:5173', 'http://127.0.0.1:5173/success')).toBe(true);
    expect(onSite('http://localhost:5173', 'http://127.0.0.1:5174/success')).toBe(false);
    expect(onSite('https://books.example.org', 'https://127.0.0.1/success')).toBe(false);
    expect(onSite('https://books.example.org', 'not a url')).toBe(false);
  });

  it('give links the origin the visitor is at when it is one of them, else PORTAL_URL', () => {
    expect(siteBaseFor('http://localhost:5173/', 'http://127.0.0.1:5173/shop/x')).toBe('http://127.0.0.1:5173');
    expect(siteBaseFor('http://localhost:5173/', 'https://evil.example/')).toBe('http://localhost:5173');
    expect(siteBaseFor('http://localhost:5173/', undefined)).toBe('http://localhost:5173');
  });

  it('offer Google sign-in only with both its id and secret', () => {
    expect(googleSignInConfigured({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: undefined })).toBe(false);
    expect(googleSignInConfigured({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })).toBe(true);
  });
});
