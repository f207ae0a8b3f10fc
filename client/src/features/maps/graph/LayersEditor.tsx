// The 3D Layers table editor (spec 000 §2, §4): add, edit (General, Text and Axis tabs), delete
// after confirmation, and reorder by dragging a row (or with the move buttons, from the keyboard).
// A node sits on the first layer whose filter tags it has, so the order matters.
import { Badge, Button, ColorSwatch, Group, Stack, Table, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconEye,
  IconEyeOff,
  IconGripVertical,
  IconPlus,
} from '@tabler/icons-react';
import { MAP_LAYERS_MAX, newLayer, type MapLayer } from '@rules';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LayerDialog } from './LayerDialog';
import { moveLayer } from './layers3d';
import { EditDeleteActions, RowAction } from './RowActions';

const newLayerId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `layer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function LayersEditor({
  layers,
  tagSuggestions,
  onChange,
}: {
  layers: MapLayer[];
  tagSuggestions: string[];
  onChange: (layers: MapLayer[]) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<MapLayer | null>(null);
  const [adding, setAdding] = useState(false);
  const [doomed, setDoomed] = useState<MapLayer | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);

  const save = (layer: MapLayer) => {
    onChange(
      adding ? [...layers, layer] : layers.map((old) => (old.id === layer.id ? layer : old)),
    );
    setEditing(null);
    setAdding(false);
  };

  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) onChange(moveLayer(layers, dragged, index));
    setDragged(null);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('mapEditor:layers.explain')}
        </Text>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={layers.length >= MAP_LAYERS_MAX}
          onClick={() => {
            setAdding(true);
            setEditing(
              newLayer(newLayerId(), t('mapEditor:layers.newName', { number: layers.length + 1 })),
            );
          }}
        >
          {t('mapEditor:layers.add')}
        </Button>
      </Group>
      {layers.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('mapEditor:layers.empty')}
        </Text>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>
                <Text span size="sm" fw={700}>
                  {t('mapEditor:layers.order')}
                </Text>
              </Table.Th>
              <Table.Th>{t('mapEditor:layer.name')}</Table.Th>
              <Table.Th>{t('mapEditor:layer.filterTags')}</Table.Th>
              <Table.Th>{t('mapEditor:layers.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {layers.map((layer, index) => (
              <Table.Tr
                key={layer.id}
                draggable
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', layer.id);
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => drop(event, index)}
                onDragEnd={() => setDragged(null)}
                style={{ opacity: dragged === index ? 0.5 : 1, cursor: 'grab' }}
              >
                <Table.Td>
                  <IconGripVertical size={16} aria-hidden />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={layer.color} size={16} aria-hidden />
                    <Text size="sm" fw={500}>
                      {layer.name}
                    </Text>
                    {layer.show ? null : (
                      <Badge
                        size="xs"
                        variant="light"
                        color="gray"
                        leftSection={<IconEyeOff size={10} />}
                      >
                        {t('mapEditor:layers.hidden')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {layer.filterTags.map((tag) => (
                      <Badge key={tag} size="xs" variant="light">
                        #{tag}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <RowAction
                      tooltip={t('mapEditor:layers.up')}
                      label={t('mapEditor:layers.upNamed', { name: layer.name })}
                      disabled={index === 0}
                      onClick={() => onChange(moveLayer(layers, index, index - 1))}
                    >
                      <IconArrowUp size={16} />
                    </RowAction>
                    <RowAction
                      tooltip={t('mapEditor:layers.down')}
                      label={t('mapEditor:layers.downNamed', { name: layer.name })}
                      disabled={index === layers.length - 1}
                      onClick={() => onChange(moveLayer(layers, index, index + 1))}
                    >
                      <IconArrowDown size={16} />
                    </RowAction>
                    <RowAction
                      tooltip={layer.show ? t('mapEditor:layers.hide') : t('mapEditor:layers.show')}
                      label={
                        layer.show
                          ? t('mapEditor:layers.hideNamed', { name: layer.name })
                          : t('mapEditor:layers.showNamed', { name: layer.name })
                      }
                      onClick={() =>
                        onChange(
                          layers.map((old) =>
                            old.id === layer.id ? { ...old, show: !old.show } : old,
                          ),
                        )
                      }
                    >
                      {layer.show ? <IconEye size={16} /> : <IconEyeOff size={16} />}
                    </RowAction>
                    <EditDeleteActions
                      editTooltip={t('mapEditor:layers.edit')}
                      editLabel={t('mapEditor:layers.editNamed', { name: layer.name })}
                      deleteTooltip={t('mapEditor:layers.delete')}
                      deleteLabel={t('mapEditor:layers.deleteNamed', { name: layer.name })}
                      onEdit={() => {
                        setAdding(false);
                        setEditing(layer);
                      }}
                      onDelete={() => setDoomed(layer)}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <LayerDialog
        layer={editing}
        adding={adding}
        tagSuggestions={tagSuggestions}
        onSave={save}
        onClose={() => {
          setEditing(null);
          setAdding(false);
        }}
      />
      <ConfirmDialog
        opened={doomed !== null}
        title={t('mapEditor:layers.deleteTitle')}
        message={t('mapEditor:layers.deleteMessage', { name: doomed?.name ?? '' })}
        confirmLabel={t('mapEditor:layers.delete')}
        onConfirm={() => {
          if (doomed) onChange(layers.filter((layer) => layer.id !== doomed.id));
          setDoomed(null);
        }}
        onCancel={() => setDoomed(null)}
      />
    </Stack>
  );
}
