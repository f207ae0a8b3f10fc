// The link edit dialog (spec 000 §2): Label, Line and Arrow tabs over the link's whole style. The
// link keeps only what differs from its type's defaults (per-link overrides), so a change of type
// carries over what the person set and takes the new type's colours for the rest.
import {
  Button,
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Slider,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  ARROW_LENGTH_MAX,
  LINK_CURVATURE_TEXT_MAX,
  LINK_DESCRIPTION_MAX,
  LINK_FONT_SIZE_MAX,
  LINK_FONT_SIZE_MIN,
  LINK_LABEL_MAX,
  LINK_RELATIONSHIPS,
  LINK_TYPE_STYLES,
  LINK_WIDTH_MAX,
  LINK_WIDTH_MIN,
  PARTICLE_COUNT_MAX,
  linkStyleOf,
  linkStyleSchema,
  type LinkType,
  type MapLink,
  type MapLinkStyle,
} from '@rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { overridesOf, restyle } from './mapDraft';
import { fieldMessage, OVER_DIALOG_Z, useLinkTypeLabels } from './words';
import { EditorModal } from './EditorModal';

type Particles = MapLinkStyle['particles'];

/** Dropdowns above the dialog, which stacks above the MapEditor. */
const DROPDOWN = { zIndex: OVER_DIALOG_Z + 10 };

type Tab = 'label' | 'line' | 'arrow';
const TAB_OF: Partial<Record<keyof MapLinkStyle | 'label' | 'description', Tab>> = {
  label: 'label',
  description: 'label',
  fontColor: 'label',
  fontBgColor: 'label',
  fontSize: 'label',
  arrowEnabled: 'arrow',
  arrowLength: 'arrow',
  arrowColor: 'arrow',
  arrowPosition: 'arrow',
};

export function LinkDialog({
  link,
  cldsEnabled,
  nodeLabel,
  onSave,
  onDelete,
  onClose,
}: {
  /** The link edited; null closes the dialog. */
  link: MapLink | null;
  cldsEnabled: boolean;
  nodeLabel: (key: string) => string;
  onSave: (link: MapLink) => void;
  onDelete: (id: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <EditorModal
      opened={link !== null}
      onClose={onClose}
      title={t('mapEditor:link.title')}
      zIndex={OVER_DIALOG_Z}
    >
      {link ? (
        <LinkForm
          key={link.id}
          link={link}
          cldsEnabled={cldsEnabled}
          nodeLabel={nodeLabel}
          onSave={onSave}
          onDelete={onDelete}
          onClose={onClose}
        />
      ) : null}
    </EditorModal>
  );
}

function LinkForm({
  link,
  cldsEnabled,
  nodeLabel,
  onSave,
  onDelete,
  onClose,
}: {
  link: MapLink;
  cldsEnabled: boolean;
  nodeLabel: (key: string) => string;
  onSave: (link: MapLink) => void;
  onDelete: (id: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const typeLabels = useLinkTypeLabels();
  const [type, setType] = useState<LinkType>(link.type);
  const [label, setLabel] = useState(link.label);
  const [description, setDescription] = useState(link.description);
  const [style, setStyle] = useState<MapLinkStyle>(() => linkStyleOf(link));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<Tab>('label');

  const set = <K extends keyof MapLinkStyle>(key: K, value: MapLinkStyle[K]) =>
    setStyle((current) => ({ ...current, [key]: value }));
  /** One of the style's colours, labelled by its key, with its error. */
  const colorField = (key: 'color' | 'fontColor' | 'fontBgColor' | 'arrowColor') => (
    <ColorInput
      popoverProps={DROPDOWN}
      label={t(`mapEditor:link.${key}`)}
      value={style[key]}
      onChange={(value) => set(key, value)}
      error={errors[key]}
    />
  );
  const setParticles = <K extends keyof Particles>(key: K, value: Particles[K]) =>
    setStyle((current) => ({ ...current, particles: { ...current.particles, [key]: value } }));

  const types = (['straight', 'curved', 'cld+', 'cld-'] as const).filter(
    (option) => cldsEnabled || !option.startsWith('cld') || option === link.type,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const parsed = linkStyleSchema.safeParse(style);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.');
        next[field] ??= fieldMessage(t, issue.message);
      }
    }
    if (label.trim().length > LINK_LABEL_MAX)
      next.label = t('mapEditor:link.labelMax', { max: LINK_LABEL_MAX });
    if (description.trim().length > LINK_DESCRIPTION_MAX)
      next.description = t('mapEditor:link.descriptionMax', { max: LINK_DESCRIPTION_MAX });
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) {
      setTab(TAB_OF[first.split('.')[0] as keyof MapLinkStyle] ?? 'line');
      return;
    }
    onSave({
      ...link,
      type,
      label: label.trim(),
      description: description.trim(),
      style: overridesOf(style, type),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('mapEditor:link.between', {
            source: nodeLabel(link.source),
            target: nodeLabel(link.target),
          })}
        </Text>
        <Select
          comboboxProps={DROPDOWN}
          label={t('mapEditor:link.type')}
          data={types.map((value) => ({ value, label: typeLabels[value] }))}
          value={type}
          allowDeselect={false}
          onChange={(value) => {
            if (!value || value === type) return;
            setStyle((current) => restyle(current, type, value as LinkType));
            setType(value as LinkType);
          }}
        />
        <Tabs
          value={tab}
          onChange={(value) => setTab((value as Tab | null) ?? 'label')}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="label">{t('mapEditor:link.tabs.label')}</Tabs.Tab>
            <Tabs.Tab value="line">{t('mapEditor:link.tabs.line')}</Tabs.Tab>
            <Tabs.Tab value="arrow">{t('mapEditor:link.tabs.arrow')}</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="label" pt="sm">
            <Stack gap="sm">
              <TextInput
                label={t('mapEditor:link.name')}
                value={label}
                onChange={(event) => setLabel(event.currentTarget.value)}
                error={errors.label}
                data-autofocus
              />
              <Textarea
                label={t('mapEditor:link.description')}
                value={description}
                onChange={(event) => setDescription(event.currentTarget.value)}
                error={errors.description}
                autosize
                minRows={2}
                maxRows={6}
              />
              <Group grow>
                {colorField('fontColor')}
                {colorField('fontBgColor')}
              </Group>
              <NumberInput
                label={t('mapEditor:link.fontSize')}
                value={style.fontSize}
                min={LINK_FONT_SIZE_MIN}
                max={LINK_FONT_SIZE_MAX}
                onChange={(value) => set('fontSize', typeof value === 'number' ? value : NaN)}
                error={errors.fontSize}
              />
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="line" pt="sm">
            <Stack gap="sm">
              <Group grow align="flex-start">
                {colorField('color')}
                <NumberInput
                  label={t('mapEditor:link.width')}
                  value={Number.isNaN(style.width) ? '' : style.width}
                  min={LINK_WIDTH_MIN}
                  max={LINK_WIDTH_MAX}
                  step={0.5}
                  onChange={(value) => set('width', typeof value === 'number' ? value : NaN)}
                  error={errors.width}
                />
              </Group>
              <Group grow align="flex-start">
                <Switch
                  label={t('mapEditor:link.dashed')}
                  checked={style.dashed}
                  onChange={(event) => set('dashed', event.currentTarget.checked)}
                  mt="xs"
                />
                <TextInput
                  label={t('mapEditor:link.dashPattern')}
                  value={style.dashPattern}
                  disabled={!style.dashed}
                  onChange={(event) => set('dashPattern', event.currentTarget.value)}
                  error={errors.dashPattern}
                />
              </Group>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('mapEditor:link.curvatureType')}
                </Text>
                <SegmentedControl
                  fullWidth
                  value={style.curvatureType}
                  onChange={(value) => set('curvatureType', value as MapLinkStyle['curvatureType'])}
                  data={[
                    { value: 'clockwise', label: t('mapEditor:link.clockwise') },
                    { value: 'counterClockwise', label: t('mapEditor:link.counterClockwise') },
                    { value: 'straight', label: t('mapEditor:link.straightCurve') },
                  ]}
                />
              </Stack>
              <TextInput
                label={t('mapEditor:link.curvature')}
                description={t('mapEditor:link.curvatureHint', { max: LINK_CURVATURE_TEXT_MAX })}
                value={style.curvature}
                onChange={(event) => set('curvature', event.currentTarget.value)}
                error={errors.curvature}
                disabled={style.curvatureType === 'straight'}
              />
              <Select
                comboboxProps={DROPDOWN}
                label={t('mapEditor:link.relationship')}
                data={LINK_RELATIONSHIPS.map((value) => ({
                  value,
                  label:
                    value === 'same'
                      ? t('mapEditor:link.relationships.same')
                      : value === 'opposite'
                        ? t('mapEditor:link.relationships.opposite')
                        : t('mapEditor:link.relationships.undefined'),
                }))}
                value={style.relationship}
                allowDeselect={false}
                onChange={(value) =>
                  value && set('relationship', value as MapLinkStyle['relationship'])
                }
              />
              <Switch
                label={t('mapEditor:link.visible')}
                checked={style.visible}
                onChange={(event) => set('visible', event.currentTarget.checked)}
              />
              <Switch
                label={t('mapEditor:link.particles')}
                checked={style.particles.enabled}
                onChange={(event) => setParticles('enabled', event.currentTarget.checked)}
              />
              {style.particles.enabled ? (
                <Group grow align="flex-start">
                  <NumberInput
                    label={t('mapEditor:link.particleCount')}
                    value={style.particles.count}
                    min={0}
                    max={PARTICLE_COUNT_MAX}
                    onChange={(value) =>
                      setParticles('count', typeof value === 'number' ? value : NaN)
                    }
                    error={errors['particles.count']}
                  />
                  <NumberInput
                    label={t('mapEditor:link.particleSize')}
                    value={style.particles.size}
                    min={0}
                    max={20}
                    onChange={(value) =>
                      setParticles('size', typeof value === 'number' ? value : NaN)
                    }
                    error={errors['particles.size']}
                  />
                  <ColorInput
                    popoverProps={DROPDOWN}
                    label={t('mapEditor:link.particleColor')}
                    value={style.particles.color}
                    onChange={(value) => setParticles('color', value)}
                  />
                </Group>
              ) : null}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="arrow" pt="sm">
            <Stack gap="sm">
              <Switch
                label={t('mapEditor:link.arrowEnabled')}
                checked={style.arrowEnabled}
                onChange={(event) => set('arrowEnabled', event.currentTarget.checked)}
              />
              <Group grow align="flex-start">
                <NumberInput
                  label={t('mapEditor:link.arrowLength')}
                  value={style.arrowLength}
                  min={0}
                  max={ARROW_LENGTH_MAX}
                  onChange={(value) => set('arrowLength', typeof value === 'number' ? value : NaN)}
                  error={errors.arrowLength}
                />
                {colorField('arrowColor')}
              </Group>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="link-arrow-position">
                  {t('mapEditor:link.arrowPosition')}
                </Text>
                <Slider
                  aria-labelledby="link-arrow-position"
                  min={0}
                  max={1}
                  step={0.05}
                  value={style.arrowPosition}
                  onChange={(value) => set('arrowPosition', value)}
                  marks={[
                    { value: 0, label: '0' },
                    { value: 0.5, label: '0.5' },
                    { value: 1, label: '1' },
                  ]}
                  mb="md"
                />
                {errors.arrowPosition ? (
                  <Text size="xs" c="red">
                    {errors.arrowPosition}
                  </Text>
                ) : null}
              </Stack>
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Group justify="space-between" mt="sm">
          <Group gap="xs">
            <Button variant="subtle" color="red" onClick={() => onDelete(link.id)}>
              {t('mapEditor:link.delete')}
            </Button>
            <Button variant="subtle" onClick={() => setStyle(LINK_TYPE_STYLES[type])}>
              {t('mapEditor:link.reset')}
            </Button>
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit">{t('mapEditor:link.save')}</Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
