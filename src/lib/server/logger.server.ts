import pino from 'pino';
import { getConfig, nodeId } from './config.server.ts';

// JSON logs; tokens, phones and codes are redacted wherever they appear as fields. Every line
// names its node (NODE_ID), so lines of several nodes behind one proxy can be told apart and a
// request followed by its reqId (the proxy's X-Request-Id when it sends one) across them.

/** The logger's settings; `createLogger(destination)` lets a test read the lines. */
export function loggerOptions(): pino.LoggerOptions {
  return {
    level: getConfig().LOG_LEVEL,
    base: { service: 'chipedia', node: nodeId() },
    redact: {
      paths: ['token', '*.token', 'phone', '*.phone', 'headers["x-token"]', '*.headers["x-token"]', 'smscode', '*.smscode'],
      censor: '[redacted]',
    },
  };
}

export function createLogger(destination?: pino.DestinationStream): pino.Logger {
  return destination ? pino(loggerOptions(), destination) : pino(loggerOptions());
}

export const logger = createLogger();
export type Logger = pino.Logger;

/** 13812341234 -> 138****1234, for the rare log line that must mention a phone. */
export function maskForLog(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
