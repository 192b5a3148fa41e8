import pino from 'pino';
import { getConfig } from './config.server.ts';

// JSON logs; tokens, phones and codes are redacted wherever they appear as fields.
const { LOG_LEVEL, LOG_FILE } = getConfig();
export const logger = pino(
  {
    level: LOG_LEVEL,
    base: { service: 'chipedia' },
    redact: {
      paths: [
        'token',
        '*.token',
        'phone',
        '*.phone',
        'smscode',
        '*.smscode',
        'ticket',
        '*.ticket',
        'headers["x-token"]',
        '*.headers["x-token"]',
        'headers.authorization',
        '*.headers.authorization',
        'headers.cookie',
        '*.headers.cookie',
      ],
      censor: '[redacted]',
    },
  },
  // Written synchronously: a line is in the file before the answer leaves, even if the process dies.
  LOG_FILE ? pino.destination({ dest: LOG_FILE, append: true, mkdir: true, sync: true }) : undefined,
);
export type Logger = pino.Logger;

/** 13812341234 -> 138****1234, for the rare log line that must mention a phone. */
export function maskForLog(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
