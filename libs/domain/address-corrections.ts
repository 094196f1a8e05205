// When a shipping address may still be corrected, apart from the address rule (whose postal and phone metadata the
// pages that only show a button need not load).

/** Print order statuses whose address may still be corrected: the job is not yet at the printer (its run has the last word). */
export const ADDRESS_CORRECTABLE_PRINT_STATUSES: readonly string[] = ['draft', 'validating', 'unpaid', 'paid'];
