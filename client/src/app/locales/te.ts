import { resourcesOf } from './resources';

/** The Telugu namespaces, as one chunk loaded only when Telugu is shown. */
export const resources = resourcesOf(
  // The e-mail texts (mail.json) are the server's: the client has no use for them. The map
  // editor's come with the editor (i18n.ts, loadPageTexts).
  import.meta.glob<{ default: Record<string, unknown> }>(
    [
      '../../../../locales/te/*.json',
      '!../../../../locales/te/{mail,mapEditor,oauth,access,ai,billing}.json',
    ],
    { eager: true },
  ),
);
