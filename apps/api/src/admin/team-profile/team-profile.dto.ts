import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { TEAM_DISPLAY_NAME_MAX_LENGTH, TeamMessages } from '../../../../../libs/domain/index.ts';

/** A team member's display name, set by the member or an admin; null returns to the team's default name. */
export class TeamDisplayNameDto {
  @ApiProperty({ type: String, nullable: true, maxLength: TEAM_DISPLAY_NAME_MAX_LENGTH, description: 'The name authors see, e.g. "Sam from Pressroom"; null for the default' })
  @IsOptional()
  @MaxLength(TEAM_DISPLAY_NAME_MAX_LENGTH * 4, { message: TeamMessages.displayNameTooLong })
  @IsString({ message: TeamMessages.displayNameRequired })
  display_name!: string | null;
}
