import type { Request, Response, Router } from 'express';
import { DEFAULT_LANG, escapeHtml } from '@rules';
import { notFound } from '../../errors';
import { mailTranslator } from '../../mail/mail-text';
import { bodyFields, contextOf, ok, queryParam } from '../../rest/shell';
import { unsubscribeFromDigest } from './digest.service';
import { savePushSubscriptionKey } from './push.service';

/** The small page a person lands on from the digest's unsubscribe link, in their language. */
function unsubscribePage(lang: string, done: boolean): string {
  const t = mailTranslator(lang);
  const title = done ? t('digest.unsubscribedTitle') : t('digest.invalidLink');
  const lines = done ? [t('digest.unsubscribed'), t('digest.settings')] : [];
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#222}</style>
</head><body><h1>${escapeHtml(title)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}
<p><a href="/">↩</a></p></body></html>`;
}

/**
 * Web Push over REST (`POST /notifications/updateKeys` with the browser's subscription as `key`)
 * and the digest's one-click unsubscribe: the link opened in a browser answers a page, a mail
 * program's List-Unsubscribe-Post (POST, RFC 8058) and API clients answer JSON. Neither needs signing in: the token is
 * the proof.
 */
export function mountPushRest(router: Router) {
  router.post('/notifications/updateKeys', async (req, res) => {
    await savePushSubscriptionKey(contextOf(res), bodyFields(req).key);
    ok(res);
  });

  const unsubscribe = async (req: Request, res: Response) => {
    const done = await unsubscribeFromDigest(contextOf(res), queryParam(req, 'token'));
    // A person's browser opening the link gets the page; anything else, the API's shapes.
    if (req.method === 'POST' || req.accepts(['json', 'html']) !== 'html') {
      if (!done) throw notFound();
      return void ok(res);
    }
    res
      .status(done ? 200 : 404)
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .send(unsubscribePage(done?.appLang ?? DEFAULT_LANG, done !== null));
  };
  router.get('/notifications/unsubscribe', unsubscribe);
  router.post('/notifications/unsubscribe', unsubscribe);
}
