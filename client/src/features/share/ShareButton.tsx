import { useApolloClient } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconShare, IconShare3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { shareLink, spaceKindOf, TOAST_MS, type ShareSpace, type ShareTarget } from '@rules';
import { useActiveSpace } from '../../app/useActiveSpace';
import { notifySuccess } from '../../components/notify';
import { SpaceDocument } from '../../gql/graphql';
import { Menu } from '../../components/overlays';
import { IconMenu } from '../../components/IconMenu';

const notifyFailure = (message: string) =>
  notifications.show({ color: 'red', message, autoClose: TOAST_MS, withCloseButton: true });

/** The system share sheet exists on most phones and some desktop browsers. */
const canShareNatively = () => typeof navigator !== 'undefined' && 'share' in navigator;

/**
 * The space a link names: the item's own space as the server knows it (name, code, private flag),
 * usually already in the cache; without an answer, what its id says.
 */
function useShareSpace(spaceId: string | undefined) {
  const client = useApolloClient();
  const active = useActiveSpace();
  const id = spaceId ?? active.spaceId;
  return async (): Promise<ShareSpace> => {
    try {
      const { data } = await client.query({
        query: SpaceDocument,
        variables: { id },
        fetchPolicy: 'cache-first',
      });
      if (data) {
        const space = data.space;
        return {
          spaceId: space.id,
          spaceCode: space.code ?? null,
          spaceName: space.name,
          isPrivate: space.isPrivate,
        };
      }
    } catch {
      // fall through to what the id says
    }
    const { kind, code } = spaceKindOf(id);
    return {
      spaceId: id,
      spaceCode: code,
      spaceName: id === active.spaceId ? active.spaceName : '',
      isPrivate: kind === 'private',
    };
  };
}

/**
 * Share on a card or detail page: 'Copy link' and, where the browser has one, the system share
 * sheet. The link is the item's route with the encoded payload (spec 000 §2 'Other targets').
 */
export function ShareButton({
  target,
  spaceId,
  title,
}: {
  target: ShareTarget;
  /** The item's space; people and tags are shared in the active space. */
  spaceId?: string | null;
  /** What the share sheet shows as the title. */
  title?: string;
}) {
  const { t } = useTranslation();
  const spaceOfLink = useShareSpace(spaceId ?? undefined);
  const linkOf = async () => shareLink(window.location.origin, target, await spaceOfLink());

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(await linkOf());
      notifySuccess(t('share:toast.copied'));
    } catch {
      notifyFailure(t('share:toast.copyFailed'));
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title, url: await linkOf() });
    } catch (error) {
      // Closing the sheet is the person's choice, not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        notifyFailure(t('share:toast.shareFailed'));
      }
    }
  };

  return (
    <IconMenu label={t('share:menu.label')} icon={IconShare3}>
      <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => void copy()}>
        {t('share:menu.copyLink')}
      </Menu.Item>
      {canShareNatively() ? (
        <Menu.Item leftSection={<IconShare size={16} />} onClick={() => void share()}>
          {t('share:menu.shareVia')}
        </Menu.Item>
      ) : null}
    </IconMenu>
  );
}
