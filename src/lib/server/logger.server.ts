import pino from 'pino';
import { getConfig, nodeId } from './config.server.ts';

// JSON logs; tokens, phones, codes, tickets and credential headers are redacted wherever they
// appear as fields. Every line names its node (NODE_ID), so lines of several nodes behind one proxy
// can be told apart and a request followed by its reqId (the proxy's X-Request-Id when it sends
// one) across them.

/** The logger's settings; `createLogger(destination)` lets a test read the lines. */
export function loggerOptions(): pino.LoggerOptions {
  return {
    level: getConfig().LOG_LEVEL,
    base: { service: 'chipedia', node: nodeId() },
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
  };
}

export function createLogger(destination?: pino.DestinationStream): pino.Logger {
  return destination ? pino(loggerOptions(), destination) : pino(loggerOptions());
}

// LOG_FILE: lines go to that file, written synchronously (a line is in the file before the answer
// leaves, even if the process dies); the end-to-end run reads it for leaked secrets.
const { LOG_FILE } = getConfig();
export const logger = createLogger(LOG_FILE ? pino.destination({ dest: LOG_FILE, append: true, mkdir: true, sync: true }) : undefined);
export type Logger = pino.Logger;

/** 13812341234 -> 138****1234, for the rare log line that must mention a phone. */
export function maskForLog(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
