import { postDescriptionIssue, postTitleIssue } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../notify';

/**
 * What every post creation dialog (problem, solution, skill) keeps: the current step, the title
 * and description judged by the server's own rules, and the guards of Next and Publish. Errors
 * show once the person has tried to go on (or left the title), as the spec's steppers do.
 */
export function usePostSteps(options: {
  /** The step holding the title and description: Next stops there while they break a rule. */
  formStep: number;
  lastStep: number;
  initial: { name: string; description: string } | null;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [name, setName] = useState(options.initial?.name ?? '');
  const [description, setDescription] = useState(options.initial?.description ?? '');
  const [touched, setTouched] = useState(false);

  const titleIssue = postTitleIssue(name);
  const descriptionIssue = postDescriptionIssue(description);
  const formValid = !titleIssue && !descriptionIssue;

  const next = () => {
    setTouched(true);
    if (step === options.formStep && !formValid) return;
    setStep((current) => Math.min(current + 1, options.lastStep));
  };

  /** True when the post may be sent; otherwise back to the form step, errors shown. */
  const readyToPublish = () => {
    if (formValid) return true;
    setStep(options.formStep);
    setTouched(true);
    return false;
  };

  return {
    step,
    setStep,
    name,
    setName,
    description,
    setDescription,
    touch: () => setTouched(true),
    titleError: touched && titleIssue ? translateServerMessage(t, titleIssue) : null,
    descriptionError:
      touched && descriptionIssue ? translateServerMessage(t, descriptionIssue) : null,
    next,
    readyToPublish,
  };
}
