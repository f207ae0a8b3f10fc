import {
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Stepper,
  Switch,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  GRAPH_TYPES,
  MAP_DESCRIPTION_MAX,
  MAP_DIALOG_WIDTH,
  MAP_TYPES,
  mapDescriptionPreview,
  type GraphType,
  type MapType,
} from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActiveSpace } from '../../app/useActiveSpace';
import { notifySuccess, translateServerMessage } from '../../components/notify';
import type { ProgressMapCardFragment } from '../../gql/graphql';
import { MapChips, MapTypeIcon, useMapLabels } from './MapBits';
import { mapPath } from './mapPaths';
import { notifyMapFailure } from './mapToasts';
import {
  LAST_WIZARD_STEP,
  NEW_MAP_VALUES,
  createInputOf,
  firstInvalidStep,
  stepErrors,
  updateInputOf,
  valuesOf,
  wizardErrors,
  type MapWizardValues,
} from './mapWizard';
import { useMapMutations } from './useMapMutations';

export interface MapWizardDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The map to update; none for a new one. */
  map?: ProgressMapCardFragment | null;
  /** A new recipe of this problem (New Recipe): a 2D graph map, its type fixed. */
  problemId?: string | null;
  /** Where a new map goes; the active space when not given. */
  spaceId?: string | null;
}

/**
 * The map creation dialog (spec 000 §2, §4): New Progress Map, Update Map, or New Recipe when a
 * problem is given; at most 500 wide. The form mounts on each opening, so closing resets it to a
 * public 2D graph with no name.
 */
export function MapWizardDialog({
  opened,
  onClose,
  map,
  problemId,
  spaceId,
}: MapWizardDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const title = map
    ? t('maps:wizard.titleUpdate')
    : problemId
      ? t('maps:wizard.titleRecipe')
      : t('maps:wizard.titleNew');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={MAP_DIALOG_WIDTH}
      fullScreen={fullScreen}
    >
      {opened ? (
        <MapWizard
          map={map ?? null}
          problemId={map ? map.problemId : (problemId ?? null)}
          spaceId={spaceId ?? null}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function MapWizard({
  map,
  problemId,
  spaceId,
  onDone,
}: {
  map: ProgressMapCardFragment | null;
  problemId: string | null;
  spaceId: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const active = useActiveSpace();
  const labels = useMapLabels();
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const { createMap, updateMap, saving } = useMapMutations();
  const [values, setValues] = useState<MapWizardValues>(() =>
    map ? valuesOf(map) : NEW_MAP_VALUES,
  );
  const [step, setStep] = useState(0);
  // Errors show for the steps whose Next (or Publish) was tried, then follow the typing.
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const recipe = problemId !== null;
  const typeFixed = map !== null || recipe;
  const set = (patch: Partial<MapWizardValues>) =>
    setValues((current) => ({ ...current, ...patch }));

  const errors = wizardErrors(values);
  const shown = (field: keyof typeof errors, onStep: number) =>
    checked.has(onStep) && errors[field] ? translateServerMessage(t, errors[field]) : undefined;

  const next = () => {
    setChecked((current) => new Set(current).add(step));
    if (Object.keys(stepErrors(step, values)).length > 0) return;
    setStep((current) => Math.min(current + 1, LAST_WIZARD_STEP));
  };

  const submit = async () => {
    const invalid = firstInvalidStep(values);
    if (invalid !== null) {
      setChecked(new Set([0, 1, 2]));
      setStep(invalid);
      return;
    }
    try {
      if (map) {
        await updateMap(map.id, updateInputOf(values, map.version));
        notifySuccess(map.problemId ? t('maps:toast.recipeUpdated') : t('maps:toast.updated'));
        onDone();
        return;
      }
      const created = await createMap(
        createInputOf(values, {
          spaceId: recipe ? null : (spaceId ?? active.spaceId),
          problemId,
        }),
      );
      notifySuccess(t('maps:toast.createdNamed', { name: created.name }));
      onDone();
      void navigate(mapPath(created));
    } catch (caught) {
      notifyMapFailure(
        map
          ? t('maps:toast.updateFailed')
          : recipe
            ? t('maps:toast.recipeFailed')
            : t('maps:toast.createFailed'),
        caught,
      );
    }
  };

  const stepTitles = [t('maps:wizard.step1'), t('maps:wizard.step2'), t('maps:wizard.step3')];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('maps:wizard.stepOf', { step: step + 1, total: LAST_WIZARD_STEP + 1 })}
        {narrow ? ` · ${stepTitles[step] ?? ''}` : ''}
      </Text>
      <Stepper
        active={step}
        onStepClick={(target) => (target < step ? setStep(target) : undefined)}
        size="sm"
      >
        <Stepper.Step label={narrow ? undefined : stepTitles[0]}>
          <Stack gap="md" pt="sm">
            <Radio.Group
              value={values.type}
              onChange={(type) => set({ type: type as MapType })}
              label={t('maps:wizard.typeLabel')}
              description={typeFixed ? t('maps:wizard.typeFixed') : undefined}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" pt="xs">
                {MAP_TYPES.map((type) => (
                  <Radio.Card
                    key={type}
                    value={type}
                    disabled={typeFixed && type !== values.type}
                    radius="md"
                    p="sm"
                    style={typeFixed && type !== values.type ? { opacity: 0.5 } : undefined}
                  >
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator />
                      <ThemeIcon variant="light" size="md">
                        <MapTypeIcon type={type} size={18} />
                      </ThemeIcon>
                      <Stack gap={2}>
                        <Text fw={600} size="sm">
                          {labels.types[type]}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {labels.typeHints[type]}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            {values.type === 'graph' ? (
              <Checkbox.Group
                value={values.graphTypes}
                onChange={(graphTypes) => set({ graphTypes: graphTypes as GraphType[] })}
                label={t('maps:wizard.graphTypesLabel')}
                description={recipe ? t('maps:wizard.recipeGraphType') : undefined}
                error={shown('graphTypes', 0)}
              >
                <Group gap="lg" pt={6}>
                  {GRAPH_TYPES.map((graphType) => (
                    <Checkbox
                      key={graphType}
                      value={graphType}
                      label={labels.graphTypes[graphType]}
                      disabled={recipe}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            ) : null}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={narrow ? undefined : stepTitles[1]}>
          <Stack gap="md" pt="sm">
            <TextInput
              label={t('maps:wizard.nameLabel')}
              placeholder={t('maps:wizard.namePlaceholder')}
              value={values.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
              error={shown('name', 1)}
              withAsterisk
              data-autofocus
            />
            <Textarea
              label={t('maps:wizard.descriptionLabel')}
              placeholder={t('maps:wizard.descriptionPlaceholder')}
              value={values.description}
              onChange={(event) => set({ description: event.currentTarget.value })}
              error={shown('description', 1)}
              description={t('maps:wizard.descriptionCount', {
                length: values.description.length,
                max: MAP_DESCRIPTION_MAX,
              })}
              autosize
              minRows={3}
              maxRows={8}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={narrow ? undefined : stepTitles[2]}>
          <Stack gap="md" pt="sm">
            <Card withBorder radius="md" padding="sm">
              <Stack gap={6}>
                <Group gap="xs" wrap="nowrap">
                  <MapTypeIcon type={values.type} />
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {values.name.trim()}
                  </Text>
                </Group>
                <MapChips
                  map={{
                    type: values.type,
                    graphTypes: values.type === 'graph' ? values.graphTypes : [],
                    isPrivate: values.isPrivate,
                  }}
                />
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {values.description.trim()
                    ? mapDescriptionPreview(values.description.trim())
                    : t('maps:card.noDescription')}
                </Text>
              </Stack>
            </Card>
            <Switch
              checked={values.isPrivate}
              onChange={(event) => set({ isPrivate: event.currentTarget.checked })}
              label={t('maps:wizard.private')}
              description={t('maps:wizard.privateHint')}
            />
            <Switch
              checked={values.copyEnabled}
              onChange={(event) => set({ copyEnabled: event.currentTarget.checked })}
              label={t('maps:wizard.copyEnabled')}
              description={t('maps:wizard.copyEnabledHint')}
            />
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
          {t('common:actions.back')}
        </Button>
        {step < LAST_WIZARD_STEP ? (
          <Button onClick={next}>{t('maps:wizard.next')}</Button>
        ) : (
          <Button loading={saving} onClick={() => void submit()}>
            {map ? t('maps:wizard.update') : t('maps:wizard.publish')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
