// Team privacy (issue 31): authors see a team member's display name, never their address.

/** The name a team member without a display name of their own is shown by. */
export const DEFAULT_TEAM_DISPLAY_NAME = 'Pressroom team';
export const TEAM_DISPLAY_NAME_MAX_LENGTH = 60;

export const TeamMessages = {
  displayNameRequired: 'Enter the name authors will see, e.g. "Sam from Pressroom".',
  displayNameTooLong: `The display name can be at most ${TEAM_DISPLAY_NAME_MAX_LENGTH} characters long.`,
  displayNameLooksLikeAddress: 'The display name is shown to authors: use a name, not an e-mail address.',
  // An admin who took away their own role could leave the back office with no admin to give it back.
  ownRole: 'You cannot change your own role: ask another admin.',
} as const;

/** Why a display name is refused, or undefined when it may be saved (trimmed by the caller). */
export const teamDisplayNameProblem = (name: string): string | undefined => {
  const trimmed = name.trim();
  if (!trimmed) return TeamMessages.displayNameRequired;
  if (trimmed.length > TEAM_DISPLAY_NAME_MAX_LENGTH) return TeamMessages.displayNameTooLong;
  if (trimmed.includes('@')) return TeamMessages.displayNameLooksLikeAddress;
  return undefined;
};

/** The one place that decides what an author is told a team member is called: their display name, or the team's. */
export const teamMemberPublicName = (user: { displayName?: string | null } | null | undefined): string => {
  const name = user?.displayName?.trim();
  return name && !name.includes('@') ? name : DEFAULT_TEAM_DISPLAY_NAME;
};
