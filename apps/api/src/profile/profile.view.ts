import type { ProfileView } from '../../../../libs/contracts/index.ts';
import type { Profile } from '../../../../libs/db/index.ts';

export type { ProfileView };

/** The spec's profile row (snake_case, as the portal reads it). */
export function toProfileView(profile: Profile): ProfileView {
  return {
    id: profile.user.id,
    email: profile.email ?? null,
    role: profile.role,
    subscription_status: profile.subscriptionStatus,
    books_generated: profile.booksGenerated,
    total_api_calls: profile.totalApiCalls,
    total_cost: Number(profile.totalCost),
    auth_provider: profile.authProvider,
    onboarding_completed: profile.onboardingCompleted,
    marketing_emails_enabled: profile.marketingEmailsEnabled,
    full_name: profile.fullName ?? null,
    phone: profile.phone ?? null,
    created_at: profile.createdAt.toISOString(),
    updated_at: profile.updatedAt.toISOString(),
  };
}
