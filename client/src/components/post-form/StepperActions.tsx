import { Button, Group } from '@mantine/core';

/** The button row under a post form's stepper: Cancel or Back, then Next or the submit button. */
export function StepperActions({
  step,
  lastStep,
  onCancel,
  onBack,
  onNext,
  onSubmit,
  saving,
  cancelLabel,
  backLabel,
  nextLabel,
  submitLabel,
  waitingLabel = null,
}: {
  step: number;
  lastStep: number;
  onCancel: () => void;
  onBack: () => void;
  onNext: () => void;
  onSubmit: () => void;
  saving: boolean;
  cancelLabel: string;
  backLabel: string;
  nextLabel: string;
  submitLabel: string;
  /** Set while attachments still upload: the submit button waits and says so. */
  waitingLabel?: string | null;
}) {
  return (
    <Group justify="space-between">
      {step === 0 ? (
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
      ) : (
        <Button variant="default" onClick={onBack}>
          {backLabel}
        </Button>
      )}
      {step < lastStep ? (
        <Button onClick={onNext}>{nextLabel}</Button>
      ) : (
        <Button loading={saving} disabled={waitingLabel !== null} onClick={onSubmit}>
          {waitingLabel ?? submitLabel}
        </Button>
      )}
    </Group>
  );
}
