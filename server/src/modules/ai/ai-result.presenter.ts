import type { ProblemPartType } from '@rules';
import type { AiResultRow } from './ai-identify.service';
import { isItemPublished } from './ai-publish.service';

/** A run as both transports answer it, to `viewerId` (whether it is theirs to publish). */
export const presentAiResult = (row: AiResultRow, viewerId: string | null) => ({
  id: row.id,
  isMine: row.userId === viewerId,
  kind: row.kind,
  problemId: row.problemId,
  spaceId: row.spaceId,
  items: row.items.map((item) => ({
    name: item.name,
    description: item.description,
    partType: (item.partType ?? null) as ProblemPartType | null,
    isPublished: isItemPublished(item),
    publishedId: isItemPublished(item) ? item.publishedId : null,
  })),
  usage: { inputTokens: row.inputTokens, outputTokens: row.outputTokens },
  createdAt: row.createdAt,
});
