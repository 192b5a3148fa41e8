import type { Logger } from '../../server/logger.server.ts';
import type { DevInboxEntry, DevSmsProvider, SmsMessage } from './sms.ts';

const MAX_PHONES = 1000;
const MAX_PER_PHONE = 20;

/**
 * Development SMS: nothing is sent. The code goes to the log at warn level (the one exception to
 * "never log codes", dev only) and to an in-memory inbox readable at GET /dev/inbox?phone=.
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
      // Field names avoid the logger's redaction of `phone`/`smscode`: this line exists to show them.
      log.warn({ devSmsTo: `+${message.phoneKey}`, devSmsCode: message.code, purpose: message.purpose }, 'DEV SMS (not sent)');
    },
    inbox(phoneKey: string) {
      return [...(boxes.get(phoneKey) ?? [])];
    },
  };
}
