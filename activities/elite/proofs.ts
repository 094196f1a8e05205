import type { MikroORM } from '@mikro-orm/core';
import { ApplicationFailure } from '@temporalio/activity';
import { EliteProof, EliteRequest } from '../../libs/db/index.ts';
import { defaultProductFor, DEFAULT_PRINT_PAGE_COUNT, eliteFileKey, EliteRefusals } from '../../libs/domain/index.ts';
import type { StorageService } from '../../libs/storage/index.ts';
import { drawPressCover } from '../render/press-cover.ts';
import type { EliteActivities } from './types.ts';

/**
 * Where a proof round's files are kept: a copy of the interior and the cover as the press prints it (the book's design,
 * drawn for the printer's template and product), so the author reviews exactly these, whatever is rebuilt later.
 */
const eliteProofKeys = (request: { id: string; userId: string }, round: number) => ({
  interiorKey: eliteFileKey(request, `proofs/${round}/interior.pdf`),
  coverKey: eliteFileKey(request, `proofs/${round}/cover.pdf`),
});

export function createEliteProofActivities({ orm, storage }: { orm: MikroORM; storage: StorageService }): Pick<EliteActivities, 'sendEliteProof' | 'decideEliteProof'> {
  return {
    async sendEliteProof(requestId: string, proof: { id: string; round: number; by: string; at: string; note: string | null }): Promise<void> {
      const em = orm.em.fork();
      if (await em.findOne(EliteProof, { request: requestId, round: proof.round })) return;
      const request = await em.findOneOrFail(EliteRequest, { id: requestId }, { populate: ['user', 'bookProject.generatorProject'] });
      const project = request.bookProject?.generatorProject;
      if (!project?.pdfKey) throw ApplicationFailure.nonRetryable(EliteRefusals.noBook, 'ProofRefused');

      const keys = eliteProofKeys({ id: request.id, userId: request.user.id }, proof.round);
      await storage.copy(project.pdfKey, keys.interiorKey);
      await drawPressCover(storage, project, defaultProductFor(project), project.pageCount ?? DEFAULT_PRINT_PAGE_COUNT, keys.coverKey);
      await em.getConnection().execute(
        `insert into elite_proofs (id, request_id, round, interior_key, cover_key, note, sent_by, sent_at) values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (request_id, round) do nothing`,
        [proof.id, requestId, proof.round, keys.interiorKey, keys.coverKey, proof.note, proof.by, new Date(proof.at)],
        'run',
      );
    },

    async decideEliteProof(requestId: string, round: number, decision: { decision: 'approved' | 'changes_requested'; comment: string | null; by: string; at: string }): Promise<void> {
      await orm.em
        .fork()
        .nativeUpdate(EliteProof, { request: requestId, round }, { decision: decision.decision, comment: decision.comment, decidedBy: decision.by, decidedAt: new Date(decision.at) });
    },
  };
}
