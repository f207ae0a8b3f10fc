import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify';
import { JoinSkillDocument, LeaveSkillDocument, type SkillCardFragment } from '../../gql/graphql';
import { useRequireSignIn } from '../auth';
import { SKILL_LIST_QUERIES } from './skillQueries';

/** Join or leave a skill (signed out, the login box opens instead). */
export function useJoinSkill() {
  const { t } = useTranslation();
  const requireSignIn = useRequireSignIn();
  const [join, joining] = useMutation(JoinSkillDocument, {
    refetchQueries: SKILL_LIST_QUERIES,
  });
  const [leave, leaving] = useMutation(LeaveSkillDocument, {
    refetchQueries: SKILL_LIST_QUERIES,
  });
  const toggle = (skill: SkillCardFragment) =>
    requireSignIn(() => {
      const run = async () => {
        try {
          if (skill.joined) {
            await leave({ variables: { id: skill.id } });
            notifySuccess(t('skills:toast.left'));
          } else {
            await join({ variables: { id: skill.id } });
            notifySuccess(t('skills:toast.joined'));
          }
        } catch (caught) {
          notifyError(caught);
        }
      };
      void run();
    });
  return { toggle, busy: joining.loading || leaving.loading };
}
