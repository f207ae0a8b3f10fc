import { resourcesOf } from './resources';

/** Every English namespace, as one chunk loaded only when English (or a fallback) is shown. */
export const resources = resourcesOf(
  // The e-mail texts (mail.json) are the server's: the client has no use for them.
  import.meta.glob<{ default: Record<string, unknown> }>(
    ['../../../../locales/en/*.json', '!**/mail.json'],
    { eager: true },
  ),
);
