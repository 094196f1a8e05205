/** GET /api/site: what every page shows of this deployment (the support address is SUPPORT_EMAIL's). */
export interface SiteView {
  support_email: string;
}
