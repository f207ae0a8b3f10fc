import { AI_IDENTIFY_KINDS } from '@rules';
import type { Router } from 'express';
import { activeSpaceId, bodyData, bodyFields, contextOf, ok } from '../../rest/shell';
import { identify } from './ai-identify.service';
import { publishAiResultItem } from './ai-publish.service';
import { presentAiResult } from './ai-result.presenter';
import { myAiUsage } from './ai-usage.service';

/**
 * The AI helpers over REST (001 §7 `/ai/identify-*`), on the GraphQL services. The prompt comes
 * as `prompt` (or `text`), at the top of the body or in its `data`; `apiKeyId` names one of the
 * person's configs as in `ai/models`.
 */
export function mountAiHelpersRest(router: Router) {
  for (const kind of AI_IDENTIFY_KINDS)
    router.post(`/ai/identify-${kind}`, async (req, res) => {
      const fields = { ...bodyFields(req), ...bodyData(req) };
      const ctx = contextOf(res);
      const result = presentAiResult(
        await identify(ctx, {
          kind,
          text: fields.prompt ?? fields.text,
          problemId: fields.problemId,
          spaceId: activeSpaceId(req),
          configId: fields.apiKeyId,
        }),
        ctx.viewer?.id ?? null,
      );
      ok(res, { resultId: result.id, usage: result.usage, [kind]: result.items });
    });

  router.post('/ai/results/:id/publish', async (req, res) => {
    const ctx = contextOf(res);
    const result = await publishAiResultItem(ctx, req.params.id, bodyFields(req).name);
    ok(res, { result: presentAiResult(result, ctx.viewer?.id ?? null) });
  });

  router.get('/ai/usage', async (_req, res) => {
    ok(res, { usage: await myAiUsage(contextOf(res)) });
  });
}
