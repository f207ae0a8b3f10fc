import { resourcesOf } from './resources';

/** Every Telugu namespace, as one chunk loaded only when Telugu is shown. */
export const resources = resourcesOf(
  // The e-mail texts (mail.json) are the server's: the client has no use for them.
  import.meta.glob<{ default: Record<string, unknown> }>(
    ['../../../../locales/te/*.json', '!**/mail.json'],
    { eager: true },
  ),
);
