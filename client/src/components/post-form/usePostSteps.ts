import { postDescriptionIssue, postTitleIssue } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../notify';

/**
 * What every post creation dialog (problem, solution, skill) keeps: the current step, the title
 * and description judged by the server's own rules, and the guards of Next and Publish. Errors
 * show once the person has tried to go past the form (Next on its step, or Publish) and then
 * follow their typing; leaving a field or an earlier step's Next shows none, so nothing moves
 * under the pointer of someone who has not typed yet.
 */
export function usePostSteps(options: {
  /** The step holding the title and description: Next stops there while they break a rule. */
  formStep: number;
  lastStep: number;
  /** The post being edited; null for a new one. */
  initial: { name: string; description: string } | null;
  /** Text kept from an earlier opening of the dialog (postDrafts). */
  draft?: { name?: string; description?: string } | null;
}) {
  const { t } = useTranslation();
  const saved = {
    name: options.initial?.name ?? '',
    description: options.initial?.description ?? '',
  };
  const [step, setStep] = useState(0);
  const [name, setName] = useState(options.draft?.name ?? saved.name);
  const [description, setDescription] = useState(options.draft?.description ?? saved.description);
  const [submitted, setSubmitted] = useState(false);

  const titleIssue = postTitleIssue(name);
  const descriptionIssue = postDescriptionIssue(description);
  const formValid = !titleIssue && !descriptionIssue;

  const next = () => {
    if (step === options.formStep) {
      setSubmitted(true);
      if (!formValid) return;
    }
    setStep((current) => Math.min(current + 1, options.lastStep));
  };

  /** True when the post may be sent; otherwise back to the form step, errors shown. */
  const readyToPublish = () => {
    setSubmitted(true);
    if (formValid) return true;
    setStep(options.formStep);
    return false;
  };

  return {
    step,
    setStep,
    name,
    setName,
    description,
    setDescription,
    /** The title or description differs from the saved post (or, new, is not empty). */
    dirty: name !== saved.name || description !== saved.description,
    titleError: submitted && titleIssue ? translateServerMessage(t, titleIssue) : null,
    descriptionError:
      submitted && descriptionIssue ? translateServerMessage(t, descriptionIssue) : null,
    next,
    readyToPublish,
  };
}
