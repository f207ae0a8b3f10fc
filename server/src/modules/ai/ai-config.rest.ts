import type { AiProvider } from '@rules';
import type { Router } from 'express';
import { bodyData, bodyFields, contextOf, ok } from '../../rest/shell';
import {
  createAiConfig,
  deleteAiConfig,
  listAiConfigs,
  listAiModels,
  updateAiConfig,
} from './ai-config.service';
import type { AiModel } from './providers';

/** The spec's `apiKeyId` names one of the person's configs (001 §7); `iv` is not needed here. */
function modelsQuery(data: Record<string, unknown>) {
  return {
    provider: data.provider,
    apiKey: data.apiKey,
    configId: data.apiKeyId,
    baseUrl: data.baseUrl,
  };
}

/** groq's (and OpenAI-compatible) models carry `id`; Gemini's `name` and `displayName` (001 §7). */
const presentModel = (provider: AiProvider, model: AiModel) =>
  provider === 'geminiai' ? { name: model.id, displayName: model.displayName } : { id: model.id };

/** A person's AI configs over REST (001 §7 `ai/keys`, `ai/models`), on the GraphQL services. */
export function mountAiConfigRest(router: Router) {
  router.get('/ai/keys', async (_req, res) => {
    ok(res, { apiKeys: await listAiConfigs(contextOf(res)) });
  });

  router.post('/ai/keys', async (req, res) => {
    ok(res.status(201), { data: await createAiConfig(contextOf(res), bodyFields(req).data) });
  });

  router.patch('/ai/keys', async (req, res) => {
    const { apiKeyId, data } = bodyFields(req);
    await updateAiConfig(contextOf(res), apiKeyId, data);
    ok(res);
  });

  router.delete('/ai/:id/keys', async (req, res) => {
    await deleteAiConfig(contextOf(res), req.params.id);
    ok(res);
  });

  router.post('/ai/models', async (req, res) => {
    const query = modelsQuery(bodyData(req));
    const { provider, models } = await listAiModels(contextOf(res), query);
    ok(res, { models: models.map((model) => presentModel(provider, model)) });
  });
}
