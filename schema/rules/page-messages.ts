import { AI_MESSAGES } from './ai';
import { BILLING_MESSAGES } from './billing';

/**
 * The server messages only a page loaded on demand shows, by locale namespace (`ai:errors.<key>`):
 * that page translates them itself (features/ai/aiErrors.ts), so a first visit, which carries
 * MESSAGE_NAMESPACES, carries none of them. A test checks each one exists in English (word for
 * word) and Telugu, as for MESSAGE_NAMESPACES.
 */
export const PAGE_MESSAGE_NAMESPACES: Record<string, Readonly<Record<string, string>>> = {
  ai: AI_MESSAGES,
  billing: BILLING_MESSAGES,
};
