import { describe, expect, it } from 'vitest';
import { CONSUMER_LANGUAGES, buildConsumerSnippet, tmqUrl } from './consumerSnippets';

const input = { gatewayUrl: 'https://console.example.com/gw/abc/', token: 'tok en', topic: 'meters_topic', group: 'g1' };

describe('topic consumer snippets', () => {
  it('reach /rest/tmq through the gateway with the token, ws for http and wss for https', () => {
    expect(tmqUrl(input)).toBe('wss://console.example.com/gw/abc/rest/tmq?token=tok%20en');
    expect(tmqUrl({ gatewayUrl: 'http://localhost:8080/gw/x', token: 't' })).toBe('ws://localhost:8080/gw/x/rest/tmq?token=t');
  });

  it('every language subscribes to the topic with the group, polls, fetches and commits', () => {
    for (const lang of CONSUMER_LANGUAGES) {
      const text = buildConsumerSnippet(lang, input);
      expect(text, lang).toContain(tmqUrl(input));
      expect(text, lang).toContain('meters_topic');
      expect(text, lang).toMatch(/g1/);
      for (const action of ['subscribe', 'poll', 'fetch', 'commit']) expect(text, `${lang} ${action}`).toContain(action);
    }
  });
});
