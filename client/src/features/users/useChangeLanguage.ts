import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { isAppLang, setInterfaceLanguage } from '../../app/i18n';
import { UpdateLanguageDocument } from '../../gql/graphql';
import { useViewer } from '../auth';

/** Switches the language (cookie) and, signed in, saves it as the user's appLang. */
export function useChangeLanguage() {
  const { viewer } = useViewer();
  const [updateLanguage] = useMutation(UpdateLanguageDocument);
  return useCallback(
    async (lang: string) => {
      await setInterfaceLanguage(lang);
      if (!viewer || !isAppLang(lang) || viewer.appLang === lang) return;
      try {
        await updateLanguage({ variables: { appLang: lang } });
      } catch (error) {
        // The spec keeps a failed language update silent: the cookie already holds the choice.
        console.warn('updateLanguage failed', error);
      }
    },
    [viewer, updateLanguage],
  );
}
