import { MAP_MESSAGES } from '@rules';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess, translateServerMessage } from '../../components/notify';
import { importIssue } from './mapImport';
import { mapPath } from './mapPaths';
import { notifyMapFailure, notifyMapRefusal } from './mapToasts';
import { useMapMutations } from './useMapMutations';

/**
 * New map from file: the JSON a map's export wrote, checked here with the server's own schema
 * (the same messages, with the field), then `importProgressMap`; the new map opens.
 */
export function useMapImport(place: { spaceId?: string | null; problemId?: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { importMap, importing } = useMapMutations();

  const refuse = (field: string, message: string) => {
    const reason = translateServerMessage(t, message);
    notifyMapRefusal(
      t('maps:toast.createFailed'),
      field ? t('maps:errorAt', { field, message: reason }) : reason,
    );
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    let data: unknown;
    try {
      data = JSON.parse(await file.text());
    } catch {
      refuse('', MAP_MESSAGES.importInvalid);
      return;
    }
    const issue = importIssue(data);
    if (issue) {
      refuse(issue.field, issue.message);
      return;
    }
    try {
      const created = await importMap(data as Record<string, unknown>, place);
      notifySuccess(t('maps:toast.created'));
      void navigate(mapPath(created));
    } catch (caught) {
      notifyMapFailure(t('maps:toast.createFailed'), caught);
    }
  };

  return { importFile, importing };
}
