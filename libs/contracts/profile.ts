import type { AuthProvider, Role } from '../domain/index.ts';

/** GET|PATCH /api/profile (and the back office's users): the spec's profile row. */
export interface ProfileView {
  id: string;
  email: string | null;
  role: Role;
  subscription_status: string;
  books_generated: number;
  total_api_calls: number;
  total_cost: number;
  auth_provider: AuthProvider;
  onboarding_completed: boolean;
  marketing_emails_enabled: boolean;
  full_name: string | null;
  phone: string | null;
  created_at: string;
  updated_at: string;
}
