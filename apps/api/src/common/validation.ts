import { BadRequestException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { MaxLength, ValidateIf } from 'class-validator';
import { inputProblem } from '../../../../libs/domain/index.ts';

interface FieldErrors {
  field: string;
  messages: string[];
}

function flatten(errors: ValidationError[], parent = ''): FieldErrors[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, messages: [...new Set(Object.values(error.constraints))] }] : [];
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * A field that may be left out. Unlike class-validator's @IsOptional, `null` is not "left out": it must pass the
 * field's rules, so a service never receives a null it did not ask for. Nullable fields say so with @IsOptional.
 */
export const Optional = () => ValidateIf((_object, value) => value !== undefined);

/** A text field's length limit, in the house words. Decorators apply bottom-up: write the type check last, so it is reported first. */
export const within = (field: string, max: number) => MaxLength(max, { message: `${field} must be ${max} characters or less` });

/**
 * Validation at the API boundary, in two steps: every body, query and route parameter first obeys the rules all
 * input shares (libs/domain/input.ts: no NUL, valid Unicode, shallow nesting), then its DTO's rules. Unknown fields
 * are stripped; the first message becomes the error's `message` and every field's messages go in `details`.
 */
class BoundaryValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const problem = inputProblem(value, metadata.data ?? metadata.type);
      if (problem) throw new BadRequestException({ message: problem.messages[0], details: [problem] });
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new BoundaryValidationPipe({
    whitelist: true,
    transform: true,
    exceptionFactory: (errors) => {
      const details = flatten(errors);
      return new BadRequestException({ message: details[0]?.messages[0] ?? 'Invalid request', details });
    },
  });
}
