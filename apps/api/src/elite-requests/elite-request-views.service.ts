import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { EliteRequestView } from '../../../../libs/contracts/index.ts';
import type { EliteProof, EliteRequest } from '../../../../libs/db/index.ts';
import { StorageService } from '../../../../libs/storage/index.ts';
import { sendEliteProofFile, type EliteProofFile } from './elite-proof-files.ts';
import { authorProofUrls, loadEliteRequestView, loadEliteRequestViews } from './elite-request.view.ts';
import { withTeamNames } from './elite-team-names.ts';

/** The author's side of what the routes answer: requests as their author reads them, and a proof round's files. */
@Injectable()
export class EliteRequestViewsService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
  ) {}

  async one(row: EliteRequest): Promise<EliteRequestView> {
    const em = this.em.fork();
    const [view] = await withTeamNames(em, [row], [await loadEliteRequestView(em, row, 'author', authorProofUrls(row.id))]);
    return view as EliteRequestView;
  }

  async many(rows: EliteRequest[]): Promise<EliteRequestView[]> {
    const em = this.em.fork();
    return withTeamNames(em, rows, await loadEliteRequestViews(em, rows, 'author', (row) => authorProofUrls(row.id)));
  }

  sendProofFile(res: Response, found: { request: EliteRequest; proof: EliteProof }, file: EliteProofFile): Promise<void> {
    return sendEliteProofFile(res, this.storage, found.request, found.proof, file);
  }
}
