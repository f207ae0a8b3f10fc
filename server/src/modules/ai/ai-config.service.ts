import { randomUUID } from 'node:crypto';
import {
  AI_CONFIGS_MAX,
  AI_KEY_SHOWN,
  AI_MESSAGES,
  RATE_LIMITS,
  aiConfigInputSchema,
  aiConfigUpdateSchema,
  aiModelsInputSchema,
  idSchema,
  type AiProvider,
} from '@rules';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { recordAttempts } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { aiConfigs, users } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { requireSessionViewer } from './ai-access';
import { openKey, sealKey } from './key-cipher';
import { assertSelfHostedAllowed, listModels, type AiModel } from './providers';

/**
 * A person's AI configurations. Only their person sees or uses one (another's answers as
 * missing); the key goes in encrypted and never comes back out except to the provider. Managed
 * from a signed-in session only: an app holding a token must not read or set a person's keys.
 */

/** A config as its person sees it: never the key, only its last four characters. */
export interface AiConfigRow {
  id: string;
  name: string;
  description: string;
  provider: AiProvider;
  model: string;
  keyLast4: string;
  baseUrl: string | null;
  isDefault: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const CONFIG_COLUMNS = {
  id: aiConfigs.id,
  name: aiConfigs.name,
  description: aiConfigs.description,
  provider: aiConfigs.provider,
  model: aiConfigs.model,
  keyLast4: aiConfigs.keyLast4,
  baseUrl: aiConfigs.baseUrl,
  isDefault: aiConfigs.isDefault,
  createdAt: aiConfigs.createdAt,
  updatedAt: aiConfigs.updatedAt,
};

const AI_MODELS_BUCKET = 'ai-models';

const mine = (userId: string, id: string) =>
  and(eq(aiConfigs.id, id), eq(aiConfigs.userId, userId));

/** The viewer's configs: the default first, then the newest. */
export async function listAiConfigs(ctx: Context): Promise<AiConfigRow[]> {
  const viewer = requireSessionViewer(ctx);
  return ctx.db
    .select(CONFIG_COLUMNS)
    .from(aiConfigs)
    .where(eq(aiConfigs.userId, viewer.id))
    .orderBy(desc(aiConfigs.isDefault), desc(aiConfigs.createdAt), desc(aiConfigs.id));
}

/** Makes `id` the person's one default, clearing the others, inside `tx`. */
async function makeDefault(tx: DbOrTx, userId: string, id: string) {
  await tx
    .update(aiConfigs)
    .set({ isDefault: false })
    .where(and(eq(aiConfigs.userId, userId), eq(aiConfigs.isDefault, true), ne(aiConfigs.id, id)));
  await tx.update(aiConfigs).set({ isDefault: true }).where(mine(userId, id));
}

/**
 * Saves a new config with its key encrypted. A person's first config is their default, as is one
 * asked to be; at most AI_CONFIGS_MAX per person, counted with their row locked.
 */
export async function createAiConfig(ctx: Context, input: unknown): Promise<AiConfigRow> {
  const viewer = requireSessionViewer(ctx);
  const data = parseInput(aiConfigInputSchema, input);
  if (data.provider === 'openaicompatible' && data.baseUrl)
    assertSelfHostedAllowed(ctx.config.ai, data.baseUrl);
  const sealed = sealKey(ctx.config.appSecret, data.apiKey);
  const id = randomUUID();
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update');
    const [held] = await tx
      .select({ total: count() })
      .from(aiConfigs)
      .where(eq(aiConfigs.userId, viewer.id));
    const total = held?.total ?? 0;
    if (total >= AI_CONFIGS_MAX) throw new AppError('CONFLICT', AI_MESSAGES.tooMany);
    await tx.insert(aiConfigs).values({
      id,
      userId: viewer.id,
      name: data.name,
      description: data.description,
      provider: data.provider,
      model: data.model,
      keyCipher: sealed.cipher,
      keyIv: sealed.iv,
      keyTag: sealed.tag,
      keyLast4: data.apiKey.slice(-AI_KEY_SHOWN),
      baseUrl: data.provider === 'openaicompatible' ? (data.baseUrl ?? null) : null,
    });
    if (total === 0 || data.isDefault) await makeDefault(tx, viewer.id, id);
    const [created] = await tx.select(CONFIG_COLUMNS).from(aiConfigs).where(eq(aiConfigs.id, id));
    return created!;
  });
}

/** Changes a config's model, name or description; its key and provider stay as they are. */
export async function updateAiConfig(
  ctx: Context,
  idInput: unknown,
  input: unknown,
): Promise<AiConfigRow> {
  const viewer = requireSessionViewer(ctx);
  const id = parseInput(idSchema, idInput, 'id');
  const data = parseInput(aiConfigUpdateSchema, input);
  const [updated] = await ctx.db
    .update(aiConfigs)
    .set({ ...data, updatedAt: new Date() })
    .where(mine(viewer.id, id))
    .returning(CONFIG_COLUMNS);
  if (!updated) throw notFound();
  return updated;
}

/** Deletes a config; when it was the default, the newest one left becomes the default. */
export async function deleteAiConfig(ctx: Context, idInput: unknown): Promise<void> {
  const viewer = requireSessionViewer(ctx);
  const id = parseInput(idSchema, idInput, 'id');
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(aiConfigs)
      .where(mine(viewer.id, id))
      .returning({ isDefault: aiConfigs.isDefault });
    if (!removed) throw notFound();
    if (!removed.isDefault) return;
    const [next] = await tx
      .select({ id: aiConfigs.id })
      .from(aiConfigs)
      .where(eq(aiConfigs.userId, viewer.id))
      .orderBy(desc(aiConfigs.createdAt), desc(aiConfigs.id))
      .limit(1);
    if (next) await makeDefault(tx, viewer.id, next.id);
  });
}

/** Makes one of the viewer's configs their default and clears the others, in one transaction. */
export async function setDefaultAiConfig(ctx: Context, idInput: unknown): Promise<AiConfigRow> {
  const viewer = requireSessionViewer(ctx);
  const id = parseInput(idSchema, idInput, 'id');
  return ctx.db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: aiConfigs.id })
      .from(aiConfigs)
      .where(mine(viewer.id, id))
      .for('update');
    if (!own) throw notFound();
    await makeDefault(tx, viewer.id, id);
    const [row] = await tx.select(CONFIG_COLUMNS).from(aiConfigs).where(eq(aiConfigs.id, id));
    return row!;
  });
}

/**
 * The models a key may use, which checks the key: the key as typed (the wizard's step 2) or one
 * of the viewer's saved configs (its provider and address then come from it). Counted per person
 * before the provider is asked.
 */
export async function listAiModels(
  ctx: Context,
  input: unknown,
): Promise<{ provider: AiProvider; models: AiModel[] }> {
  const viewer = requireSessionViewer(ctx);
  const data = parseInput(aiModelsInputSchema, input);
  const call =
    !data.apiKey && data.configId
      ? await openAiConfig(ctx, viewer.id, data.configId)
      : { provider: data.provider, apiKey: data.apiKey ?? '', baseUrl: data.baseUrl };
  await recordAttempts(ctx.db, AI_MODELS_BUCKET, [{ key: viewer.id, limit: RATE_LIMITS.aiModels }]);
  return { provider: call.provider, models: await listModels(ctx.config.ai, call) };
}

/** A config ready for a call: its key opened (in memory only). */
export interface OpenAiConfig {
  id: string;
  provider: AiProvider;
  model: string;
  baseUrl: string | null;
  apiKey: string;
}

/**
 * One of the person's configs with its key opened: the one named, or their default when
 * `configId` is null. Another person's config answers as missing; no config at all, as
 * AI_MESSAGES.noConfig.
 */
export async function openAiConfig(
  ctx: Context,
  userId: string,
  configId: string | null,
): Promise<OpenAiConfig> {
  const [config] = await ctx.db
    .select({
      id: aiConfigs.id,
      provider: aiConfigs.provider,
      model: aiConfigs.model,
      baseUrl: aiConfigs.baseUrl,
      cipher: aiConfigs.keyCipher,
      iv: aiConfigs.keyIv,
      tag: aiConfigs.keyTag,
    })
    .from(aiConfigs)
    .where(
      configId
        ? mine(userId, configId)
        : and(eq(aiConfigs.userId, userId), eq(aiConfigs.isDefault, true)),
    );
  if (!config) {
    if (configId) throw notFound();
    throw new AppError('BAD_USER_INPUT', AI_MESSAGES.noConfig, { field: 'configId' });
  }
  const { cipher, iv, tag, ...rest } = config;
  return { ...rest, apiKey: openKey(ctx.config.appSecret, { cipher, iv, tag }) };
}
