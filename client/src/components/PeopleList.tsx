import { Avatar, Center, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SkeletonRows } from './LoadState';

/** Spec (000 §2, reaction list dialog): rows 64 high in a 300-high virtual list. */
export const PEOPLE_ROW_HEIGHT = 64;
export const PEOPLE_LIST_HEIGHT = 300;
/** Rows drawn beyond the visible ones, so a fast scroll never shows a blank strip. */
const OVERSCAN = 3;

export interface PeopleListPerson {
  id: string;
  displayName: string;
  photoURL: string;
  role: string;
}

export interface PeopleListRow {
  /** Unique within the list. */
  key: string;
  person: PeopleListPerson;
  /** Drawn at the row's end (the reaction list's icon); followers lists have none. */
  trailing?: ReactNode;
}

export interface PeopleListProps {
  rows: readonly PeopleListRow[];
  /** Called when the last rows come into view, to load the next page. */
  onEndReached?: () => void;
  loading?: boolean;
  /** Names the list for assistive technology. */
  label: string;
}

/**
 * People in a fixed-height virtual list: only the rows in view (and a few around them) are in the
 * page, however long the list. Each row shows the photo and name and opens the person's profile.
 * Used by the reaction list dialog and by the followers and following lists.
 */
export function PeopleList({ rows, onEndReached, loading = false, label }: PeopleListProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const visible = Math.ceil(PEOPLE_LIST_HEIGHT / PEOPLE_ROW_HEIGHT);
  const first = Math.max(Math.floor(scrollTop / PEOPLE_ROW_HEIGHT) - OVERSCAN, 0);
  const last = Math.min(first + visible + OVERSCAN * 2, rows.length);
  const totalHeight = rows.length * PEOPLE_ROW_HEIGHT;

  return (
    <div
      role="list"
      aria-label={label}
      aria-busy={loading}
      style={{ height: PEOPLE_LIST_HEIGHT, overflowY: 'auto', position: 'relative' }}
      onScroll={(event) => {
        const top = event.currentTarget.scrollTop;
        setScrollTop(top);
        if (top + PEOPLE_LIST_HEIGHT >= totalHeight - PEOPLE_ROW_HEIGHT * 2) onEndReached?.();
      }}
    >
      <div style={{ height: totalHeight, position: 'relative' }}>
        {rows.slice(first, last).map((row, index) => (
          <div
            role="listitem"
            key={row.key}
            style={{
              position: 'absolute',
              top: (first + index) * PEOPLE_ROW_HEIGHT,
              height: PEOPLE_ROW_HEIGHT,
              left: 0,
              right: 0,
            }}
          >
            <PersonRow row={row} />
          </div>
        ))}
      </div>
      {loading ? (
        <Center py="xs">
          <Loader size="sm" />
        </Center>
      ) : null}
    </div>
  );
}

/** The first page's skeleton: bars where the list's first rows will be. */
export function PeopleListSkeleton({ label }: { label: string }) {
  return <SkeletonRows count={4} height={48} label={label} />;
}

function PersonRow({ row }: { row: PeopleListRow }) {
  const { person } = row;
  return (
    <UnstyledButton
      component={Link}
      to={`/network/${person.id}/info`}
      h="100%"
      w="100%"
      px="sm"
      style={{ display: 'flex', alignItems: 'center' }}
    >
      <Group justify="space-between" wrap="nowrap" w="100%">
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={person.photoURL || null}
            alt=""
            radius={person.role === 'org' ? 'sm' : 'xl'}
            name={person.displayName}
          />
          <Text size="sm" fw={500} lineClamp={1}>
            {person.displayName}
          </Text>
        </Group>
        {row.trailing}
      </Group>
    </UnstyledButton>
  );
}
