/** Shared by the workflow and the API: what a cover drawn from fields alone is made from (defined in libs/domain, which its activity reads too). */
export type { StandaloneCoverInput } from '../../libs/domain/index.ts';
