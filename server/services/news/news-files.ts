import { and, eq, inArray } from 'drizzle-orm';
import { uploadedFiles } from '../../db/schema';
import { deleteFile } from '../../files/stored-files';
import type { AppDeps } from '../../http/context';
import { deleteNews, NEWS_FILE } from './news';

/** DELETE /admin/news: the articles and, in the same transaction, their files. */
export function deleteNewsWithFiles(deps: AppDeps, callerId: number, ids: number[]) {
  return deleteNews(deps, callerId, ids, async (tx, newsIds) => {
    const files = await tx.select().from(uploadedFiles).where(and(eq(uploadedFiles.ownerType, NEWS_FILE), inArray(uploadedFiles.ownerId, newsIds)));
    for (const f of files) await deleteFile(tx, deps.env.uploadDir, f);
  });
}
