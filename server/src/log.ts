import { pino, type Logger } from 'pino';

export type Log = Logger;

export const createLog = (level: string): Log =>
  pino({
    level,
    // Secrets never reach the logs, whatever a caller passes along.
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'authorization',
        '*.authorization',
        // AI provider keys (modules/ai), should any caller pass one along.
        'apiKey',
        '*.apiKey',
        'req.headers.cookie',
      ],
      censor: '[redacted]',
    },
  });
