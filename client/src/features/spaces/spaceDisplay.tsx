import { Text, ThemeIcon } from '@mantine/core';
import { IconLock, IconTools, IconUsersGroup, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { flagEmoji, GLOBAL_SPACE_ID, spaceKindOf } from '@rules';

/** A space as names, icons and switching need it: its id (`ww`, a country code, …) and name. */
export interface SpaceLike {
  id: string;
  name: string;
  isPrivate?: boolean;
}

/** A country's name in the reader's language (Intl.DisplayNames), else the stored English name. */
export function countryName(code: string, lang: string, fallback: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code.toUpperCase()) ?? fallback;
  } catch {
    return fallback;
  }
}

/** How a space is named on screen: countries and the global space in the reader's language. */
export function useSpaceName() {
  const { t, i18n } = useTranslation();
  return (space: SpaceLike) => {
    if (space.id === GLOBAL_SPACE_ID) return t('common:space.global');
    const { kind, code } = spaceKindOf(space.id);
    if (kind === 'country' && code) return countryName(code, i18n.language, space.name);
    if (kind === 'skills') return t('common:space.skills');
    return space.name;
  };
}

/** The active space's mark: a lock (private), the world, skills, or the country's flag. */
export function SpaceIcon({
  spaceId,
  isPrivate,
  size = 'lg',
}: {
  spaceId: string;
  isPrivate?: boolean;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const { kind, code } = spaceKindOf(spaceId);
  const iconSize = size === 'lg' ? 20 : 16;
  if (kind === 'country' && code) {
    return (
      <ThemeIcon
        variant="light"
        radius="xl"
        size={size}
        color="gray"
        role="img"
        aria-label={t('spaces:kind.country')}
      >
        <Text component="span" size={size === 'lg' ? 'lg' : 'md'} lh={1}>
          {flagEmoji(code)}
        </Text>
      </ThemeIcon>
    );
  }
  if (kind === 'skills') {
    return (
      <ThemeIcon
        variant="light"
        radius="xl"
        size={size}
        color="grape"
        role="img"
        aria-label={t('spaces:kind.skills')}
      >
        <IconTools size={iconSize} />
      </ThemeIcon>
    );
  }
  if (kind === 'private') {
    return (
      <ThemeIcon
        variant="light"
        radius="xl"
        size={size}
        color={isPrivate === false ? 'teal' : 'orange'}
        role="img"
        aria-label={isPrivate === false ? t('spaces:kind.community') : t('spaces:kind.private')}
      >
        {isPrivate === false ? <IconUsersGroup size={iconSize} /> : <IconLock size={iconSize} />}
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon
      variant="light"
      radius="xl"
      size={size}
      role="img"
      aria-label={t('spaces:kind.global')}
    >
      <IconWorld size={iconSize} />
    </ThemeIcon>
  );
}

/** A participant status in the reader's language. */
export function useStatusLabel() {
  const { t } = useTranslation();
  return (status: string): string => {
    switch (status) {
      case 'owner':
        return t('spaces:status.owner');
      case 'admin':
        return t('spaces:status.admin');
      case 'contributor':
        return t('spaces:status.contributor');
      case 'invited':
        return t('spaces:status.invited');
      case 'requested':
        return t('spaces:status.requested');
      case 'blocked':
        return t('spaces:status.blocked');
      default:
        return status;
    }
  };
}
