import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '../../../src/lib/i18n/user-agent.ts';

// Issue #32 item 4: the login history names browsers as people do, not as raw user-agent strings.
describe('describeUserAgent', () => {
  it('names real browsers with their major version and system', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'en')).toBe('Chrome 131 · Windows');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86', 'zh')).toBe('Edge 131 · Windows');
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'en')).toBe('Safari 18.1 · macOS');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'en')).toBe('Firefox 133 · Linux');
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.54(0x18003631) NetType/WIFI Language/zh_CN', 'zh')).toBe('WeChat 8.0 · iOS');
    expect(describeUserAgent('Mozilla/5.0 (Linux; Android 14; SM-S9180) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.103 Mobile Safari/537.36', 'en')).toBe('Chrome 130 · Android');
  });

  it('tools by name and version; nothing or gibberish in the reader language', () => {
    expect(describeUserAgent('curl/7.88.1', 'zh')).toBe('curl 7.88');
    expect(describeUserAgent('', 'zh')).toBe('未知浏览器');
    expect(describeUserAgent(null, 'en')).toBe('Unknown browser');
    expect(describeUserAgent('xyz', 'en')).toBe('Other client');
    expect(describeUserAgent('xyz', 'zh')).toBe('其他客户端');
  });
});
