// A 3D layer's fields (spec 000 §3 Layer) in General, Text and Axis tabs, checked with the
// server's own schema (mapLayerSchema) and its messages; the first tab with a problem opens.
import {
  Button,
  ColorInput,
  Group,
  NumberInput,
  Select,
  Slider,
  Stack,
  Switch,
  Tabs,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import {
  LAYER_FONT_SIZE_MAX,
  LAYER_FONT_SIZE_MIN,
  LAYER_NAME_MAX,
  LAYER_TAGS_MAX,
  LAYER_TEXT_POSITIONS,
  LAYER_TICKS_MIN,
  mapLayerSchema,
  type MapLayer,
} from '@rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from './words';
import { EditorModal } from './EditorModal';

type Tab = 'general' | 'text' | 'axis';
const GENERAL_FIELDS = new Set([
  'name',
  'show',
  'color',
  'filterTags',
  'opacity',
  'transparent',
  'wireframe',
]);
const TEXT_FIELDS = new Set(['showTextName', 'textPosition', 'textFontSize']);

/** The tab a field of a layer is on. */
export const layerTabOf = (field: string): Tab =>
  GENERAL_FIELDS.has(field) ? 'general' : TEXT_FIELDS.has(field) ? 'text' : 'axis';

/** The layer's problems by field, in the reader's language (the first per field). */
export function layerErrors(
  layer: MapLayer,
  translate: (message: string) => string,
): Record<string, string> {
  const parsed = mapLayerSchema.safeParse(layer);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    errors[field] ??= translate(issue.message);
  }
  return errors;
}

export function LayerDialog({
  layer,
  adding,
  tagSuggestions,
  onSave,
  onClose,
}: {
  /** The layer edited (or a new one); null closes the dialog. */
  layer: MapLayer | null;
  adding: boolean;
  tagSuggestions: string[];
  onSave: (layer: MapLayer) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <EditorModal
      opened={layer !== null}
      onClose={onClose}
      title={adding ? t('mapEditor:layer.addTitle') : t('mapEditor:layer.editTitle')}
    >
      {layer ? (
        <LayerForm
          key={layer.id}
          layer={layer}
          tagSuggestions={tagSuggestions}
          onSave={onSave}
          onClose={onClose}
        />
      ) : null}
    </EditorModal>
  );
}

function LayerForm({
  layer,
  tagSuggestions,
  onSave,
  onClose,
}: {
  layer: MapLayer;
  tagSuggestions: string[];
  onSave: (layer: MapLayer) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<MapLayer>(layer);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<Tab>('general');
  const set = <K extends keyof MapLayer>(key: K, value: MapLayer[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const whole = (value: string | number) => (typeof value === 'number' ? value : NaN);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = layerErrors(fields, (message) => fieldMessage(t, message));
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      setTab(layerTabOf(first));
      return;
    }
    const parsed = mapLayerSchema.parse(fields);
    onSave({ ...fields, ...parsed });
  };

  const positionLabels: Record<MapLayer['textPosition'], string> = {
    center: t('mapEditor:layer.positions.center'),
    topLeft: t('mapEditor:layer.positions.topLeft'),
    topRight: t('mapEditor:layer.positions.topRight'),
    bottomLeft: t('mapEditor:layer.positions.bottomLeft'),
    bottomRight: t('mapEditor:layer.positions.bottomRight'),
  };

  return (
    <form onSubmit={submit} noValidate>
      <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'general')}>
        <Tabs.List>
          <Tabs.Tab value="general">{t('mapEditor:layer.tabs.general')}</Tabs.Tab>
          <Tabs.Tab value="text">{t('mapEditor:layer.tabs.text')}</Tabs.Tab>
          <Tabs.Tab value="axis">{t('mapEditor:layer.tabs.axis')}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="general" pt="sm">
          <Stack gap="sm">
            <TextInput
              label={t('mapEditor:layer.name')}
              description={t('mapEditor:layer.nameHint', { max: LAYER_NAME_MAX })}
              value={fields.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={errors.name}
              required
              data-autofocus
            />
            <Switch
              label={t('mapEditor:layer.show')}
              checked={fields.show}
              onChange={(event) => set('show', event.currentTarget.checked)}
            />
            <ColorInput
              label={t('mapEditor:layer.color')}
              value={fields.color}
              onChange={(value) => set('color', value)}
              error={errors.color}
            />
            <TagsInput
              label={t('mapEditor:layer.filterTags')}
              description={t('mapEditor:layer.filterTagsHint', { max: LAYER_TAGS_MAX })}
              data={tagSuggestions}
              value={fields.filterTags}
              onChange={(tags) => set('filterTags', tags)}
              error={errors.filterTags}
              clearable
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="layer-opacity">
                {t('mapEditor:layer.opacity')}
              </Text>
              <Slider
                aria-labelledby="layer-opacity"
                min={0}
                max={1}
                step={0.1}
                value={fields.opacity}
                onChange={(value) => set('opacity', value)}
                marks={[
                  { value: 0, label: '0' },
                  { value: 0.5, label: '0.5' },
                  { value: 1, label: '1' },
                ]}
                mb="md"
              />
            </Stack>
            <Group>
              <Switch
                label={t('mapEditor:layer.transparent')}
                checked={fields.transparent}
                onChange={(event) => set('transparent', event.currentTarget.checked)}
              />
              <Switch
                label={t('mapEditor:layer.wireframe')}
                checked={fields.wireframe}
                onChange={(event) => set('wireframe', event.currentTarget.checked)}
              />
            </Group>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="text" pt="sm">
          <Stack gap="sm">
            <Switch
              label={t('mapEditor:layer.showTextName')}
              checked={fields.showTextName}
              onChange={(event) => set('showTextName', event.currentTarget.checked)}
            />
            <Select
              label={t('mapEditor:layer.textPosition')}
              data={LAYER_TEXT_POSITIONS.map((value) => ({ value, label: positionLabels[value] }))}
              value={fields.textPosition}
              allowDeselect={false}
              onChange={(value) => value && set('textPosition', value as MapLayer['textPosition'])}
            />
            <NumberInput
              label={t('mapEditor:layer.textFontSize')}
              min={LAYER_FONT_SIZE_MIN}
              max={LAYER_FONT_SIZE_MAX}
              value={Number.isNaN(fields.textFontSize) ? '' : fields.textFontSize}
              onChange={(value) => set('textFontSize', whole(value))}
              error={errors.textFontSize}
            />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="axis" pt="sm">
          <Stack gap="sm">
            <Group>
              <Switch
                label={t('mapEditor:layer.enableAxis')}
                checked={fields.enableAxis}
                onChange={(event) => set('enableAxis', event.currentTarget.checked)}
              />
              <Switch
                label={t('mapEditor:layer.enableVerticalLines')}
                checked={fields.enableVerticalLines}
                onChange={(event) => set('enableVerticalLines', event.currentTarget.checked)}
              />
            </Group>
            <Group grow align="flex-start">
              <TextInput
                label={t('mapEditor:layer.xAxisLabel')}
                value={fields.xAxisLabel}
                onChange={(event) => set('xAxisLabel', event.currentTarget.value)}
                error={errors.xAxisLabel}
              />
              <TextInput
                label={t('mapEditor:layer.yAxisLabel')}
                value={fields.yAxisLabel}
                onChange={(event) => set('yAxisLabel', event.currentTarget.value)}
                error={errors.yAxisLabel}
              />
            </Group>
            <Switch
              label={t('mapEditor:layer.xAxisUseDateRange')}
              checked={fields.xAxisUseDateRange}
              onChange={(event) => set('xAxisUseDateRange', event.currentTarget.checked)}
            />
            {fields.xAxisUseDateRange ? (
              <Group grow align="flex-start">
                <TextInput
                  type="date"
                  label={t('mapEditor:layer.xAxisStartDate')}
                  value={fields.xAxisStartDate}
                  onChange={(event) => set('xAxisStartDate', event.currentTarget.value)}
                  error={errors.xAxisStartDate}
                />
                <TextInput
                  type="date"
                  label={t('mapEditor:layer.xAxisEndDate')}
                  value={fields.xAxisEndDate}
                  onChange={(event) => set('xAxisEndDate', event.currentTarget.value)}
                  error={errors.xAxisEndDate}
                />
              </Group>
            ) : (
              <TextInput
                label={t('mapEditor:layer.xAxisValues')}
                description={t('mapEditor:layer.valuesHint')}
                value={fields.xAxisValues}
                onChange={(event) => set('xAxisValues', event.currentTarget.value)}
                error={errors.xAxisValues}
              />
            )}
            <NumberInput
              label={t('mapEditor:layer.xAxisNumTicks')}
              min={LAYER_TICKS_MIN}
              value={Number.isNaN(fields.xAxisNumTicks) ? '' : fields.xAxisNumTicks}
              onChange={(value) => set('xAxisNumTicks', whole(value))}
              error={errors.xAxisNumTicks}
            />
            <Switch
              label={t('mapEditor:layer.yAxisUseRange')}
              checked={fields.yAxisUseRange}
              onChange={(event) => set('yAxisUseRange', event.currentTarget.checked)}
            />
            {fields.yAxisUseRange ? (
              <Group grow align="flex-start">
                <NumberInput
                  label={t('mapEditor:layer.yAxisStartValue')}
                  value={Number.isNaN(fields.yAxisStartValue) ? '' : fields.yAxisStartValue}
                  onChange={(value) => set('yAxisStartValue', whole(value))}
                  error={errors.yAxisStartValue}
                />
                <NumberInput
                  label={t('mapEditor:layer.yAxisEndValue')}
                  value={Number.isNaN(fields.yAxisEndValue) ? '' : fields.yAxisEndValue}
                  onChange={(value) => set('yAxisEndValue', whole(value))}
                  error={errors.yAxisEndValue}
                />
              </Group>
            ) : (
              <TextInput
                label={t('mapEditor:layer.yAxisValues')}
                description={t('mapEditor:layer.valuesHint')}
                value={fields.yAxisValues}
                onChange={(event) => set('yAxisValues', event.currentTarget.value)}
                error={errors.yAxisValues}
              />
            )}
            <NumberInput
              label={t('mapEditor:layer.yAxisNumTicks')}
              min={LAYER_TICKS_MIN}
              value={Number.isNaN(fields.yAxisNumTicks) ? '' : fields.yAxisNumTicks}
              onChange={(value) => set('yAxisNumTicks', whole(value))}
              error={errors.yAxisNumTicks}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit">{t('mapEditor:layer.save')}</Button>
      </Group>
    </form>
  );
}
