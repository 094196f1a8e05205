import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { isEmail, IsString, MaxLength, ValidateBy } from 'class-validator';
import type { CreateBookRequestRequest } from '../../../../libs/contracts/index.ts';
import { BOOK_REQUEST_LIMITS, BookRequestFieldMessages, bookStyleKey, isBookStyleKey } from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

const NOT_BLANK = /\S/;

/**
 * A text field the form requires, answered with one message: missing or blank, too long, or failing `check`.
 * (Stacked class-validator rules would list every rule a missing field breaks.)
 */
function FormText(required: string, label: string, max: number, check?: { test: (value: string) => boolean; message: string }): PropertyDecorator {
  const problem = (value: unknown): string | null => {
    if (typeof value !== 'string' || !NOT_BLANK.test(value)) return required;
    if (value.length > max) return BookRequestFieldMessages.tooLong(label, max);
    if (check && !check.test(value.trim())) return check.message;
    return null;
  };
  return ValidateBy({ name: 'formText', validator: { validate: (value) => problem(value) === null, defaultMessage: (args) => problem(args?.value) ?? '' } });
}

/** POST /api/book-requests: the spec's form_submissions fields. */
export class CreateBookRequestDto implements CreateBookRequestRequest {
  @ApiProperty({ maxLength: BOOK_REQUEST_LIMITS.name })
  @FormText(BookRequestFieldMessages.nameRequired, 'Name', BOOK_REQUEST_LIMITS.name)
  name!: string;

  @ApiProperty({ maxLength: BOOK_REQUEST_LIMITS.email, example: 'author@example.com' })
  @FormText(BookRequestFieldMessages.emailRequired, 'Email', BOOK_REQUEST_LIMITS.email, { test: (value) => isEmail(value), message: BookRequestFieldMessages.emailInvalid })
  email!: string;

  @ApiProperty({ maxLength: BOOK_REQUEST_LIMITS.bookTopic })
  @FormText(BookRequestFieldMessages.topicRequired, 'Book topic', BOOK_REQUEST_LIMITS.bookTopic)
  book_topic!: string;

  @ApiPropertyOptional({ maxLength: BOOK_REQUEST_LIMITS.bookStyle, example: 'executive-memoir', description: 'A style key; "Executive Memoir" is stored as executive-memoir' })
  @Optional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? bookStyleKey(value) : value))
  @MaxLength(BOOK_REQUEST_LIMITS.bookStyle, { message: BookRequestFieldMessages.tooLong('Style', BOOK_REQUEST_LIMITS.bookStyle) })
  @ValidateBy({ name: 'bookStyle', validator: { validate: (value) => value === '' || (typeof value === 'string' && isBookStyleKey(value)) } }, { message: BookRequestFieldMessages.style })
  book_style?: string;

  @ApiProperty({ maxLength: BOOK_REQUEST_LIMITS.bookDescription })
  @FormText(BookRequestFieldMessages.descriptionRequired, 'Book description', BOOK_REQUEST_LIMITS.bookDescription)
  book_description!: string;

  @ApiPropertyOptional({ maxLength: BOOK_REQUEST_LIMITS.additionalNotes })
  @Optional()
  @IsString()
  @MaxLength(BOOK_REQUEST_LIMITS.additionalNotes, { message: BookRequestFieldMessages.tooLong('Additional notes', BOOK_REQUEST_LIMITS.additionalNotes) })
  additional_notes?: string;
}
