import type { Response } from 'express';
import type { EliteProof, EliteRequest } from '../../../../libs/db/index.ts';
import type { StorageService } from '../../../../libs/storage/index.ts';
import { sendObject } from '../common/project-files.ts';

export type EliteProofFile = 'pdf' | 'cover';

/** Streams a proof round's PDF or cover, as it was sent to the author (the author's route and the back office's). */
export function sendEliteProofFile(res: Response, storage: StorageService, request: EliteRequest, proof: EliteProof, file: EliteProofFile): Promise<void> {
  const base = `${request.topic.replace(/[^a-zA-Z0-9]+/g, '_')}_proof_${proof.round}`;
  const [key, name] = file === 'pdf' ? [proof.interiorKey, `${base}.pdf`] : [proof.coverKey, `${base}_cover.pdf`];
  return sendObject(res, storage, key, { type: 'application/pdf', name, inline: true });
}
