import { Global, Injectable, Module } from '@nestjs/common';

/** What a feature does once a verified account has claimed its purchases (e.g. Elite opens the requests they paid for). */
export type AccountClaimed = (userId: string) => Promise<void>;

/**
 * Sign-in runs this after the account's purchases become its own, without knowing which features care: each feature
 * that keeps something bought signed out registers its step as its module starts. Steps run one after the other.
 */
@Injectable()
export class AccountClaims {
  private readonly steps: AccountClaimed[] = [];

  onClaimed(step: AccountClaimed): void {
    this.steps.push(step);
  }

  async claimed(userId: string): Promise<void> {
    for (const step of this.steps) await step(userId);
  }
}

@Global()
@Module({ providers: [AccountClaims], exports: [AccountClaims] })
export class AccountClaimsModule {}
