import { Stack } from '@mantine/core';
import { AuthorizedAppsCard, OAuthAppsCard } from '../oauth';

/**
 * /settings/extensions, the spec's page for apps and extensions: the OAuth apps the person
 * authorised (revocable) and those they registered for others.
 */
export function ExtensionsSettingsPage() {
  return (
    <Stack gap="lg">
      <AuthorizedAppsCard />
      <OAuthAppsCard />
    </Stack>
  );
}
