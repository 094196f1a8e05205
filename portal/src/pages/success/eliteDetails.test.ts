import { describe, expect, it } from 'vitest';
import { eliteDetailsRequest, emptyEliteDetails, fieldErrorsFromDetails } from './eliteDetails.ts';

describe('the Elite project-details request', () => {
  const form = {
    ...emptyEliteDetails(' Ada Writer ', 'ada@example.com'),
    bookTopic: ' Remote teams ',
    bookDescription: ' A practical guide for founders leading distributed teams. ',
  };

  it('sends the trimmed fields, the timeline and the session it follows', () => {
    expect(eliteDetailsRequest(form, 'cs_test_1')).toEqual({
      name: 'Ada Writer',
      email: 'ada@example.com',
      bookTopic: 'Remote teams',
      bookDescription: 'A practical guide for founders leading distributed teams.',
      timeline: '2-weeks',
      sessionId: 'cs_test_1',
    });
  });

  it('leaves out a missing session and empty notes, and keeps a filled honeypot for the server to drop', () => {
    const request = eliteDetailsRequest({ ...form, additionalNotes: '  ', botField: 'http://spam.example' }, null);
    expect(request).not.toHaveProperty('sessionId');
    expect(request).not.toHaveProperty('additionalNotes');
    expect(request.botField).toBe('http://spam.example');
  });
});

describe("the server's 422 details, per field", () => {
  it('reads the validation pipe shape and a plain map, ignoring unknown fields', () => {
    expect(fieldErrorsFromDetails([{ field: 'email', messages: ['Please enter a valid email address'] }, { field: 'other', messages: ['x'] }])).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(fieldErrorsFromDetails({ name: 'Name is required', bookTopic: ['Book topic is required'], nope: 'x' })).toEqual({
      name: 'Name is required',
      bookTopic: 'Book topic is required',
    });
    expect(fieldErrorsFromDetails(undefined)).toEqual({});
  });
});
