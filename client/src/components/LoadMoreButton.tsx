import { Button, Center } from '@mantine/core';

/** 'Load more' under a list while a next page exists (`cursor` set); `onLoad` gets the cursor. */
export function LoadMoreButton({
  cursor,
  label,
  onLoad,
}: {
  cursor: string | null | undefined;
  label: string;
  onLoad: (after: string) => unknown;
}) {
  if (!cursor) return null;
  return (
    <Center>
      <Button variant="subtle" onClick={() => void onLoad(cursor)}>
        {label}
      </Button>
    </Center>
  );
}
