import { maskForLog, type Logger } from '../../server/logger.server.ts';
import type { DevInboxEntry, DevSmsProvider, SmsMessage } from './sms.ts';

const MAX_PHONES = 1000;
const MAX_PER_PHONE = 20;

/**
 * Development SMS: nothing is sent. The code goes to an in-memory inbox readable at
 * GET /dev/inbox?phone=; the log says a code was sent (masked phone), never the code.
 */
export function createDevSmsProvider(log: Logger, clock: () => number = () => Math.floor(Date.now() / 1000)): DevSmsProvider {
  const boxes = new Map<string, DevInboxEntry[]>();
  return {
    kind: 'dev',
    async send(message: SmsMessage) {
      const entries = boxes.get(message.phoneKey) ?? [];
      entries.unshift({ code: message.code, purpose: message.purpose, at: clock() });
      entries.length = Math.min(entries.length, MAX_PER_PHONE);
      boxes.delete(message.phoneKey);
      boxes.set(message.phoneKey, entries);
      if (boxes.size > MAX_PHONES) boxes.delete(boxes.keys().next().value!);
      // The code itself stays out of the log (logs are collected and kept): the inbox hands it out.
      log.warn({ devSmsTo: maskForLog(message.national), purpose: message.purpose, inbox: '/sso/dev/inbox' }, 'DEV SMS (not sent)');
    },
    inbox(phoneKey: string) {
      return [...(boxes.get(phoneKey) ?? [])];
    },
  };
}
