import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

interface FieldErrors {
  field: string;
  messages: string[];
}

function flatten(errors: ValidationError[], parent = ''): FieldErrors[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * DTO validation at the API boundary: unknown fields are stripped, the first message becomes the
 * error's `message` (the spec's wording lives on the DTOs) and every field's messages go in `details`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    exceptionFactory: (errors) => {
      const details = flatten(errors);
      return new BadRequestException({ message: details[0]?.messages[0] ?? 'Invalid request', details });
    },
  });
}
