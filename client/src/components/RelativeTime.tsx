import { Text, type TextProps } from '@mantine/core';
import dayjs from 'dayjs';
import 'dayjs/locale/te';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

/** dayjs locales loaded above; any other language reads in English. */
const DAYJS_LOCALES = new Set(['en', 'te']);
const TICK_MS = 30_000;

export interface RelativeTimeProps extends TextProps {
  /** ISO date-time. */
  date: string;
}

/** "a few seconds ago", kept current while shown; the full date is in the title. */
export function RelativeTime({ date, ...textProps }: RelativeTimeProps) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale = DAYJS_LOCALES.has(language) ? language : 'en';
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const moment = dayjs(date).locale(locale);
  // A clock a little behind the server would otherwise read "in a few seconds".
  const relative = moment.isAfter(now) ? dayjs(now).locale(locale).fromNow() : moment.from(now);
  const full = moment.format('LLLL');
  return (
    <Text component="time" dateTime={date} title={full} size="sm" c="dimmed" {...textProps}>
      {relative}
    </Text>
  );
}
