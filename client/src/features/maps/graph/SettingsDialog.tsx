// Map Settings (spec 000 §2): 2D Settings; for a map with a 3D view also 3D Settings and the 3D
// Layers table. Every change shows at once on the canvas and is a step of undo (a field's burst of
// changes one step); nothing is saved until Save.
import { ColorInput, NumberInput, Stack, Switch, Tabs, Text } from '@mantine/core';
import { MAP_DIALOG_WIDTH, type MapLayer, type MapSettings } from '@rules';
import { useTranslation } from 'react-i18next';
import { LayersEditor } from './LayersEditor';
import { EditorModal } from './EditorModal';

/** The settings form's limits (mapSettingsSchema's). */
const NODE_FONT_RANGE = { min: 4, max: 48 };
const NODE_SIZE_RANGE = { min: 2, max: 100 };

type SettingsChange = (patch: Partial<MapSettings>, mergeKey?: string) => void;

interface SettingsFieldsProps {
  settings: MapSettings;
  onChange: SettingsChange;
}

/** A setting that is on or off. */
type SwitchSetting =
  | 'customBackgroundColor'
  | 'showLinkLabels'
  | 'showParticipants'
  | 'showSpaceSolutions'
  | 'showTags';

function SettingSwitch({
  settings,
  onChange,
  setting,
  label,
  description,
}: SettingsFieldsProps & { setting: SwitchSetting; label: string; description?: string }) {
  return (
    <Switch
      label={label}
      description={description}
      checked={settings[setting]}
      onChange={(event) => onChange({ [setting]: event.currentTarget.checked })}
    />
  );
}

function BackgroundFields(fields: SettingsFieldsProps) {
  const { t } = useTranslation();
  const { settings, onChange } = fields;
  return (
    <>
      <SettingSwitch
        {...fields}
        setting="customBackgroundColor"
        label={t('mapEditor:settings.customBackground')}
      />
      <ColorInput
        label={t('mapEditor:settings.backgroundColor')}
        value={settings.backgroundColor}
        disabled={!settings.customBackgroundColor}
        onChange={(value) => onChange({ backgroundColor: value }, 'settings.backgroundColor')}
      />
    </>
  );
}

function ShownFields(fields: SettingsFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <SettingSwitch
        {...fields}
        setting="showLinkLabels"
        label={t('mapEditor:settings.showLinkLabels')}
      />
      <SettingSwitch
        {...fields}
        setting="showParticipants"
        label={t('mapEditor:settings.showParticipants')}
        description={t('mapEditor:settings.showParticipantsHint')}
      />
      <SettingSwitch
        {...fields}
        setting="showSpaceSolutions"
        label={t('mapEditor:settings.showSpaceSolutions')}
      />
      <SettingSwitch {...fields} setting="showTags" label={t('mapEditor:settings.showTags')} />
    </>
  );
}

export function SettingsDialog({
  opened,
  settings,
  layers,
  with3d,
  tagSuggestions,
  onChange,
  onLayers,
  onClose,
}: {
  opened: boolean;
  settings: MapSettings;
  layers: MapLayer[];
  /** The map has a 3D view: its settings and layers are offered. */
  with3d: boolean;
  tagSuggestions: string[];
  onChange: SettingsChange;
  onLayers: (layers: MapLayer[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const number =
    (key: 'nodeFontSize' | 'nodeSize', range: { min: number; max: number }) =>
    (value: string | number) => {
      if (typeof value !== 'number' || value < range.min || value > range.max) return;
      onChange({ [key]: value }, `settings.${key}`);
    };
  return (
    <EditorModal
      opened={opened}
      onClose={onClose}
      title={t('mapEditor:settings.title')}
      size={with3d ? 720 : MAP_DIALOG_WIDTH}
    >
      <Tabs defaultValue="2d" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="2d">{t('mapEditor:settings.tabs.2d')}</Tabs.Tab>
          {with3d ? <Tabs.Tab value="3d">{t('mapEditor:settings.tabs.3d')}</Tabs.Tab> : null}
          {with3d ? (
            <Tabs.Tab value="layers">{t('mapEditor:settings.tabs.layers')}</Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="2d" pt="md">
          <Stack gap="sm">
            <BackgroundFields settings={settings} onChange={onChange} />
            <ShownFields settings={settings} onChange={onChange} />
            <NumberInput
              label={t('mapEditor:settings.nodeFontSize')}
              value={settings.nodeFontSize}
              {...NODE_FONT_RANGE}
              onChange={number('nodeFontSize', NODE_FONT_RANGE)}
            />
            <NumberInput
              label={t('mapEditor:settings.nodeSize')}
              value={settings.nodeSize}
              {...NODE_SIZE_RANGE}
              onChange={number('nodeSize', NODE_SIZE_RANGE)}
            />
          </Stack>
        </Tabs.Panel>
        {with3d ? (
          <Tabs.Panel value="3d" pt="md">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('mapEditor:settings.shared')}
              </Text>
              <BackgroundFields settings={settings} onChange={onChange} />
              <ShownFields settings={settings} onChange={onChange} />
            </Stack>
          </Tabs.Panel>
        ) : null}
        {with3d ? (
          <Tabs.Panel value="layers" pt="md">
            <LayersEditor layers={layers} tagSuggestions={tagSuggestions} onChange={onLayers} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </EditorModal>
  );
}
