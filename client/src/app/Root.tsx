import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoginBoxProvider } from '../features/auth/LoginBox';
import { useViewer } from '../features/auth/useViewer';
import { ReportDialogProvider } from '../features/moderation';
import { DocumentTitle } from './DocumentTitle';
import { isAppLang, readLanguageCookie, setInterfaceLanguage } from './i18n';
import { OfflineBanner } from './OfflineBanner';

/** With no language cookie yet, a signed-in user's saved appLang wins. */
function LanguageFromAccount() {
  const { viewer } = useViewer();
  const appLang = viewer?.appLang;
  useEffect(() => {
    if (appLang && isAppLang(appLang) && !readLanguageCookie()) void setInterfaceLanguage(appLang);
  }, [appLang]);
  return null;
}

/**
 * Everything inside the router: the login box, the report dialog, the network banner, scroll
 * restoration and the document title.
 */
export function Root() {
  return (
    <LoginBoxProvider>
      <ReportDialogProvider>
        <LanguageFromAccount />
        <DocumentTitle />
        <OfflineBanner />
        <Outlet />
        <ScrollRestoration />
      </ReportDialogProvider>
    </LoginBoxProvider>
  );
}
