import { describe, expect, it } from 'vitest';
import { loggableQuestion, redact } from '../../../../src/lib/ai/chat/redact.ts';

describe('redact', () => {
  it('hides mainland mobile numbers in every usual spelling', () => {
    expect(redact('联系我 13812345678 谢谢')).toBe('联系我 [phone] 谢谢');
    expect(redact('call +86 138-1234-5678 now')).toBe('call [phone] now');
    expect(redact('电话：138 1234 5678')).toBe('电话：[phone]');
    expect(redact('0086 13912345678')).toBe('[phone]');
    expect(redact('+44 20 7946 0958')).toBe('[phone]');
  });

  it('hides codes and passwords named by a keyword, in Chinese and English', () => {
    expect(redact('验证码 482913 是多少')).toBe('验证码 [code] 是多少');
    expect(redact('我的验证码是4829')).toBe('我的验证码是[code]');
    expect(redact('my code: 4821')).toBe('my code: [code]');
    expect(redact('password=hunter22')).toBe('password=[code]');
  });

  it('hides tokens, keys, JWTs and e-mail addresses', () => {
    expect(redact('Bearer abcdefgh12345678')).toBe('Bearer [token]');
    expect(redact('key sk-proj-ABCDEF1234567890abcdef')).toBe('key [token]');
    expect(redact('x-token: 3f9a0c1d2e3f4a5b')).toBe('x-token: [token]');
    expect(redact('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abcdefghijk')).toBe('[token]');
    expect(redact('0123456789abcdef0123456789abcdef')).toBe('[token]');
    expect(redact('Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdo')).toBe('[token]');
    expect(redact('mail me at li.lei@example.com')).toBe('mail me at [email]');
  });

  it('keeps part numbers, parameter values and packages (they are the question)', () => {
    for (const q of ['3.3V LDO 1A SOT-223 国产', 'what replaces AMS1117-3.3', 'TPS5430 最大输入电压 (page?)', '10000uF 25V', 'STM32F103C8T6 LQFP48', '74HC595D,118', 'RC0603FR-0710KL', 'GRM188R71H104KA93D 100nF 50V X7R']) {
      expect(redact(q)).toBe(q);
    }
  });

  it('cuts long questions for the log line', () => {
    expect(loggableQuestion('电源 '.repeat(300), 10)).toBe('电源 电源 电源 电…');
  });
});
