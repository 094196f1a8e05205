import { BadRequestException, NotFoundException, HttpException, HttpStatus } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import type { ArgumentsHost } from '@nestjs/common';
import { HttpExceptionFilter, toErrorBody } from './http-exception.filter.ts';
import { TooManyRequestsException } from './too-many-requests.exception.ts';
import { createValidationPipe } from './validation.ts';
import { IsEmail, MinLength } from 'class-validator';

class SignUp {
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email!: string;

  @MinLength(8, { message: 'Password must be at least 8 characters' })
  password!: string;
}

describe('toErrorBody', () => {
  it('keeps an HttpException status and message', () => {
    expect(toErrorBody(new NotFoundException('Project not found or access denied'))).toEqual({
      message: 'Project not found or access denied',
      statusCode: 404,
    });
  });

  it('keeps details when an exception carries them', () => {
    expect(toErrorBody(new BadRequestException({ message: 'Too many files', details: { max: 5 } }))).toEqual({
      message: 'Too many files',
      statusCode: 400,
      details: { max: 5 },
    });
  });

  it('answers a string response as the message', () => {
    expect(toErrorBody(new HttpException('Slow down', HttpStatus.TOO_MANY_REQUESTS))).toEqual({ message: 'Slow down', statusCode: 429 });
  });

  it('hides internals of unexpected errors', () => {
    expect(toErrorBody(new Error('connection string with password'))).toEqual({ message: 'Internal server error', statusCode: 500 });
  });
});

describe('HttpExceptionFilter', () => {
  /** The parts of an Express response the filter uses, recording what it was given. */
  function answer(exception: unknown) {
    const sent = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
    const response = {
      headersSent: false,
      setHeader: (name: string, value: string) => void (sent.headers[name] = value),
      status: (code: number) => ((sent.status = code), response),
      json: (body: unknown) => void (sent.body = body),
    };
    new HttpExceptionFilter().catch(exception, { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost);
    return sent;
  }

  it('gives every 429 the seconds to wait in Retry-After, as in its details', () => {
    const sent = answer(new TooManyRequestsException(90_500));
    expect(sent.status).toBe(429);
    expect(sent.headers['Retry-After']).toBe('91');
    expect(sent.body).toMatchObject({ statusCode: 429, details: { retry_after: 91 } });
  });

  it('sends no Retry-After with other refusals', () => {
    expect(answer(new NotFoundException('Project not found')).headers).toEqual({});
  });
});

describe('validation pipe', () => {
  it('answers with the first message and every field in details', async () => {
    const pipe = createValidationPipe();
    const error = await pipe
      .transform({ email: 'nope', password: 'short', extra: 1 }, { type: 'body', metatype: SignUp })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestException);
    expect(toErrorBody(error)).toEqual({
      message: 'Please enter a valid email address',
      statusCode: 400,
      details: [
        { field: 'email', messages: ['Please enter a valid email address'] },
        { field: 'password', messages: ['Password must be at least 8 characters'] },
      ],
    });
  });

  it('strips unknown fields from valid input', async () => {
    const value = (await createValidationPipe().transform({ email: 'a@b.co', password: 'long enough', role: 'admin' }, { type: 'body', metatype: SignUp })) as SignUp;
    expect(value).toBeInstanceOf(SignUp);
    expect(value).not.toHaveProperty('role');
  });
});
