import pino from 'pino';
import { getConfig } from './config.server.ts';

// JSON logs; tokens, phones and codes are redacted wherever they appear as fields.
export const logger = pino({
  level: getConfig().LOG_LEVEL,
  base: { service: 'chipedia' },
  redact: {
    paths: ['token', '*.token', 'phone', '*.phone', 'headers["x-token"]', '*.headers["x-token"]', 'smscode', '*.smscode'],
    censor: '[redacted]',
  },
});
export type Logger = pino.Logger;

/** 13812341234 -> 138****1234, for the rare log line that must mention a phone. */
export function maskForLog(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
