import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { ELITE_DESCRIPTION_MAX } from '../../../../libs/domain/index.ts';
import { Optional } from '../common/validation.ts';

/** Lengths beyond the form's own rules (eliteDetailsProblems checks the required fields and the description's 2000). */
export const ELITE_DETAILS_LIMITS = { name: 255, email: 255, bookTopic: 255, timeline: 100, additionalNotes: 5000, sessionId: 255, botField: 1000 } as const;

// Decorators apply bottom-up: the type check, written last, is reported first.
const within = (field: string, max: number) => MaxLength(max, { message: `${field} must be ${max} characters or less` });

/**
 * POST /api/elite/project-details: the visible fields and the Checkout Session it follows. Missing fields reach the
 * service as such, so they are answered in the form's own words (422); the hidden fields are computed on the server,
 * so any the client sends are dropped.
 */
export class EliteProjectDetailsDto {
  @ApiPropertyOptional({ maxLength: ELITE_DETAILS_LIMITS.name }) @Optional() @within('name', ELITE_DETAILS_LIMITS.name) @IsString() name?: string;
  @ApiPropertyOptional({ maxLength: ELITE_DETAILS_LIMITS.email }) @Optional() @within('email', ELITE_DETAILS_LIMITS.email) @IsString() email?: string;
  @ApiPropertyOptional({ maxLength: ELITE_DETAILS_LIMITS.bookTopic }) @Optional() @within('bookTopic', ELITE_DETAILS_LIMITS.bookTopic) @IsString() bookTopic?: string;
  @ApiPropertyOptional({ maxLength: ELITE_DESCRIPTION_MAX }) @Optional() @IsString() bookDescription?: string;
  @ApiPropertyOptional({ maxLength: ELITE_DETAILS_LIMITS.timeline }) @Optional() @within('timeline', ELITE_DETAILS_LIMITS.timeline) @IsString() timeline?: string;
  @ApiPropertyOptional({ maxLength: ELITE_DETAILS_LIMITS.additionalNotes }) @Optional() @within('additionalNotes', ELITE_DETAILS_LIMITS.additionalNotes) @IsString() additionalNotes?: string;
  @ApiPropertyOptional({ description: 'The Checkout Session (session_id on /success): how a signed-out buyer shows the purchase' })
  @Optional()
  @within('sessionId', ELITE_DETAILS_LIMITS.sessionId)
  @IsString()
  sessionId?: string;
  @ApiPropertyOptional({ description: 'Honeypot: leave empty' }) @Optional() @within('botField', ELITE_DETAILS_LIMITS.botField) @IsString() botField?: string;
}
