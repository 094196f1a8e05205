/** GET /api/site: what every page shows of this deployment (the support address is SUPPORT_EMAIL's). */
export interface SiteView {
  support_email: string;
  /** Whether "Sign in with Google" works here (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set). */
  google_sign_in: boolean;
}
