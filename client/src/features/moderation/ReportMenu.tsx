import type { ReportableType } from '@rules';
import { useTranslation } from 'react-i18next';
import { AuthorActionsMenu } from '../../components/AuthorActionsMenu';
import { useViewer } from '../auth';
import { useReport } from './reportDialogContext';

/** The item menu for everyone but the author: Report (signed out, the login box first). */
export function ReportMenu({
  label,
  itemType,
  itemId,
}: {
  label: string;
  itemType: ReportableType;
  itemId: string;
}) {
  const report = useReport();
  return <AuthorActionsMenu label={label} onReport={() => report({ itemType, itemId })} />;
}

/** Report on a person's profile; none on the viewer's own. */
export function ReportPersonMenu({ person }: { person: { id: string; displayName: string } }) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  if (viewer?.id === person.id) return null;
  return (
    <ReportMenu
      label={t('reports:menu.personActions', { name: person.displayName })}
      itemType="users"
      itemId={person.id}
    />
  );
}

/**
 * A post's menu: its author edits and deletes it, anyone else reports it. One place, so every
 * post kind offers the same actions by the same rule (`canEdit` from the server).
 */
export function PostActionsMenu({
  label,
  post,
  itemType,
  onEdit,
  onDelete,
}: {
  label: string;
  post: { id: string; canEdit: boolean };
  itemType: ReportableType;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return post.canEdit ? (
    <AuthorActionsMenu label={label} onEdit={onEdit} onDelete={onDelete} />
  ) : (
    <ReportMenu label={label} itemType={itemType} itemId={post.id} />
  );
}
