/** Object keys in the private bucket, one home for each layout. */
export const canaryObjectKey = (canaryId: string) => `health/canary-${canaryId}.txt`;
