// The frame of every dialog the graph editor opens: centred, at the maps' dialog width unless its
// content asks for more.
import { Modal, type ModalProps } from '@mantine/core';
import { MAP_DIALOG_WIDTH } from '@rules';

export function EditorModal({ size = MAP_DIALOG_WIDTH, ...props }: ModalProps) {
  return <Modal size={size} centered {...props} />;
}
