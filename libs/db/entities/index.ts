import { HealthCanary } from './health-canary.ts';

export { HealthCanary };
export const entities = [HealthCanary];
