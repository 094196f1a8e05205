import { defineUpdate } from '@temporalio/workflow';
import type { ShippingAddress } from '../../libs/domain/index.ts';

/** A corrected shipping address for the request's copies and who gave it (the author, or the team). */
export interface EliteAddressChange {
  address: ShippingAddress;
  by: { id: string; role: 'author' | 'team' };
}

/**
 * Corrects the address the proof was approved with, until printing starts (from then on the print order's own run
 * takes corrections, until its job is submitted). Refused before the proof is approved, after printing started, or
 * with the address rule's words.
 */
export const changeEliteAddressUpdate = defineUpdate<void, [EliteAddressChange]>('changeAddress');
