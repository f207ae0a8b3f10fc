import { resourcesOf } from './resources';

/** The English namespaces, as one chunk loaded only when English (or a fallback) is shown. */
export const resources = resourcesOf(
  // The e-mail texts (mail.json) are the server's: the client has no use for them. The map
  // editor's come with the editor, the access settings' (tokens, apps,
  // sessions) with those pages (i18n.ts, loadPageTexts); AI's and billing's with their pages
  // (features/ai/aiTexts.ts, features/billing/billingTexts.ts).
  import.meta.glob<{ default: Record<string, unknown> }>(
    [
      '../../../../locales/en/*.json',
      '!../../../../locales/en/{mail,mapEditor,oauth,access,ai,billing}.json',
    ],
    { eager: true },
  ),
);
